/**
 * The admin's date helpers that are not times: dates of birth, ages, waiting times, date
 * arithmetic, phone numbers. Every TIME the admin shows comes from `lib/zoned-time.ts` (the one
 * date/time formatting module: the location's or the practice's zone, named).
 */
import { i18n } from '../../../i18n/catalogs';
import { msg, plural } from '@lingui/core/macro';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** 'YYYY-MM-DD' → 'MM/DD/YYYY' (the spec's date format), without any time-zone shift. */
export function formatIsoDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : isoDate;
}

/** Whole years between a date of birth and today's date (both 'YYYY-MM-DD'): the domain's one rule. */
export { ageOn } from '@scheduler/domain/local-date';

/** How long ago an instant was, in words: 'today', '1 day', '12 days', '3 weeks', '4 months'. */
export function elapsedSince(isoInstant: string, nowMs: number): string {
  const then = new Date(isoInstant).getTime();
  if (Number.isNaN(then)) return '—';
  const days = Math.floor(Math.max(0, nowMs - then) / 86_400_000);
  if (days === 0) return i18n._(msg`today`);
  if (days < 14) return plural(days, { one: '# day', other: '# days' });
  const weeks = Math.floor(days / 7);
  if (days < 60) return plural(weeks, { one: '# week', other: '# weeks' });
  const months = Math.floor(days / 30);
  const years = Math.floor(days / 365);
  return months < 24
    ? plural(months, { one: '# month', other: '# months' })
    : plural(years, { one: '# year', other: '# years' });
}

/** A local date moved by whole days ('YYYY-MM-DD'). */
export function addDays(isoDate: string, days: number): string {
  const [y = 1970, m = 1, d = 1] = isoDate.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

/**
 * A phone number as people write it: '(312) 555-0142' for a North American number, '+44 20 7946 0958' for
 * another country's; the stored text unchanged when it is not a number libphonenumber-js can read.
 */
export function formatPhone(phone: string | null | undefined, defaultCountry: 'US' = 'US'): string {
  if (!phone) return '—';
  const parsed = parsePhoneNumberFromString(phone, defaultCountry);
  if (!parsed || !parsed.isPossible()) return phone;
  // North American numbers (+1) as a US practice writes them; others with their country code.
  return parsed.countryCallingCode === '1' ? parsed.formatNational() : parsed.formatInternational();
}

/** The number in E.164 ('+13125550142') for a tel: link, or null when it cannot be read. */
export function phoneHref(phone: string | null | undefined, defaultCountry: 'US' = 'US'): string | null {
  if (!phone) return null;
  const parsed = parsePhoneNumberFromString(phone, defaultCountry);
  return parsed && parsed.isPossible() ? parsed.getURI() : null;
}
