import { describe, expect, it } from 'vitest';
import { statusChoices, validateStatusChange } from './status-options';

const NOW = Date.parse('2026-03-10T15:00:00Z');
const FUTURE = '2026-03-12T15:00:00.000Z';
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

describe('status choices', () => {
  it('offers staff the workflow moves of a confirmed future appointment, without entered-in-error', () => {
    expect(
      statusChoices({
        from: 'booked',
        role: 'staff',
        canWrite: true,
        startUtc: FUTURE,
        now: NOW,
        serverAllowed: EVERYTHING,
      }),
    ).toEqual(['arrived', 'checked-in', 'cancelled']);
  });

  it('offers completed and no-show only once the start has passed', () => {
    expect(
      statusChoices({
        from: 'arrived',
        role: 'staff',
        canWrite: true,
        startUtc: PAST,
        now: NOW,
        serverAllowed: EVERYTHING,
      }),
    ).toEqual(['fulfilled', 'noshow', 'cancelled']);
  });

  it('lets admins and owners mark entered-in-error', () => {
    const choices = statusChoices({
      from: 'pending',
      role: 'admin',
      canWrite: true,
      startUtc: FUTURE,
      now: NOW,
      serverAllowed: EVERYTHING,
    });
    expect(choices).toEqual(['booked', 'cancelled', 'entered-in-error']);
  });

  it('offers nothing without patients:write or a role, and nothing the server refuses', () => {
    const base = { from: 'booked' as const, startUtc: FUTURE, now: NOW, serverAllowed: EVERYTHING };
    expect(statusChoices({ ...base, role: 'viewer', canWrite: false })).toEqual([]);
    expect(statusChoices({ ...base, role: null, canWrite: true })).toEqual([]);
    expect(statusChoices({ ...base, role: 'staff', canWrite: true, serverAllowed: ['cancelled'] })).toEqual([
      'cancelled',
    ]);
  });
});

describe('status form validation', () => {
  const base = { from: 'booked' as const, role: 'staff' as const, startUtc: FUTURE, now: NOW };

  it('asks for a status, and for a reason when cancelling', () => {
    expect(validateStatusChange({ ...base, to: '', reason: '' })).toEqual({
      status: 'Choose the new status',
    });
    expect(validateStatusChange({ ...base, to: 'cancelled', reason: '  ' })).toEqual({
      reason: 'Give a reason for the cancellation',
    });
    expect(validateStatusChange({ ...base, to: 'cancelled', reason: 'Patient called' })).toEqual({});
    expect(validateStatusChange({ ...base, to: 'arrived', reason: '' })).toEqual({});
  });

  it('explains a move the workflow does not allow', () => {
    expect(validateStatusChange({ ...base, to: 'fulfilled', reason: '' }).status).toMatch(
      /cannot be changed/,
    );
    expect(validateStatusChange({ ...base, to: 'entered-in-error', reason: '' }).status).toMatch(
      /Only administrators and owners/,
    );
  });

  it('limits the reason length', () => {
    expect(validateStatusChange({ ...base, to: 'cancelled', reason: 'x'.repeat(501) }).reason).toMatch(
      /500 characters/,
    );
  });
});
