import { DomainError } from '@scheduler/domain/errors';
import { SELF_PAY_NOT_OFFERED_MESSAGE } from '@scheduler/domain/messages';
import type { SchedulerSettings } from '@scheduler/domain/settings';

/** Insurance 3: self-pay is a choice only when the scheduler offers it (the insurance step, the booking). */
export function assertSelfPayOffered(settings: Pick<SchedulerSettings, 'selfPayCheck'>, field: string): void {
  if (!settings.selfPayCheck)
    throw new DomainError('VALIDATION', SELF_PAY_NOT_OFFERED_MESSAGE, {
      fields: [{ path: field, message: SELF_PAY_NOT_OFFERED_MESSAGE }],
    });
}
