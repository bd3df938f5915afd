import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  allowedStatusMoves,
  checkStatusMove,
  movesRefusedByTime,
  REASON_REQUIRED_STATUSES,
  STATUS_REASON_MAX_LENGTH,
  type AppointmentStatus,
} from '@scheduler/domain/appointment-status';
import type { Role } from '@scheduler/domain/roles';
import { i18n } from '../../../i18n/catalogs';
import { statusRefusalText } from './status-refusals';

export interface StatusChoiceInput {
  from: AppointmentStatus;
  /** Null: the user's role is unknown (no controls). */
  role: Role | null;
  /** Whether the user may change patient data at all (patients:write). */
  canWrite: boolean;
  startUtc: string;
  /** The IANA zone of the appointment's location (arrived and checked in only on its local day there). */
  timeZone: string;
  now: number;
  /**
   * What the server says this user may set now (getAppointmentDetails.allowedStatuses); undefined
   * where the screen has no server answer (the schedule's popover): the domain's rules alone.
   */
  serverAllowed?: readonly AppointmentStatus[] | undefined;
}

/**
 * The statuses a status control offers: the moves of the workflow that this role may make now
 * (appointment-status.ts), and that the server agrees to. A user without patients:write gets none.
 */
export function statusChoices(input: StatusChoiceInput): AppointmentStatus[] {
  if (!input.canWrite || input.role === null) return [];
  const allowed = allowedStatusMoves({
    status: input.from,
    startUtcMs: Date.parse(input.startUtc),
    timeZone: input.timeZone,
    role: input.role,
    nowMs: input.now,
  });
  if (input.serverAllowed === undefined) return allowed;
  const server = new Set(input.serverAllowed);
  return allowed.filter((status) => server.has(status));
}

/**
 * Why the next steps of the workflow are not offered yet (or any more): "Arrived can only be set on
 * the appointment's day, …", "No-show can only be set once …". Empty for a user who may not write.
 */
export function statusChoiceHints(input: StatusChoiceInput): string[] {
  if (!input.canWrite || input.role === null) return [];
  return movesRefusedByTime({
    status: input.from,
    startUtcMs: Date.parse(input.startUtc),
    timeZone: input.timeZone,
    role: input.role,
    nowMs: input.now,
  }).map((refusal) =>
    statusRefusalText(refusal.reason, {
      from: input.from,
      to: refusal.to,
      startUtcMs: Date.parse(input.startUtc),
      timeZone: input.timeZone,
    }),
  );
}

/** What a button that moves an appointment to each status says. */
export const STATUS_ACTION_LABELS: Readonly<Record<AppointmentStatus, MessageDescriptor>> = {
  pending: msg`Mark pending`,
  booked: msg`Confirm`,
  arrived: msg`Mark arrived`,
  'checked-in': msg`Check in`,
  fulfilled: msg`Complete`,
  noshow: msg`Mark no-show`,
  cancelled: msg`Cancel appointment`,
  'entered-in-error': msg`Mark entered in error`,
};

export function reasonRequired(status: AppointmentStatus | ''): boolean {
  return status !== '' && REASON_REQUIRED_STATUSES.includes(status);
}

export interface StatusFormErrors {
  status?: string;
  reason?: string;
}

/** Inline validation of a status change (the same rules the server applies). */
export function validateStatusChange(input: {
  from: AppointmentStatus;
  to: AppointmentStatus | '';
  role: Role;
  startUtc: string;
  timeZone: string;
  now: number;
  reason: string;
}): StatusFormErrors {
  if (input.to === '') return { status: i18n._(msg`Choose the new status`) };
  if (input.reason.trim().length > STATUS_REASON_MAX_LENGTH) {
    const max = STATUS_REASON_MAX_LENGTH;
    return { reason: i18n._(msg`Keep the reason to ${max} characters or fewer`) };
  }
  const verdict = checkStatusMove({
    status: input.from,
    to: input.to,
    role: input.role,
    startUtcMs: Date.parse(input.startUtc),
    timeZone: input.timeZone,
    nowMs: input.now,
    reason: input.reason,
  });
  if (verdict.ok) return {};
  const message = statusRefusalText(verdict.reason, {
    from: input.from,
    to: input.to,
    startUtcMs: Date.parse(input.startUtc),
    timeZone: input.timeZone,
  });
  if (verdict.reason === 'reason-required') return { reason: message.replace(/\.$/, '') };
  return { status: message };
}
