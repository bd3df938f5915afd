/**
 * How the patient will pay, asked on the landing (issue 16 "Payment and network up front"): a plan,
 * self-pay (offered when insurance 3 is Yes) or no insurance (always allowed). Kept in the servicetype
 * slice's `insurance` record, which find-appointment already reads as its plan filter (`planId`), so a
 * plan chosen here shows only providers in network with it.
 */
import type { ServerRecord } from '../../../lib/entity-schemas';
import type { InsurancePolicy } from '../lib/flow-state';

export type PaymentKind = 'plan' | 'selfPay' | 'none';

export type PaymentChoice =
  { kind: 'plan'; planId: string; carrierId: string; name: string } | { kind: 'selfPay' } | { kind: 'none' };

type Loose = ServerRecord | null | undefined;

function text(record: Loose, key: string): string | null {
  const value = record?.[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The stored choice (null: not asked yet or left open). A plan filter set at find-appointment reads as a plan. */
export function readPaymentChoice(record: Loose): PaymentChoice | null {
  if (!record) return null;
  const planId = text(record, 'planId');
  if (planId)
    return {
      kind: 'plan',
      planId,
      carrierId: text(record, 'carrierId') ?? '',
      name: text(record, 'name') ?? '',
    };
  if (record.payment === 'selfPay') return { kind: 'selfPay' };
  if (record.payment === 'none') return { kind: 'none' };
  return null;
}

/** The record kept in `servicetype.insurance` (the plan fields are find-appointment's filter). */
export function paymentRecord(choice: PaymentChoice | null): ServerRecord | null {
  if (choice === null) return null;
  if (choice.kind === 'plan')
    return { payment: 'plan', planId: choice.planId, carrierId: choice.carrierId, name: choice.name };
  return { payment: choice.kind };
}

/**
 * Whether the policy given at the insurance step still matches the landing's choice (else the step
 * asks again): the same plan, or self-pay for self-pay. No choice keeps whatever was given.
 */
export function policyMatches(policy: InsurancePolicy | null, choice: PaymentChoice | null): boolean {
  if (policy === null || choice === null) return true;
  if (choice.kind === 'plan') return !policy.selfPay && policy.planId === choice.planId;
  if (choice.kind === 'selfPay') return policy.selfPay;
  return false;
}

export interface PlanOption {
  planId: string;
  carrierId: string;
  name: string;
  carrierName: string;
}

/** The plans whose name or carrier contains every word of `search` (case-insensitive). */
export function plansMatching<T extends PlanOption>(plans: readonly T[], search: string): T[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...plans];
  return plans.filter((plan) => {
    const haystack = `${plan.name} ${plan.carrierName}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
