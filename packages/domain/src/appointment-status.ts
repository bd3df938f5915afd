/**
 * Appointment statuses (HL7 FHIR Appointment.status codes) and the moves staff may make between
 * them. Pure data and functions, shared by the server (which enforces them) and the admin screens
 * (which offer only the moves that would succeed).
 *
 *  - The system sets `pending` (auto-confirm off) or `booked` (auto-confirm on) when a patient books.
 *  - Staff may set `booked` ("Confirmed"), `arrived`, `checked-in`, `fulfilled` ("Completed"),
 *    `noshow` and `cancelled` (with a reason); `entered-in-error` is for admins and owners only.
 *  - Allowed moves: pending → booked | cancelled; booked → arrived | checked-in | noshow | cancelled;
 *    arrived | checked-in → fulfilled | noshow | cancelled. `entered-in-error` may replace any
 *    status but itself (it marks a record that should never have existed).
 *  - `fulfilled` and `noshow` only once the start time has passed.
 *  - `cancelled`, `noshow` and `entered-in-error` free the provider's time at once.
 */
import type { Role } from './roles.ts';

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

/** What the admin screens call each status. */
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
  pending: ['booked', 'cancelled'],
  booked: ['arrived', 'checked-in', 'noshow', 'cancelled'],
  arrived: ['fulfilled', 'noshow', 'cancelled'],
  'checked-in': ['fulfilled', 'noshow', 'cancelled'],
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

/** Statuses that may only be set once the appointment's start time has passed. */
export const AFTER_START_STATUSES: readonly AppointmentStatus[] = ['fulfilled', 'noshow'];

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

/** Why a status change is refused; `ok` when it may go ahead. */
export type StatusChangeVerdict =
  | { ok: true }
  | {
      ok: false;
      reason: 'unchanged' | 'not-allowed' | 'role' | 'before-start' | 'reason-required';
      message: string;
    };

export interface StatusChangeRequest {
  from: AppointmentStatus;
  to: AppointmentStatus;
  role: Role;
  /** Appointment start, epoch ms. */
  startAt: number;
  /** Now, epoch ms (passed in: domain code never reads the clock). */
  now: number;
  /** The reason given with the change (trimmed; empty counts as none). */
  reason?: string | null | undefined;
}

/** Whether the move itself is in the workflow, ignoring role, time and reason. */
export function isTransitionAllowed(from: AppointmentStatus, to: AppointmentStatus): boolean {
  if (to === 'entered-in-error') return from !== 'entered-in-error';
  return STATUS_TRANSITIONS[from].includes(to);
}

/** Checks every rule of a status change, in the order a user would want to hear about them. */
export function checkStatusChange(request: StatusChangeRequest): StatusChangeVerdict {
  const { from, to, role, startAt, now } = request;
  const fromLabel = APPOINTMENT_STATUS_LABELS[from];
  const toLabel = APPOINTMENT_STATUS_LABELS[to];
  if (from === to) {
    return { ok: false, reason: 'unchanged', message: `The appointment is already ${fromLabel}.` };
  }
  if (to === 'entered-in-error' && !canMarkEnteredInError(role)) {
    return {
      ok: false,
      reason: 'role',
      message: 'Only administrators and owners can mark an appointment as entered in error.',
    };
  }
  if (!STAFF_SETTABLE_STATUSES.includes(to) || !isTransitionAllowed(from, to)) {
    return {
      ok: false,
      reason: 'not-allowed',
      message: `A ${fromLabel} appointment cannot be changed to ${toLabel}.`,
    };
  }
  if (AFTER_START_STATUSES.includes(to) && now < startAt) {
    return {
      ok: false,
      reason: 'before-start',
      message: `An appointment can be marked ${toLabel} only once its start time has passed.`,
    };
  }
  const reason = request.reason?.trim() ?? '';
  if (REASON_REQUIRED_STATUSES.includes(to) && reason === '') {
    return { ok: false, reason: 'reason-required', message: `Give a reason for marking it ${toLabel}.` };
  }
  return { ok: true };
}

/**
 * The statuses this role may move the appointment to right now (reason aside), in the order of
 * APPOINTMENT_STATUSES: what a status menu offers.
 */
export function nextStatusesFor(
  from: AppointmentStatus,
  role: Role,
  startAt: number,
  now: number,
): AppointmentStatus[] {
  return APPOINTMENT_STATUSES.filter(
    (to) => checkStatusChange({ from, to, role, startAt, now, reason: 'x' }).ok,
  );
}
