/**
 * How the patient, waitlist and report screens show dates and times. Appointment times are shown in
 * the location's time zone (the zone travels with each appointment); instants without a location
 * (notes, history, audit) in the browser's zone.
 */

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(timeZone: string | undefined, withWeekday: boolean): Intl.DateTimeFormat {
  const key = `${timeZone ?? ''}|${withWeekday ? 'w' : ''}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      ...(withWeekday ? { weekday: 'short' as const } : {}),
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      ...(timeZone ? { timeZone } : {}),
    });
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** 'Mon, Mar 2, 2026, 9:30 AM' in `timeZone` (the browser's zone when absent). */
export function formatDateTime(isoInstant: string, timeZone?: string, withWeekday = false): string {
  const date = new Date(isoInstant);
  if (Number.isNaN(date.getTime())) return '—';
  try {
    return dateTimeFormat(timeZone, withWeekday).format(date);
  } catch {
    return dateTimeFormat(undefined, withWeekday).format(date);
  }
}

/** '9:30 AM' in `timeZone` (the browser's zone when absent). */
export function formatTime(isoInstant: string, timeZone?: string): string {
  const date = new Date(isoInstant);
  if (Number.isNaN(date.getTime())) return '—';
  const options: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, ...(timeZone ? { timeZone } : {}) }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(date);
  }
}

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
  if (days === 0) return 'today';
  if (days < 14) return `${days} ${days === 1 ? 'day' : 'days'}`;
  if (days < 60) return `${Math.floor(days / 7)} weeks`;
  const months = Math.floor(days / 30);
  return months < 24 ? `${months} months` : `${Math.floor(days / 365)} years`;
}

/** Today's local date in the browser, 'YYYY-MM-DD'. */
export function todayLocal(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A local date moved by whole days ('YYYY-MM-DD'). */
export function addDays(isoDate: string, days: number): string {
  const [y = 1970, m = 1, d = 1] = isoDate.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}
