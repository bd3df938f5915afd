import { to12Hour } from '@scheduler/domain/text';

/**
 * How slot dates and times read to patients. Slots carry their local date ('YYYY-MM-DD') and
 * time ('HH:mm') in the location's zone, so no time-zone conversion happens here.
 */

const DAY_LABEL = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const LONG_DAY_LABEL = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

function utcDateOf(isoDate: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '2030-03-05' → 'Tue, Mar 5'. */
export function formatDayLabel(isoDate: string): string {
  const date = utcDateOf(isoDate);
  return date ? DAY_LABEL.format(date) : isoDate;
}

/** '2030-03-05' → 'Tuesday, March 5, 2030'. */
export function formatLongDay(isoDate: string): string {
  const date = utcDateOf(isoDate);
  return date ? LONG_DAY_LABEL.format(date) : isoDate;
}

/**
 * '14:30' → '02:30 PM': the spec's 12-hour conversion (section 5 helper), kept for the spec. Screens
 * do not show it: patient-facing times come from lib/zoned-time.ts ('2:30 PM CT'; `clockTimeText`
 * gives '2:30 PM' where the zone is not known yet).
 */
export function formatSlotTime(timeLocal: string): string {
  try {
    return to12Hour(timeLocal);
  } catch {
    return timeLocal;
  }
}

export type PartOfDay = 'Morning' | 'Afternoon' | 'Evening';

/** Morning before 12:00, afternoon before 17:00, evening after. */
export function partOfDay(timeLocal: string): PartOfDay {
  const hour = Number(timeLocal.slice(0, 2));
  if (hour < 12) return 'Morning';
  if (hour < 17) return 'Afternoon';
  return 'Evening';
}

/** Groups items by part of day, in day order, leaving out empty parts. */
export function groupByPartOfDay<T>(items: readonly T[], timeOf: (item: T) => string): [PartOfDay, T[]][] {
  const groups = new Map<PartOfDay, T[]>([
    ['Morning', []],
    ['Afternoon', []],
    ['Evening', []],
  ]);
  for (const item of items) groups.get(partOfDay(timeOf(item)))?.push(item);
  return [...groups].filter(([, list]) => list.length > 0);
}

// ---------------------------------------------------------------- day helpers (find-a-time step)

/** '2030-03-05' + 3 → '2030-03-08' (calendar days, no zone involved). */
export function addDays(isoDate: string, days: number): string {
  const date = utcDateOf(isoDate);
  if (!date) return isoDate;
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A calendar date picked in the browser (its local fields) → 'YYYY-MM-DD'. */
export function isoDateOfLocal(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'YYYY-MM-DD' → a browser-local Date at midnight (what a month calendar shows), or null. */
export function localDateOfIso(isoDate: string): Date | null {
  const date = utcDateOf(isoDate);
  return date ? new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) : null;
}

/** The first day with times after `day` (or the first of all when `day` is null), else null. */
export function nextDayWithTimes(days: readonly string[], day: string | null): string | null {
  return (day === null ? days[0] : days.find((candidate) => candidate > day)) ?? null;
}
