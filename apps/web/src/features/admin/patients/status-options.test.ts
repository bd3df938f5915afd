import { describe, expect, it } from 'vitest';
import { statusChoiceHints, statusChoices, validateStatusChange } from './status-options';

const ZONE = 'America/New_York';
/** Tuesday March 10, 2026, 11:00 AM in New York (EDT). */
const NOW = Date.parse('2026-03-10T15:00:00Z');
const FUTURE = '2026-03-12T15:00:00.000Z';
const LATER_TODAY = '2026-03-10T17:00:00.000Z';
const PAST = '2026-03-09T15:00:00.000Z';
const EVERYTHING = [
  'booked',
  'arrived',
  'checked-in',
  'fulfilled',
  'noshow',
  'cancelled',
  'entered-in-error',
] as const;
const base = { canWrite: true, timeZone: ZONE, now: NOW, serverAllowed: EVERYTHING };

describe('status choices', () => {
  it('offers staff only cancel for a confirmed appointment two days away, and says why', () => {
    const input = { ...base, from: 'booked' as const, role: 'staff' as const, startUtc: FUTURE };
    expect(statusChoices(input)).toEqual(['cancelled']);
    expect(statusChoiceHints(input)).toEqual([
      "Arrived can only be set on the appointment's day, March 12, 2026 (America/New_York).",
      "Checked in can only be set on the appointment's day, March 12, 2026 (America/New_York).",
      "No-show can only be set once the appointment's start time has passed.",
    ]);
  });

  it('offers arrived and checked in on the day, in the location zone', () => {
    expect(statusChoices({ ...base, from: 'booked', role: 'staff', startUtc: LATER_TODAY })).toEqual([
      'arrived',
      'checked-in',
      'cancelled',
    ]);
    // 10:00 PM in New York is the 11th in UTC, but still the 10th at the practice.
    expect(
      statusChoices({ ...base, from: 'booked', role: 'staff', startUtc: '2026-03-11T02:00:00.000Z' }),
    ).toEqual(['arrived', 'checked-in', 'cancelled']);
    expect(
      statusChoices({
        ...base,
        from: 'booked',
        role: 'staff',
        startUtc: '2026-03-11T02:00:00.000Z',
        timeZone: 'UTC',
      }),
    ).toEqual(['cancelled']);
  });

  it('offers completed after arrival, and no-show (not cancel) once a confirmed start has passed', () => {
    expect(statusChoices({ ...base, from: 'arrived', role: 'staff', startUtc: PAST })).toEqual(['fulfilled']);
    expect(statusChoices({ ...base, from: 'booked', role: 'staff', startUtc: PAST })).toEqual([
      'noshow',
      'cancelled',
    ]);
    expect(statusChoices({ ...base, from: 'checked-in', role: 'staff', startUtc: LATER_TODAY })).toEqual([
      'fulfilled',
    ]);
  });

  it('lets admins and owners mark entered-in-error', () => {
    expect(statusChoices({ ...base, from: 'pending', role: 'admin', startUtc: FUTURE })).toEqual([
      'booked',
      'cancelled',
      'entered-in-error',
    ]);
  });

  it('offers nothing without patients:write or a role, and nothing the server refuses', () => {
    const common = { ...base, from: 'booked' as const, startUtc: LATER_TODAY };
    expect(statusChoices({ ...common, role: 'viewer', canWrite: false })).toEqual([]);
    expect(statusChoiceHints({ ...common, role: 'viewer', canWrite: false })).toEqual([]);
    expect(statusChoices({ ...common, role: null })).toEqual([]);
    expect(statusChoices({ ...common, role: 'staff', serverAllowed: ['cancelled'] })).toEqual(['cancelled']);
    // Without a server answer (the schedule's popover) the domain's rules alone decide.
    expect(statusChoices({ ...common, role: 'staff', serverAllowed: undefined })).toEqual([
      'arrived',
      'checked-in',
      'cancelled',
    ]);
  });
});

describe('status form validation', () => {
  const form = {
    from: 'booked' as const,
    role: 'staff' as const,
    startUtc: FUTURE,
    timeZone: ZONE,
    now: NOW,
  };

  it('asks for a status, and for a reason when cancelling', () => {
    expect(validateStatusChange({ ...form, to: '', reason: '' })).toEqual({
      status: 'Choose the new status',
    });
    expect(validateStatusChange({ ...form, to: 'cancelled', reason: '  ' })).toEqual({
      reason: 'Give a reason for the cancellation',
    });
    expect(validateStatusChange({ ...form, to: 'cancelled', reason: 'Patient called' })).toEqual({});
    expect(validateStatusChange({ ...form, startUtc: LATER_TODAY, to: 'arrived', reason: '' })).toEqual({});
  });

  it('explains a move the workflow does not allow', () => {
    expect(validateStatusChange({ ...form, to: 'arrived', reason: '' }).status).toBe(
      "Arrived can only be set on the appointment's day, March 12, 2026 (America/New_York).",
    );
    expect(validateStatusChange({ ...form, to: 'fulfilled', reason: '' }).status).toMatch(
      /^Completed can only be set after the patient has arrived/,
    );
    expect(validateStatusChange({ ...form, from: 'arrived', to: 'cancelled', reason: 'x' }).status).toBe(
      'An appointment cannot be cancelled once the patient has arrived (it is Arrived).',
    );
    expect(validateStatusChange({ ...form, to: 'entered-in-error', reason: '' }).status).toMatch(
      /Only administrators and owners/,
    );
  });

  it('limits the reason length', () => {
    expect(validateStatusChange({ ...form, to: 'cancelled', reason: 'x'.repeat(501) }).reason).toMatch(
      /500 characters/,
    );
  });
});
