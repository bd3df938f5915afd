/**
 * Appointment statuses (HL7 FHIR Appointment.status codes) and the moves staff may make between
 * them. Pure data and functions, shared by the server (which enforces them) and the admin screens
 * (which offer only the moves that would succeed). The clock is passed in: nothing here reads it.
 *
 *  - The system sets `pending` (auto-confirm off) or `booked` ("Confirmed", auto-confirm on) when a
 *    patient books; only the system sets `pending`.
 *  - The workflow: pending → booked → arrived → checked-in → fulfilled ("Completed"); a pending
 *    appointment may skip confirmation (the patient walks in). Before arrival an appointment may
 *    also become `noshow` ("No-show") or `cancelled` (with a reason).
 *  - `arrived` and `checked-in` only on the appointment's local day (its location's time zone).
 *  - `noshow` only once the start time has passed.
 *  - `fulfilled` only after arrival (from `arrived` or `checked-in`), whatever the time.
 *  - `cancelled` not after arrival (never from arrived, checked-in, fulfilled or noshow).
 *  - `entered-in-error` may replace any status but itself (it marks a record that should never
 *    have existed), by owners and admins only.
 *  - `cancelled`, `noshow` and `entered-in-error` free the provider's time at once.
 */
import { LONG_DATE_FORMAT, formatLocalDate } from './dates.ts';
import type { Role } from './roles.ts';
import { localDateOf } from './time-zone.ts';

export const APPOINTMENT_STATUSES = [
  'pending',
  'booked',
  'arrived',
  'checked-in',
  'fulfilled',
  'noshow',
  'cancelled',
  'entered-in-error',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** What the admin screens and reports call each status. */
export const APPOINTMENT_STATUS_LABELS: Readonly<Record<AppointmentStatus, string>> = {
  pending: 'Pending',
  booked: 'Confirmed',
  arrived: 'Arrived',
  'checked-in': 'Checked in',
  fulfilled: 'Completed',
  noshow: 'No-show',
  cancelled: 'Cancelled',
  'entered-in-error': 'Entered in error',
};

/** Statuses whose time stays reserved (the appointment holds its slot units). */
export const SLOT_HOLDING_STATUSES: readonly AppointmentStatus[] = [
  'pending',
  'booked',
  'arrived',
  'checked-in',
  'fulfilled',
];

/** The moves of the workflow (entered-in-error aside, see `canMarkEnteredInError`). */
export const STATUS_TRANSITIONS: Readonly<Record<AppointmentStatus, readonly AppointmentStatus[]>> = {
  pending: ['booked', 'arrived', 'checked-in', 'noshow', 'cancelled'],
  booked: ['arrived', 'checked-in', 'noshow', 'cancelled'],
  arrived: ['checked-in', 'fulfilled'],
  'checked-in': ['fulfilled'],
  fulfilled: [],
  noshow: [],
  cancelled: [],
  'entered-in-error': [],
};

/** Statuses a staff member may ask for (never `pending`: only the system sets it). */
export const STAFF_SETTABLE_STATUSES: readonly AppointmentStatus[] = [
  'booked',
  'arrived',
  'checked-in',
  'fulfilled',
  'noshow',
  'cancelled',
  'entered-in-error',
];

/** Statuses that mean the patient is (or was) there. */
export const ARRIVED_STATUSES: readonly AppointmentStatus[] = ['arrived', 'checked-in'];

/** Statuses that may only be set on the appointment's local day (its location's zone). */
export const SAME_DAY_STATUSES: readonly AppointmentStatus[] = ['arrived', 'checked-in'];

/** Statuses that may only be set once the appointment's start time has passed. */
export const AFTER_START_STATUSES: readonly AppointmentStatus[] = ['noshow'];

/** Statuses from which an appointment can no longer be cancelled: the patient came (or did not). */
export const NOT_CANCELLABLE_STATUSES: readonly AppointmentStatus[] = [
  'arrived',
  'checked-in',
  'fulfilled',
  'noshow',
];

/** Statuses whose change must say why. */
export const REASON_REQUIRED_STATUSES: readonly AppointmentStatus[] = ['cancelled'];

/** Roles that may mark an appointment entered-in-error. */
export const ENTERED_IN_ERROR_ROLES: readonly Role[] = ['owner', 'admin'];

export const STATUS_REASON_MAX_LENGTH = 500;

export function isAppointmentStatus(value: unknown): value is AppointmentStatus {
  return typeof value === 'string' && (APPOINTMENT_STATUSES as readonly string[]).includes(value);
}

export function holdsSlot(status: AppointmentStatus): boolean {
  return SLOT_HOLDING_STATUSES.includes(status);
}

export function canMarkEnteredInError(role: Role): boolean {
  return ENTERED_IN_ERROR_ROLES.includes(role);
}

/** Whether the move itself is in the workflow, ignoring role, time and reason. */
export function isTransitionAllowed(from: AppointmentStatus, to: AppointmentStatus): boolean {
  if (to === 'entered-in-error') return from !== 'entered-in-error';
  return STATUS_TRANSITIONS[from].includes(to);
}

/** The appointment and the user as a status move sees them. */
export interface StatusMoveContext {
  /** The appointment's status now. */
  status: AppointmentStatus;
  /** The appointment's start, epoch ms. */
  startUtcMs: number;
  /** The IANA zone of the appointment's location: its "day" is a local day there. */
  timeZone: string;
  /** The role of the user asking. */
  role: Role;
  /** Now, epoch ms (passed in: domain code never reads the clock). */
  nowMs: number;
}

export interface StatusMoveRequest extends StatusMoveContext {
  to: AppointmentStatus;
  /** The reason given with the change (trimmed; empty counts as none). */
  reason?: string | null | undefined;
}

/** Why a status move is refused. */
export type StatusMoveRefusal =
  /** The appointment already has that status. */
  | 'unchanged'
  /** Entered-in-error by a role other than owner or admin. */
  | 'role'
  /** Not a move of the workflow (e.g. out of a final status, or back to pending). */
  | 'not-allowed'
  /** Completed before the patient arrived. */
  | 'not-arrived'
  /** Cancelled after the patient arrived (or the visit ended). */
  | 'after-arrival'
  /** Arrived or checked in on another day than the appointment's. */
  | 'not-today'
  /** No-show before the start time. */
  | 'before-start'
  /** Cancelled without a reason. */
  | 'reason-required';

export type StatusMoveVerdict = { ok: true } | { ok: false; reason: StatusMoveRefusal; message: string };

/** Whether `nowMs` falls on the appointment's local day in `timeZone`. */
export function isAppointmentDay(startUtcMs: number, timeZone: string, nowMs: number): boolean {
  return localDateOf(startUtcMs, timeZone) === localDateOf(nowMs, timeZone);
}

const refuse = (reason: StatusMoveRefusal, message: string): StatusMoveVerdict => ({
  ok: false,
  reason,
  message,
});

/** Every rule of a status move except the reason, in the order a user would want to hear about them. */
function checkMoveIgnoringReason(request: StatusMoveRequest): StatusMoveVerdict {
  const { status: from, to, role, startUtcMs, timeZone, nowMs } = request;
  const fromLabel = APPOINTMENT_STATUS_LABELS[from];
  const toLabel = APPOINTMENT_STATUS_LABELS[to];
  if (from === to) return refuse('unchanged', `The appointment is already ${fromLabel}.`);
  if (to === 'entered-in-error') {
    if (!canMarkEnteredInError(role)) {
      return refuse('role', 'Only administrators and owners can mark an appointment as entered in error.');
    }
    return isTransitionAllowed(from, to)
      ? { ok: true }
      : refuse('not-allowed', `A ${fromLabel} appointment cannot be changed to ${toLabel}.`);
  }
  if (to === 'fulfilled' && (from === 'pending' || from === 'booked')) {
    return refuse(
      'not-arrived',
      `${toLabel} can only be set after the patient has arrived: mark the appointment Arrived or Checked in first.`,
    );
  }
  if (to === 'cancelled' && NOT_CANCELLABLE_STATUSES.includes(from)) {
    return refuse(
      'after-arrival',
      from === 'noshow'
        ? 'A No-show appointment cannot be cancelled.'
        : `An appointment cannot be cancelled once the patient has arrived (it is ${fromLabel}).`,
    );
  }
  if (!STAFF_SETTABLE_STATUSES.includes(to) || !isTransitionAllowed(from, to)) {
    return refuse('not-allowed', `A ${fromLabel} appointment cannot be changed to ${toLabel}.`);
  }
  if (SAME_DAY_STATUSES.includes(to) && !isAppointmentDay(startUtcMs, timeZone, nowMs)) {
    const day = formatLocalDate(localDateOf(startUtcMs, timeZone), LONG_DATE_FORMAT);
    return refuse('not-today', `${toLabel} can only be set on the appointment's day, ${day} (${timeZone}).`);
  }
  if (AFTER_START_STATUSES.includes(to) && nowMs < startUtcMs) {
    return refuse('before-start', `${toLabel} can only be set once the appointment's start time has passed.`);
  }
  return { ok: true };
}

/**
 * Checks every rule of a status move: `{ ok: true }`, or the reason code and a message that names
 * why (what the server answers and the screens show).
 */
export function checkStatusMove(request: StatusMoveRequest): StatusMoveVerdict {
  const verdict = checkMoveIgnoringReason(request);
  if (!verdict.ok) return verdict;
  const reason = request.reason?.trim() ?? '';
  if (REASON_REQUIRED_STATUSES.includes(request.to) && reason === '') {
    return refuse(
      'reason-required',
      request.to === 'cancelled'
        ? 'Give a reason for the cancellation.'
        : `Give a reason for marking it ${APPOINTMENT_STATUS_LABELS[request.to]}.`,
    );
  }
  return { ok: true };
}

/**
 * The statuses this role may move the appointment to right now (a reason aside), in the order of
 * APPOINTMENT_STATUSES: what a status menu offers.
 */
export function allowedStatusMoves(context: StatusMoveContext): AppointmentStatus[] {
  return APPOINTMENT_STATUSES.filter((to) => checkMoveIgnoringReason({ ...context, to }).ok);
}

/**
 * The moves of the workflow from this status that the clock alone refuses now (arrived before
 * the appointment's day, no-show before its start …), with why: what a screen may explain next
 * to the moves it offers.
 */
export function movesRefusedByTime(
  context: StatusMoveContext,
): { to: AppointmentStatus; reason: 'not-today' | 'before-start'; message: string }[] {
  const refused: { to: AppointmentStatus; reason: 'not-today' | 'before-start'; message: string }[] = [];
  for (const to of STATUS_TRANSITIONS[context.status]) {
    const verdict = checkMoveIgnoringReason({ ...context, to });
    if (!verdict.ok && (verdict.reason === 'not-today' || verdict.reason === 'before-start'))
      refused.push({ to, reason: verdict.reason, message: verdict.message });
  }
  return refused;
}
