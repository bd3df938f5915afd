import { DEFAULT_SETTINGS } from '@scheduler/domain/settings';
import { i18n } from '../../../i18n/catalogs';
import { describe, expect, it } from 'vitest';
import {
  BOOKED_HEADING,
  PENDING_HEADING,
  RESCHEDULE_NOTICE,
  primaryMessage,
  sentToLine,
  thankYouHeading,
} from './thank-you-wording';

const NOW = Date.parse('2030-03-01T12:00:00Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(NOW + hours * HOUR).toISOString();

describe('thank-you wording', () => {
  it('matches the heading to the status', () => {
    expect(thankYouHeading('booked')).toBe(BOOKED_HEADING);
    expect(thankYouHeading('pending')).toBe(PENDING_HEADING);
    expect(i18n._(BOOKED_HEADING)).toBe('Thank you, your appointment is booked');
    expect(i18n._(PENDING_HEADING)).toBe('Thank you, your appointment request is received');
    expect(i18n._(PENDING_HEADING)).not.toMatch(/booked/);
  });

  it('keeps the default primary message whole more than 48 h ahead, without its 48-hour sentence otherwise', () => {
    const primary = DEFAULT_SETTINGS.thankYouPrimary;
    expect(primary).toContain(RESCHEDULE_NOTICE);
    expect(primaryMessage(primary, at(48.01), NOW)).toBe(primary);
    expect(primaryMessage(primary, at(48), NOW)).toBe('Your appointment has been scheduled!');
    expect(primaryMessage(primary, at(2), NOW)).toBe('Your appointment has been scheduled!');
  });

  it('never edits a message the practice wrote', () => {
    const own = `Thanks! ${RESCHEDULE_NOTICE}`;
    expect(primaryMessage(own, at(2), NOW)).toBe(own);
  });

  it('names the masked channels, or nothing', () => {
    expect(sentToLine(i18n, { email: 'z…@example.com', sms: '(212) …-0147' })).toBe(
      'We sent the details to z…@example.com and (212) …-0147.',
    );
    expect(sentToLine(i18n, { sms: '(212) …-0147' })).toBe('We sent the details to (212) …-0147.');
    expect(sentToLine(i18n, {})).toBeNull();
    expect(sentToLine(i18n, undefined)).toBeNull();
  });
});
