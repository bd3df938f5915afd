import { insuranceDetailsSchema } from '@scheduler/contract/booking';
import { formatMessage } from '@scheduler/domain/messages';
import * as z from 'zod';
import { shownErrorOf } from '../api/contract';
import { validateInsurance, type InsuranceCarrier } from '../api/insurance';
import type { BookingScope } from '../api/scope';
import type { PatientdetailsState } from '../state/patientdetails-schema';

/** The form's flat values; checked with the domain's insurance schema unless the patient pays themselves. */
export const insuranceFormSchema = z
  .object({
    selfPay: z.boolean(),
    carrierId: z.string(),
    planId: z.string(),
    memberId: z.string(),
    relationship: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.selfPay) return;
    const result = insuranceDetailsSchema.safeParse({ ...values, selfPay: false });
    if (result.success) return;
    for (const issue of result.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });
export type InsuranceFormValues = z.input<typeof insuranceFormSchema>;

/** The policy kept in the booking state (carrier and plan names for the later steps' summary). */
export function policyOf(
  values: InsuranceFormValues,
  paying: boolean,
  carriers: readonly InsuranceCarrier[],
): PatientdetailsState['insurancePolicy'] {
  if (paying) return { selfPay: true };
  const chosenCarrier = carriers.find((candidate) => candidate.carrierId === values.carrierId);
  const chosenPlan = chosenCarrier?.plans.find((plan) => plan.planId === values.planId);
  return {
    selfPay: false,
    carrierId: values.carrierId,
    planId: values.planId,
    memberId: values.memberId.trim(),
    relationship: values.relationship,
    carrierName: chosenCarrier?.name ?? '',
    planName: chosenPlan?.name ?? '',
  };
}

/**
 * Asks the server whether the plan (or self-pay) is in network with the provider (insurance setting
 * 1): null when it is, else the message to show (`notInNetwork`: a refusal rather than a failure).
 */
export async function refusalFor(
  scope: Pick<BookingScope, 'clientName' | 'scheduler'>,
  providerId: string,
  planId: string | null,
  selfPay: boolean,
): Promise<{ message: string; notInNetwork: boolean } | null> {
  try {
    const check = await validateInsurance(scope, { providerId, planId, selfPay });
    if (check.inNetwork) return null;
    return { message: check.message ?? formatMessage('INSURANCE_NOT_IN_NETWORK'), notInNetwork: true };
  } catch (error) {
    return { message: shownErrorOf(error).message, notInNetwork: false };
  }
}
