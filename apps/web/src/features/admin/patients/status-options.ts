import {
  APPOINTMENT_STATUS_LABELS,
  checkStatusChange,
  nextStatusesFor,
  REASON_REQUIRED_STATUSES,
  STATUS_REASON_MAX_LENGTH,
  type AppointmentStatus,
} from '@scheduler/domain/appointment-status';
import type { Role } from '@scheduler/domain/roles';

export interface StatusChoiceInput {
  from: AppointmentStatus;
  /** Null: the user's role is unknown (no controls). */
  role: Role | null;
  /** Whether the user may change patient data at all (patients:write). */
  canWrite: boolean;
  startUtc: string;
  now: number;
  /** What the server says this user may set now (getAppointmentDetails.allowedStatuses). */
  serverAllowed: readonly AppointmentStatus[];
}

/**
 * The statuses the status control offers: the moves of the workflow that this role may make now
 * (appointment-status.ts), and that the server agrees to. A user without patients:write gets none.
 */
export function statusChoices(input: StatusChoiceInput): AppointmentStatus[] {
  if (!input.canWrite || input.role === null) return [];
  const startAt = Date.parse(input.startUtc);
  const server = new Set(input.serverAllowed);
  return nextStatusesFor(input.from, input.role, startAt, input.now).filter((status) => server.has(status));
}

export function reasonRequired(status: AppointmentStatus | ''): boolean {
  return status !== '' && REASON_REQUIRED_STATUSES.includes(status);
}

export interface StatusFormErrors {
  status?: string;
  reason?: string;
}

/** Inline validation of the status form (the same rules the server applies). */
export function validateStatusChange(input: {
  from: AppointmentStatus;
  to: AppointmentStatus | '';
  role: Role;
  startUtc: string;
  now: number;
  reason: string;
}): StatusFormErrors {
  if (input.to === '') return { status: 'Choose the new status' };
  if (input.reason.trim().length > STATUS_REASON_MAX_LENGTH) {
    return { reason: `Keep the reason to ${STATUS_REASON_MAX_LENGTH} characters or fewer` };
  }
  const verdict = checkStatusChange({
    from: input.from,
    to: input.to,
    role: input.role,
    startAt: Date.parse(input.startUtc),
    now: input.now,
    reason: input.reason,
  });
  if (verdict.ok) return {};
  if (verdict.reason === 'reason-required') {
    return {
      reason:
        input.to === 'cancelled'
          ? 'Give a reason for the cancellation'
          : `Give a reason for marking it ${APPOINTMENT_STATUS_LABELS[input.to]}`,
    };
  }
  return { status: verdict.message };
}
