import { insuranceDetailsSchema, type InsuranceDetailsInput } from '@scheduler/contract/booking';
import * as z from 'zod';
import { i18n } from '../../../i18n/catalogs';
import { isApiError } from '../../../lib/api-client';
import { shownErrorOf } from '../api/contract';
import { postInsurance, type PostInsuranceAnswer } from '../api/insurance';
import type { BookingScope } from '../api/scope';
import type { PaymentChoice } from '../landing/payment-choice';
import type { InsurancePolicy } from '../lib/flow-state';
import { translateKnown } from '../../../lib/error-texts';
import type { PatientdetailsState } from '../state/patientdetails-schema';

/**
 * The form's flat values: how the patient pays ('insurance', 'self' when insurance 3 is Yes, 'none':
 * no insurance given, always allowed), and the policy checked with the contract's insurance schema
 * when paying with insurance.
 */
export const insuranceFormSchema = z
  .object({
    payment: z.enum(['insurance', 'self', 'none']),
    carrierId: z.string(),
    planId: z.string(),
    memberId: z.string(),
    relationship: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.payment !== 'insurance') return;
    const { payment: _payment, ...policy } = values;
    const result = insuranceDetailsSchema.safeParse({ ...policy, selfPay: false });
    if (result.success) return;
    for (const issue of result.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });
export type InsuranceFormValues = z.input<typeof insuranceFormSchema>;
export type PaymentAnswer = InsuranceFormValues['payment'];

/** The form's first values: the policy given before, else the landing's answer (insurance when none). */
export function defaultValuesOf(
  stored: InsurancePolicy | null,
  landing: PaymentChoice | null,
): InsuranceFormValues {
  const landingPlan = landing?.kind === 'plan' ? landing : null;
  const storedPlan = stored && !stored.selfPay ? stored : null;
  const payment: PaymentAnswer = stored?.selfPay
    ? 'self'
    : storedPlan || landingPlan || landing === null
      ? 'insurance'
      : landing.kind === 'selfPay'
        ? 'self'
        : 'none';
  return {
    payment,
    carrierId: storedPlan?.carrierId ?? landingPlan?.carrierId ?? '',
    planId: storedPlan?.planId ?? landingPlan?.planId ?? '',
    memberId: storedPlan?.memberId ?? '',
    relationship: storedPlan?.relationship ?? '',
  };
}

/** The body's `insurance` for the form's answer (null: no insurance given). */
export function insuranceOf(
  values: InsuranceFormValues,
  payment: PaymentAnswer,
): InsuranceDetailsInput | null {
  if (payment === 'none') return null;
  if (payment === 'self') return { selfPay: true };
  return {
    selfPay: false,
    carrierId: values.carrierId,
    planId: values.planId,
    memberId: values.memberId,
    relationship: values.relationship as Extract<InsuranceDetailsInput, { selfPay: false }>['relationship'],
  };
}

/** The policy kept in the booking state from the server's normalized answer (null: none given). */
export function policyOf(answer: PostInsuranceAnswer): PatientdetailsState['insurancePolicy'] {
  const policy = answer.policy;
  if (policy === null) return null;
  if (policy.selfPay) return { selfPay: true };
  return {
    selfPay: false,
    carrierId: policy.carrierId,
    planId: policy.planId,
    memberId: policy.memberId,
    relationship: policy.relationship,
    carrierName: policy.carrierName,
    planName: policy.planName,
  };
}

/** `details.field` of an API error (NOT_FOUND names the field this way). */
function detailsFieldOf(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const details: unknown = error.body.error.details;
  if (typeof details !== 'object' || details === null) return null;
  const field = (details as Record<string, unknown>).field;
  return typeof field === 'string' ? field : null;
}

/** The form field of a server field path ('insurance.memberId' → 'memberId'), if it is one. */
export function formFieldOf(path: string): keyof InsuranceFormValues | null {
  const field = path.replace(/^insurance\./, '');
  if (field === 'selfPay') return 'payment';
  return field === 'carrierId' || field === 'planId' || field === 'memberId' || field === 'relationship'
    ? field
    : null;
}

export type InsuranceOutcome =
  | { kind: 'accepted'; policy: PatientdetailsState['insurancePolicy'] }
  /** `notInNetwork`: the spec's refusal (insurance 1) rather than a failure. */
  | { kind: 'refused'; message: string; notInNetwork: boolean }
  | { kind: 'invalid'; fields: { field: keyof InsuranceFormValues; message: string }[]; message: string };

/**
 * POST insurance/postInsurance with the step's answer: the normalized policy to keep, the spec's
 * not-in-network refusal (the safety net when the plan was not chosen up front), or what to fix.
 */
export async function submitInsurance(
  scope: Pick<BookingScope, 'clientName' | 'scheduler'>,
  providerId: string | null,
  insurance: InsuranceDetailsInput | null,
): Promise<InsuranceOutcome> {
  try {
    const answer = await postInsurance(scope, { providerId, insurance });
    // The spec's not-in-network text, in the patient's language.
    if (answer.message !== null)
      return { kind: 'refused', message: translateKnown(i18n, answer.message), notInNetwork: true };
    return { kind: 'accepted', policy: policyOf(answer) };
  } catch (error) {
    const shown = shownErrorOf(error);
    const fields = shown.fields.flatMap(({ path, message }) => {
      const field = formFieldOf(path);
      return field ? [{ field, message }] : [];
    });
    // An unknown or deactivated plan (404 on `insurance.planId`): choose another one.
    const notFoundField = shown.code === 'NOT_FOUND' ? formFieldOf(detailsFieldOf(error) ?? '') : null;
    if (notFoundField === 'planId' || notFoundField === 'carrierId')
      return {
        kind: 'invalid',
        fields: [{ field: 'planId', message: shown.message }],
        message: shown.message,
      };
    if (fields.length > 0) return { kind: 'invalid', fields, message: shown.message };
    return { kind: 'refused', message: shown.message, notInNetwork: false };
  }
}
