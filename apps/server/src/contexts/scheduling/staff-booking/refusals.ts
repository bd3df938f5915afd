/* The front desk's refusals (issue 19): one clear message each, on the field it is about. */
import { DomainError } from '@scheduler/domain/errors';
import {
  OVERRIDE_REASON_REQUIRED_MESSAGE,
  STAFF_PAST_TIME_MESSAGE,
  STAFF_TIME_REFUSAL_MESSAGES,
} from '@scheduler/contract/admin/front-desk';
import type { OverrideRule, StaffTimeRefusal } from '@scheduler/contract/admin/front-desk';

/** 400 on one field. */
export function fieldError(field: string, message: string): DomainError {
  return new DomainError('VALIDATION', message, { fields: [{ path: field, message }] });
}

/** 409: a time staff can never book (working hours, a closed day, time off, another appointment). */
export function timeRefused(reason: StaffTimeRefusal): DomainError {
  return new DomainError(
    reason === 'taken' ? 'SLOT_TAKEN' : 'CONFLICT',
    STAFF_TIME_REFUSAL_MESSAGES[reason],
    {
      field: 'startUtc',
      reason,
    },
  );
}

/** 400 for a time that has passed. */
export function assertNotPast(startMs: number, at: Date): void {
  if (startMs < at.getTime()) throw fieldError('startUtc', STAFF_PAST_TIME_MESSAGE);
}

/** 400 on `overrideReason` when the time overrides a rule that protects patients and no reason was given. */
export function assertOverrideReason(overrides: readonly OverrideRule[], reason: string | undefined): void {
  if (overrides.length > 0 && (reason === undefined || reason.trim() === ''))
    throw new DomainError('VALIDATION', OVERRIDE_REASON_REQUIRED_MESSAGE, {
      fields: [{ path: 'overrideReason', message: OVERRIDE_REASON_REQUIRED_MESSAGE }],
      overrides: [...overrides],
    });
}
