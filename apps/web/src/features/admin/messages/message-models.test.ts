import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { formatZoned, percent, statusText, zoneAbbreviation } from '../shared/messages/message-format';
import { reminderCounts } from '../shared/messages/reminder-figures-section';
import {
  formOf,
  offsetMinutesOf,
  ruleSummary,
  rulesOf,
  splitOffset,
  validateRules,
} from './reminder-rules-model';
import { draftOf, insertAt, sameDraft, templateFieldErrors } from './template-model';
import { segmentText } from './template-preview';

describe('message times name the location zone', () => {
  it('across the DST change in New York', () => {
    expect(formatZoned('2026-11-12T14:30:00.000Z', 'America/New_York')).toBe('Nov 12, 2026, 9:30 AM EST');
    expect(formatZoned('2026-10-29T13:30:00.000Z', 'America/New_York')).toBe('Oct 29, 2026, 9:30 AM EDT');
    expect(zoneAbbreviation('2026-07-01T12:00:00.000Z', 'America/Los_Angeles')).toBe('PDT');
  });

  it('falls back to the IANA name for a zone the browser does not know, and a dash for no instant', () => {
    expect(zoneAbbreviation('2026-07-01T12:00:00.000Z', 'Nowhere/Special')).toBe('Nowhere/Special');
    expect(formatZoned('not a date', 'America/New_York')).toBe('—');
  });

  it('words a status with its reason', () => {
    expect(statusText({ status: 'skipped', statusReason: 'not sent: no e-mail transport configured' })).toBe(
      'Not sent: not sent: no e-mail transport configured',
    );
    expect(statusText({ status: 'delivered', statusReason: null })).toBe('Delivered');
  });

  it('shows rates as percentages', () => {
    expect(percent(0.125)).toBe('12.5 %');
    expect(percent(null)).toBe('—');
  });
});

describe('reminder rule rows', () => {
  it('reads an offset in the largest whole unit and back', () => {
    expect(splitOffset(2880)).toEqual({ amount: '2', unit: 'days' });
    expect(splitOffset(120)).toEqual({ amount: '2', unit: 'hours' });
    expect(splitOffset(90)).toEqual({ amount: '90', unit: 'minutes' });
    expect(offsetMinutesOf({ amount: ' 3 ', unit: 'hours' })).toBe(180);
    expect(offsetMinutesOf({ amount: '1.5', unit: 'hours' })).toBeNull();
    expect(ruleSummary({ channel: 'sms', offsetMinutes: 60 })).toBe('SMS 1 hour before');
    expect(ruleSummary({ channel: 'email', offsetMinutes: 2880 })).toBe('E-mail 2 days before');
  });

  it('refuses too short, too long, duplicate rows and bad quiet hours', () => {
    const form = formOf({
      reminders: [
        { channel: 'email', offsetMinutes: 60 },
        { channel: 'email', offsetMinutes: 60 },
      ],
      quietHours: { start: '21:00', end: '08:00' },
    });
    expect(validateRules(form)).toEqual({
      'reminders.1.offsetMinutes': 'Another reminder has the same channel and time',
    });
    const rows = [
      { key: 'a', channel: 'sms' as const, amount: '4', unit: 'minutes' as const },
      { key: 'b', channel: 'sms' as const, amount: '15', unit: 'days' as const },
    ];
    expect(validateRules({ rows, quietStart: '25:00', quietEnd: '08:00' })).toEqual({
      'reminders.0.offsetMinutes': 'Send at least 5 minutes before',
      'reminders.1.offsetMinutes': 'Send at most 14 days before',
      'quietHours.start': 'Enter a time as HH:MM',
    });
    expect(rulesOf({ rows: rows.slice(0, 1), quietStart: '', quietEnd: '' })).toEqual([
      { channel: 'sms', offsetMinutes: 4 },
    ]);
  });
});

describe('template drafts', () => {
  it('puts server messages on the editor fields, preview paths included', () => {
    const error = new ApiError(
      {
        error: {
          code: 'VALIDATION',
          message: 'Please correct the highlighted fields.',
          details: {
            fields: [
              { path: 'draft.bodyText', message: 'Unknown variable: nope' },
              { path: 'subject', message: 'Enter a subject' },
              { path: 'kind', message: 'Choose a message kind' },
            ],
          },
        },
      },
      400,
    );
    expect(templateFieldErrors(error)).toEqual({
      fields: { bodyText: 'Unknown variable: nope', subject: 'Enter a subject' },
      other: ['Choose a message kind'],
    });
    expect(templateFieldErrors(new Error('x'))).toEqual({ fields: {}, other: [] });
  });

  it('inserts at the cursor, replacing a selection', () => {
    expect(insertAt('Hi !', 3, 3, '{{ a }}')).toEqual({ text: 'Hi {{ a }}!', caret: 10 });
    expect(insertAt('Hi XX!', 3, 5, '{{ a }}')).toEqual({ text: 'Hi {{ a }}!', caret: 10 });
    expect(insertAt('Hi', 99, 99, '!')).toEqual({ text: 'Hi!', caret: 3 });
  });

  it('compares drafts and reads SMS templates without subject or HTML', () => {
    const draft = draftOf({ subject: null, bodyHtml: null, bodyText: 'x', smsServiceNameOptIn: false });
    expect(draft).toEqual({ subject: '', bodyHtml: '', bodyText: 'x', smsServiceNameOptIn: false });
    expect(sameDraft(draft, { ...draft })).toBe(true);
    expect(sameDraft(draft, { ...draft, smsServiceNameOptIn: true })).toBe(false);
    expect(segmentText({ encoding: 'UCS-2', units: 71, segments: 2, maxSegments: 2 })).toBe(
      '2 segments of 2 allowed (UCS-2, 71 characters)',
    );
  });
});

describe('reminder figures', () => {
  it('lists the counts in order', () => {
    const figures = { appointments: 0, noShows: 0, noShowRate: null };
    expect(
      reminderCounts({
        from: '2026-11-01',
        to: '2026-11-30',
        timeZone: 'America/New_York',
        reminders: { sent: 5, delivered: 3, failed: 1, skipped: 2, queued: 4 },
        confirmedByReply: 2,
        reminded: figures,
        notReminded: figures,
      }),
    ).toEqual([
      ['Sent', 5],
      ['Delivered', 3],
      ['Failed', 1],
      ['Not sent', 2],
      ['Queued', 4],
      ['Confirmed by reply', 2],
    ]);
  });
});
