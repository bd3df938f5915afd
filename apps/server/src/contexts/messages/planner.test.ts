/* The pure parts of the lifecycle: which rows an event makes (quiet hours, DST), reply keywords, numbers. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, messagesFor } from './planner.ts';
import type { PlanningFacts } from './planning-repository.ts';
import { meaningOf } from './reply-keywords.ts';
import { storedFormsOf, toE164 } from './phone-numbers.ts';
import { statusChangeEvent } from './index.ts';

const HOUR = 3_600_000;
const zone = 'America/New_York';
const local = (instant: number) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(instant);

function facts(startIso: string, status: PlanningFacts['status'] = 'booked'): PlanningFacts {
  return {
    appointmentId: 7,
    clientId: 1,
    schedulerId: 1,
    patientId: 3,
    status,
    startAt: Date.parse(startIso),
    timeZone: zone,
  };
}

describe('messagesFor', () => {
  const at = Date.parse('2026-11-25T15:00:00Z'); // Wednesday 10:00 in New York

  it('a booking: confirmation on both channels now, reminders 48 h (e-mail) and 2 h (SMS) before', () => {
    const f = facts('2026-11-30T19:00:00Z'); // Monday 14:00
    const rows = messagesFor({ event: 'booked', notify: true }, f, DEFAULT_RULES, at);
    expect(rows.map((r) => [r.kind, r.channel, r.scheduledAt])).toEqual([
      ['confirmation', 'email', at],
      ['confirmation', 'sms', at],
      ['reminder', 'email', f.startAt - 48 * HOUR],
      ['reminder', 'sms', f.startAt - 2 * HOUR],
    ]);
  });

  it('pending: "request received" and no reminders until confirmed', () => {
    const rows = messagesFor(
      { event: 'booked', notify: true },
      facts('2026-11-30T19:00:00Z', 'pending'),
      DEFAULT_RULES,
      at,
    );
    expect(rows.map((r) => r.kind)).toEqual(['request-received', 'request-received']);
  });

  it('an SMS reminder due at 07:00 goes at 20:59 the evening before; an SMS notice at 23:00 waits for 08:00', () => {
    const f = facts('2026-11-30T14:00:00Z'); // Monday 09:00
    const reminder = messagesFor({ event: 'booked', notify: false }, f, DEFAULT_RULES, at).find(
      (r) => r.channel === 'sms',
    );
    expect(local(reminder!.scheduledAt)).toBe('2026-11-29, 20:59');
    const lateNight = Date.parse('2026-11-26T04:00:00Z'); // Wednesday 23:00
    const notice = messagesFor({ event: 'cancelled', notify: true }, f, DEFAULT_RULES, lateNight);
    expect(notice.map((r) => [r.kind, r.channel, local(r.scheduledAt)])).toEqual([
      ['cancelled', 'email', '2026-11-25, 23:00'],
      ['cancelled', 'sms', '2026-11-26, 08:00'],
    ]);
  });

  it('across the DST change: the 48 h reminder is exactly 48 hours before (a different wall time)', () => {
    const f = facts('2026-03-09T13:00:00Z'); // Monday 9 March 2026, 09:00 EDT
    const now = Date.parse('2026-03-01T15:00:00Z');
    const email = messagesFor({ event: 'booked', notify: false }, f, DEFAULT_RULES, now).find(
      (r) => r.channel === 'email',
    );
    expect(email!.scheduledAt).toBe(f.startAt - 48 * HOUR);
    expect(local(email!.scheduledAt)).toBe('2026-03-07, 08:00');
  });

  it('reminders whose time has passed are not made; cancellation makes no reminder', () => {
    const soon = facts('2026-11-25T16:30:00Z'); // in 90 minutes
    expect(messagesFor({ event: 'booked', notify: false }, soon, DEFAULT_RULES, at)).toEqual([]);
    const later = facts('2026-11-30T19:00:00Z');
    expect(
      messagesFor({ event: 'cancelled', notify: true }, later, DEFAULT_RULES, at).map((r) => r.kind),
    ).toEqual(['cancelled', 'cancelled']);
  });
});

describe('SMS replies', () => {
  it.each([
    ['C', 'confirm', undefined],
    [' y ', 'confirm', undefined],
    ['Yes!', 'confirm', undefined],
    ['STOP', 'stop', false],
    ['unsubscribe', 'stop', false],
    ['stopall', 'stop', false],
    ['Start', 'start', true],
    ['UNSTOP', 'start', true],
    ['help', 'help', undefined],
    ['CANCEL', 'other', undefined],
    ['cancel my appointment', 'other', undefined],
    ['see you then', 'other', undefined],
  ] as const)('%j → %s', (body, action, consent) => {
    expect(meaningOf(body)).toMatchObject({ action, smsConsent: consent });
  });

  it("Twilio's OptOutType wins: CANCEL with OptOutType=STOP records the opt-out, never a cancellation", () => {
    expect(meaningOf('CANCEL', 'STOP')).toEqual({
      action: 'stop',
      smsConsent: false,
      answeredByTwilio: true,
    });
    expect(meaningOf('YES', 'START')).toEqual({
      action: 'confirm',
      smsConsent: true,
      answeredByTwilio: false,
    });
    expect(meaningOf('INFO', 'HELP')).toMatchObject({ action: 'help', answeredByTwilio: true });
  });
});

describe('phone numbers and status events', () => {
  it('stored digits ↔ E.164', () => {
    expect(toE164('2125550142')).toBe('+12125550142');
    expect(toE164('12125550142')).toBe('+12125550142');
    expect(toE164('447700900123')).toBe('+447700900123');
    expect(toE164(null)).toBeNull();
    expect(toE164('123')).toBeNull();
    expect(storedFormsOf('+12125550142')).toEqual(['12125550142', '2125550142']);
  });

  it('status changes that call for messages', () => {
    expect(statusChangeEvent('pending', 'booked')).toBe('confirmed');
    expect(statusChangeEvent('booked', 'cancelled')).toBe('cancelled');
    expect(statusChangeEvent('pending', 'cancelled')).toBe('cancelled');
    expect(statusChangeEvent('booked', 'arrived')).toBeUndefined();
  });
});
