import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  APPOINTMENT_STATUSES,
  APPOINTMENT_STATUS_LABELS,
  checkStatusChange,
  holdsSlot,
  isAppointmentStatus,
  isTransitionAllowed,
  nextStatusesFor,
} from './appointment-status.ts';
import type { AppointmentStatus } from './appointment-status.ts';
import { ROLES } from './roles.ts';

const START = Date.UTC(2026, 10, 25, 15, 0);
const BEFORE = START - 60_000;
const AFTER = START + 60_000;

describe('appointment statuses', () => {
  it('are the HL7 FHIR codes, with the labels the admin screens show', () => {
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
    expect(APPOINTMENT_STATUS_LABELS.booked).toBe('Confirmed');
    expect(APPOINTMENT_STATUS_LABELS.fulfilled).toBe('Completed');
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
    expect(allowed('pending')).toEqual(['booked', 'cancelled']);
    expect(allowed('booked')).toEqual(['arrived', 'checked-in', 'noshow', 'cancelled']);
    expect(allowed('arrived')).toEqual(['fulfilled', 'noshow', 'cancelled']);
    expect(allowed('checked-in')).toEqual(['fulfilled', 'noshow', 'cancelled']);
    for (const terminal of ['fulfilled', 'noshow', 'cancelled', 'entered-in-error'] as const) {
      expect(allowed(terminal)).toEqual([]);
    }
  });
});

describe('checkStatusChange', () => {
  it('lets staff confirm, check in and complete an appointment once it has started', () => {
    expect(
      checkStatusChange({ from: 'pending', to: 'booked', role: 'staff', startAt: START, now: BEFORE }),
    ).toEqual({
      ok: true,
    });
    expect(
      checkStatusChange({ from: 'booked', to: 'checked-in', role: 'staff', startAt: START, now: BEFORE }).ok,
    ).toBe(true);
    expect(
      checkStatusChange({ from: 'checked-in', to: 'fulfilled', role: 'staff', startAt: START, now: AFTER })
        .ok,
    ).toBe(true);
  });

  it('refuses completed or no-show before the start time', () => {
    for (const to of ['fulfilled', 'noshow'] as const) {
      const from = to === 'noshow' ? 'booked' : 'arrived';
      expect(checkStatusChange({ from, to, role: 'owner', startAt: START, now: BEFORE })).toMatchObject({
        ok: false,
        reason: 'before-start',
      });
      expect(checkStatusChange({ from, to, role: 'owner', startAt: START, now: START }).ok).toBe(true);
    }
  });

  it('keeps entered-in-error for admins and owners', () => {
    for (const role of ROLES) {
      const verdict = checkStatusChange({
        from: 'booked',
        to: 'entered-in-error',
        role,
        startAt: START,
        now: BEFORE,
      });
      expect(verdict.ok, role).toBe(role === 'owner' || role === 'admin');
      if (!verdict.ok) expect(verdict.reason).toBe('role');
    }
  });

  it('asks for a reason to cancel', () => {
    expect(
      checkStatusChange({
        from: 'booked',
        to: 'cancelled',
        role: 'staff',
        startAt: START,
        now: BEFORE,
        reason: ' ',
      }),
    ).toMatchObject({ ok: false, reason: 'reason-required' });
    expect(
      checkStatusChange({
        from: 'booked',
        to: 'cancelled',
        role: 'staff',
        startAt: START,
        now: BEFORE,
        reason: 'Patient called',
      }).ok,
    ).toBe(true);
  });

  it('refuses moves outside the workflow, back to pending, and no-op changes', () => {
    expect(
      checkStatusChange({ from: 'fulfilled', to: 'booked', role: 'owner', startAt: START, now: AFTER }),
    ).toMatchObject({ ok: false, reason: 'not-allowed' });
    expect(
      checkStatusChange({ from: 'booked', to: 'pending', role: 'owner', startAt: START, now: AFTER }),
    ).toMatchObject({
      ok: false,
      reason: 'not-allowed',
    });
    expect(
      checkStatusChange({ from: 'booked', to: 'booked', role: 'owner', startAt: START, now: AFTER }),
    ).toMatchObject({
      ok: false,
      reason: 'unchanged',
    });
  });

  it('never lets anyone leave a terminal status but to entered-in-error (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...APPOINTMENT_STATUSES),
        fc.constantFrom(...APPOINTMENT_STATUSES),
        fc.constantFrom(...ROLES),
        fc.integer({ min: -86_400_000, max: 86_400_000 }),
        (from, to, role, offset) => {
          const verdict = checkStatusChange({
            from,
            to,
            role,
            startAt: START,
            now: START + offset,
            reason: 'r',
          });
          if (['fulfilled', 'noshow', 'cancelled', 'entered-in-error'].includes(from) && verdict.ok) {
            expect(to).toBe('entered-in-error');
          }
          if (verdict.ok) expect(to).not.toBe('pending');
        },
      ),
    );
  });

  it('lists the next statuses a role may pick now', () => {
    expect(nextStatusesFor('booked', 'staff', START, BEFORE)).toEqual(['arrived', 'checked-in', 'cancelled']);
    expect(nextStatusesFor('booked', 'admin', START, AFTER)).toEqual([
      'arrived',
      'checked-in',
      'noshow',
      'cancelled',
      'entered-in-error',
    ]);
    expect(nextStatusesFor('cancelled', 'staff', START, AFTER)).toEqual([]);
  });
});
