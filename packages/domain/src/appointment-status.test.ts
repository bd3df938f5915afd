import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  APPOINTMENT_STATUSES,
  APPOINTMENT_STATUS_LABELS,
  allowedStatusMoves,
  checkStatusMove,
  holdsSlot,
  isAppointmentDay,
  isAppointmentStatus,
  isTransitionAllowed,
  movesRefusedByTime,
} from './appointment-status.ts';
import type { AppointmentStatus, StatusMoveContext } from './appointment-status.ts';
import { ROLES } from './roles.ts';
import type { Role } from './roles.ts';

const CHICAGO = 'America/Chicago';
const TOKYO = 'Asia/Tokyo';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Monday November 30, 2026, 8:00 AM in Chicago (CST, UTC−6) = 14:00 UTC. */
const START = Date.UTC(2026, 10, 30, 14, 0);
/** That local day in Chicago: [06:00 UTC on the 30th, 06:00 UTC on December 1st). */
const DAY_BEGINS = Date.UTC(2026, 10, 30, 6, 0);
const NEXT_DAY_BEGINS = Date.UTC(2026, 11, 1, 6, 0);

const context = (overrides: Partial<StatusMoveContext> = {}): StatusMoveContext => ({
  status: 'booked',
  startUtcMs: START,
  timeZone: CHICAGO,
  role: 'staff',
  nowMs: START,
  ...overrides,
});

const check = (
  from: AppointmentStatus,
  to: AppointmentStatus,
  nowMs: number,
  role: Role = 'staff',
  extra: Partial<StatusMoveContext> & { reason?: string } = {},
) => checkStatusMove({ ...context({ status: from, nowMs, role }), to, reason: 'Because', ...extra });

describe('appointment statuses', () => {
  it('are the HL7 FHIR codes, with the labels the admin screens and reports show', () => {
    expect(APPOINTMENT_STATUSES).toEqual([
      'pending',
      'booked',
      'arrived',
      'checked-in',
      'fulfilled',
      'noshow',
      'cancelled',
      'entered-in-error',
    ]);
    expect(APPOINTMENT_STATUS_LABELS).toEqual({
      pending: 'Pending',
      booked: 'Confirmed',
      arrived: 'Arrived',
      'checked-in': 'Checked in',
      fulfilled: 'Completed',
      noshow: 'No-show',
      cancelled: 'Cancelled',
      'entered-in-error': 'Entered in error',
    });
    expect(isAppointmentStatus('noshow')).toBe(true);
    expect(isAppointmentStatus('no-show')).toBe(false);
  });

  it('free the time for cancelled, noshow and entered-in-error only', () => {
    expect(APPOINTMENT_STATUSES.filter((status) => !holdsSlot(status))).toEqual([
      'noshow',
      'cancelled',
      'entered-in-error',
    ]);
  });

  it('allow exactly the moves of the workflow', () => {
    const allowed = (from: AppointmentStatus) =>
      APPOINTMENT_STATUSES.filter((to) => to !== 'entered-in-error' && isTransitionAllowed(from, to));
    expect(allowed('pending')).toEqual(['booked', 'arrived', 'checked-in', 'noshow', 'cancelled']);
    expect(allowed('booked')).toEqual(['arrived', 'checked-in', 'noshow', 'cancelled']);
    expect(allowed('arrived')).toEqual(['checked-in', 'fulfilled']);
    expect(allowed('checked-in')).toEqual(['fulfilled']);
    for (const terminal of ['fulfilled', 'noshow', 'cancelled', 'entered-in-error'] as const) {
      expect(allowed(terminal)).toEqual([]);
    }
    for (const from of APPOINTMENT_STATUSES) {
      expect(isTransitionAllowed(from, 'entered-in-error')).toBe(from !== 'entered-in-error');
    }
  });
});

describe('isAppointmentDay (the local day of the location)', () => {
  it('follows the Chicago day, not the UTC one', () => {
    expect(isAppointmentDay(START, CHICAGO, DAY_BEGINS - 1)).toBe(false);
    expect(isAppointmentDay(START, CHICAGO, DAY_BEGINS)).toBe(true);
    // 9:00 PM in Chicago is already December 1st in UTC: still the appointment's day.
    expect(isAppointmentDay(START, CHICAGO, Date.UTC(2026, 11, 1, 3, 0))).toBe(true);
    expect(isAppointmentDay(START, CHICAGO, NEXT_DAY_BEGINS - 1)).toBe(true);
    expect(isAppointmentDay(START, CHICAGO, NEXT_DAY_BEGINS)).toBe(false);
    // In UTC the same instants fall on other days.
    expect(isAppointmentDay(START, 'UTC', DAY_BEGINS - 1)).toBe(true);
    expect(isAppointmentDay(START, 'UTC', Date.UTC(2026, 11, 1, 3, 0))).toBe(false);
  });

  it('spans the 25 hours of the day the clocks fall back (Chicago, November 1, 2026)', () => {
    const start = Date.UTC(2026, 10, 1, 15, 0); // 9:00 AM CST
    expect(isAppointmentDay(start, CHICAGO, Date.UTC(2026, 10, 1, 5, 0) - 1)).toBe(false); // 11:59 PM CDT
    expect(isAppointmentDay(start, CHICAGO, Date.UTC(2026, 10, 1, 5, 0))).toBe(true); // midnight CDT
    expect(isAppointmentDay(start, CHICAGO, Date.UTC(2026, 10, 2, 6, 0) - 1)).toBe(true); // 11:59 PM CST
    expect(isAppointmentDay(start, CHICAGO, Date.UTC(2026, 10, 2, 6, 0))).toBe(false);
  });
});

describe('checkStatusMove', () => {
  it('lets staff confirm, mark arrived, check in and complete an appointment on its day', () => {
    const early = START - 2 * HOUR; // 6:00 AM the same day, before the start
    expect(check('pending', 'booked', START - 10 * DAY)).toEqual({ ok: true });
    expect(check('booked', 'arrived', early)).toEqual({ ok: true });
    expect(check('arrived', 'checked-in', early)).toEqual({ ok: true });
    // Completed needs an arrival, not the start time: a patient seen early may be completed early.
    expect(check('checked-in', 'fulfilled', early)).toEqual({ ok: true });
    expect(check('arrived', 'fulfilled', early)).toEqual({ ok: true });
    // Completing later (paperwork the next week) stays possible.
    expect(check('checked-in', 'fulfilled', START + 7 * DAY)).toEqual({ ok: true });
  });

  it('refuses arrived and checked in on any other local day, with a message naming the day and zone', () => {
    for (const to of ['arrived', 'checked-in'] as const) {
      for (const from of ['pending', 'booked'] as const) {
        for (const nowMs of [START - 3 * DAY, DAY_BEGINS - 1, NEXT_DAY_BEGINS, START + 3 * DAY]) {
          expect(check(from, to, nowMs), `${from} → ${to} at ${new Date(nowMs).toISOString()}`).toEqual({
            ok: false,
            reason: 'not-today',
            message: `${APPOINTMENT_STATUS_LABELS[to]} can only be set on the appointment's day, November 30, 2026 (America/Chicago).`,
          });
        }
        for (const nowMs of [DAY_BEGINS, START, NEXT_DAY_BEGINS - 1]) {
          expect(check(from, to, nowMs).ok, `${from} → ${to} at ${new Date(nowMs).toISOString()}`).toBe(true);
        }
      }
    }
    expect(check('arrived', 'checked-in', NEXT_DAY_BEGINS)).toMatchObject({ ok: false, reason: 'not-today' });
    expect(check('arrived', 'checked-in', NEXT_DAY_BEGINS - 1).ok).toBe(true);
  });

  it('uses the zone of the location: in Tokyo the day starts at 15:00 UTC the evening before', () => {
    const start = Date.UTC(2026, 10, 30, 0, 0); // 9:00 AM JST, Monday November 30 (midnight UTC)
    const tokyo = (nowMs: number) =>
      checkStatusMove({ ...context({ startUtcMs: start, timeZone: TOKYO, nowMs }), to: 'arrived' });
    expect(tokyo(Date.UTC(2026, 10, 29, 15, 0) - 1)).toMatchObject({
      ok: false,
      reason: 'not-today',
      message: "Arrived can only be set on the appointment's day, November 30, 2026 (Asia/Tokyo).",
    });
    expect(tokyo(Date.UTC(2026, 10, 29, 15, 0)).ok).toBe(true);
    expect(tokyo(Date.UTC(2026, 10, 30, 15, 0) - 1).ok).toBe(true);
    expect(tokyo(Date.UTC(2026, 10, 30, 15, 0)).ok).toBe(false);
  });

  it('refuses no-show before the start and allows it from the start on', () => {
    for (const from of ['pending', 'booked'] as const) {
      expect(check(from, 'noshow', START - 1)).toEqual({
        ok: false,
        reason: 'before-start',
        message: "No-show can only be set once the appointment's start time has passed.",
      });
      expect(check(from, 'noshow', START).ok).toBe(true);
      expect(check(from, 'noshow', START + 3 * DAY).ok).toBe(true);
    }
    // Once the patient came, no-show is not a move of the workflow.
    expect(check('arrived', 'noshow', START + HOUR)).toMatchObject({ ok: false, reason: 'not-allowed' });
    expect(check('checked-in', 'noshow', START + HOUR)).toMatchObject({ ok: false, reason: 'not-allowed' });
  });

  it('refuses completed before the patient arrived, whatever the time', () => {
    for (const from of ['pending', 'booked'] as const) {
      for (const nowMs of [START - DAY, START + HOUR, START + 3 * DAY]) {
        expect(check(from, 'fulfilled', nowMs, 'owner')).toEqual({
          ok: false,
          reason: 'not-arrived',
          message:
            'Completed can only be set after the patient has arrived: mark the appointment Arrived or Checked in first.',
        });
      }
    }
  });

  it('cancels before arrival only', () => {
    expect(check('pending', 'cancelled', START + HOUR).ok).toBe(true);
    expect(check('booked', 'cancelled', START - 3 * DAY).ok).toBe(true);
    for (const from of ['arrived', 'checked-in', 'fulfilled'] as const) {
      expect(check(from, 'cancelled', START, 'owner')).toEqual({
        ok: false,
        reason: 'after-arrival',
        message: `An appointment cannot be cancelled once the patient has arrived (it is ${APPOINTMENT_STATUS_LABELS[from]}).`,
      });
    }
    expect(check('noshow', 'cancelled', START + HOUR, 'owner')).toEqual({
      ok: false,
      reason: 'after-arrival',
      message: 'A No-show appointment cannot be cancelled.',
    });
    expect(check('cancelled', 'cancelled', START)).toMatchObject({ ok: false, reason: 'unchanged' });
  });

  it('asks for a reason to cancel', () => {
    expect(check('booked', 'cancelled', START - DAY, 'staff', { reason: ' ' })).toEqual({
      ok: false,
      reason: 'reason-required',
      message: 'Give a reason for the cancellation.',
    });
    expect(check('booked', 'cancelled', START - DAY, 'staff', { reason: 'Patient called' }).ok).toBe(true);
    // Other moves need none.
    expect(check('booked', 'arrived', START, 'staff', { reason: '' }).ok).toBe(true);
  });

  it('keeps entered-in-error for admins and owners, from any status but itself, at any time', () => {
    for (const role of ROLES) {
      for (const from of APPOINTMENT_STATUSES) {
        const verdict = check(from, 'entered-in-error', START + 30 * DAY, role);
        if (from === 'entered-in-error') {
          expect(verdict).toMatchObject({ ok: false, reason: 'unchanged' });
        } else if (role === 'owner' || role === 'admin') {
          expect(verdict, `${role} from ${from}`).toEqual({ ok: true });
        } else {
          expect(verdict, `${role} from ${from}`).toEqual({
            ok: false,
            reason: 'role',
            message: 'Only administrators and owners can mark an appointment as entered in error.',
          });
        }
      }
    }
  });

  it('refuses moves outside the workflow, back to pending, and no-op changes', () => {
    expect(check('fulfilled', 'booked', START, 'owner')).toEqual({
      ok: false,
      reason: 'not-allowed',
      message: 'A Completed appointment cannot be changed to Confirmed.',
    });
    expect(check('booked', 'pending', START, 'owner')).toMatchObject({ ok: false, reason: 'not-allowed' });
    expect(check('checked-in', 'arrived', START, 'owner')).toMatchObject({
      ok: false,
      reason: 'not-allowed',
    });
    expect(check('cancelled', 'booked', START, 'owner')).toMatchObject({ ok: false, reason: 'not-allowed' });
    expect(check('booked', 'booked', START, 'owner')).toEqual({
      ok: false,
      reason: 'unchanged',
      message: 'The appointment is already Confirmed.',
    });
  });

  it('never leaves a final status but to entered-in-error, and never cancels after arrival (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...APPOINTMENT_STATUSES),
        fc.constantFrom(...APPOINTMENT_STATUSES),
        fc.constantFrom(...ROLES),
        fc.integer({ min: -5 * DAY, max: 5 * DAY }),
        fc.constantFrom(CHICAGO, TOKYO, 'UTC', 'Australia/Lord_Howe'),
        (from, to, role, offset, timeZone) => {
          const verdict = check(from, to, START + offset, role, { timeZone });
          if (!verdict.ok) return;
          if (['fulfilled', 'noshow', 'cancelled', 'entered-in-error'].includes(from))
            expect(to).toBe('entered-in-error');
          expect(to).not.toBe('pending');
          if (to === 'cancelled') expect(['pending', 'booked']).toContain(from);
          if (to === 'fulfilled') expect(['arrived', 'checked-in']).toContain(from);
          if (to === 'noshow') expect(offset).toBeGreaterThanOrEqual(0);
          if (to === 'arrived' || to === 'checked-in')
            expect(isAppointmentDay(START, timeZone, START + offset)).toBe(true);
          if (to === 'entered-in-error') expect(['owner', 'admin']).toContain(role);
        },
      ),
    );
  });
});

describe('allowedStatusMoves', () => {
  it('lists what a role may pick now, following the clock', () => {
    // Three days ahead: confirm (from pending) or cancel only; no arrival, no no-show.
    expect(allowedStatusMoves(context({ status: 'pending', nowMs: START - 3 * DAY }))).toEqual([
      'booked',
      'cancelled',
    ]);
    expect(allowedStatusMoves(context({ status: 'booked', nowMs: START - 3 * DAY }))).toEqual(['cancelled']);
    // On the day, before the start.
    expect(allowedStatusMoves(context({ status: 'booked', nowMs: START - HOUR }))).toEqual([
      'arrived',
      'checked-in',
      'cancelled',
    ]);
    // On the day, after the start; admins may also mark it entered in error.
    expect(allowedStatusMoves(context({ status: 'booked', nowMs: START + HOUR, role: 'admin' }))).toEqual([
      'arrived',
      'checked-in',
      'noshow',
      'cancelled',
      'entered-in-error',
    ]);
    // The next day: no-show or cancel.
    expect(allowedStatusMoves(context({ status: 'booked', nowMs: NEXT_DAY_BEGINS }))).toEqual([
      'noshow',
      'cancelled',
    ]);
    expect(allowedStatusMoves(context({ status: 'arrived', nowMs: START }))).toEqual([
      'checked-in',
      'fulfilled',
    ]);
    expect(allowedStatusMoves(context({ status: 'arrived', nowMs: NEXT_DAY_BEGINS }))).toEqual(['fulfilled']);
    expect(allowedStatusMoves(context({ status: 'checked-in', nowMs: START }))).toEqual(['fulfilled']);
    for (const status of ['fulfilled', 'noshow', 'cancelled', 'entered-in-error'] as const) {
      expect(allowedStatusMoves(context({ status, nowMs: START + HOUR }))).toEqual([]);
    }
    expect(allowedStatusMoves(context({ status: 'cancelled', role: 'owner' }))).toEqual(['entered-in-error']);
  });

  it('offers exactly the moves checkStatusMove accepts (with a reason), for every case (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...APPOINTMENT_STATUSES),
        fc.constantFrom(...ROLES),
        fc.integer({ min: -5 * DAY, max: 5 * DAY }),
        fc.constantFrom(CHICAGO, TOKYO, 'UTC'),
        (status, role, offset, timeZone) => {
          const ctx = context({ status, role, timeZone, nowMs: START + offset });
          expect(allowedStatusMoves(ctx)).toEqual(
            APPOINTMENT_STATUSES.filter((to) => checkStatusMove({ ...ctx, to, reason: 'x' }).ok),
          );
        },
      ),
    );
  });
});

describe('movesRefusedByTime', () => {
  it('explains the workflow moves the clock holds back', () => {
    expect(movesRefusedByTime(context({ status: 'booked', nowMs: START - 3 * DAY }))).toEqual([
      {
        to: 'arrived',
        reason: 'not-today',
        message: "Arrived can only be set on the appointment's day, November 30, 2026 (America/Chicago).",
      },
      {
        to: 'checked-in',
        reason: 'not-today',
        message: "Checked in can only be set on the appointment's day, November 30, 2026 (America/Chicago).",
      },
      {
        to: 'noshow',
        reason: 'before-start',
        message: "No-show can only be set once the appointment's start time has passed.",
      },
    ]);
    expect(movesRefusedByTime(context({ status: 'booked', nowMs: START }))).toEqual([]);
    expect(movesRefusedByTime(context({ status: 'fulfilled', nowMs: START - DAY }))).toEqual([]);
  });
});
