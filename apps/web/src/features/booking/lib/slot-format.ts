import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { to12Hour } from '@scheduler/domain/text';
import { intlLocale } from '../../../i18n/catalogs';

/**
 * How slot dates and times read to patients. Slots carry their local date ('YYYY-MM-DD') and
 * time ('HH:mm') in the location's zone, so no time-zone conversion happens here. Dates read in
 * the active language (`intlLocale()`, issue 21): 'Tue, Mar 5' / 'mar, 5 de mar'.
 */

type DayFormat = 'day' | 'longDay' | 'weekday' | 'monthDay';

const DAY_FORMATS: Record<DayFormat, Intl.DateTimeFormatOptions> = {
  day: { weekday: 'short', month: 'short', day: 'numeric' },
  longDay: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  weekday: { weekday: 'short' },
  monthDay: { month: 'short', day: 'numeric' },
};

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function formatDate(kind: DayFormat, date: Date, locale: string): string {
  const key = `${kind} ${locale}`;
  let formatter = dayFormatters.get(key);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat(locale, { ...DAY_FORMATS[kind], timeZone: 'UTC' });
    dayFormatters.set(key, formatter);
  }
  return formatter.format(date);
}

function utcDateOf(isoDate: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '2030-03-05' → 'Tue, Mar 5' ('mar, 5 de mar' in Spanish; `locale`: the active language's by default). */
export function formatDayLabel(isoDate: string, locale: string = intlLocale()): string {
  const date = utcDateOf(isoDate);
  return date ? formatDate('day', date, locale) : isoDate;
}

/** '2030-03-05' → 'Tuesday, March 5, 2030' ('martes, 5 de marzo de 2030'). */
export function formatLongDay(isoDate: string, locale: string = intlLocale()): string {
  const date = utcDateOf(isoDate);
  return date ? formatDate('longDay', date, locale) : isoDate;
}

/** '2030-03-05' → { weekday: 'Tue', date: 'Mar 5' } ('mar', '5 mar'): a day button's two lines. */
export function formatDayParts(
  isoDate: string,
  locale: string = intlLocale(),
): { weekday: string; date: string } {
  const date = utcDateOf(isoDate);
  if (!date) return { weekday: '', date: isoDate };
  return { weekday: formatDate('weekday', date, locale), date: formatDate('monthDay', date, locale) };
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

/** The headings of the parts of the day (`i18n._(PART_OF_DAY_LABELS[part])`): `PartOfDay` is a key, not a text. */
export const PART_OF_DAY_LABELS: Record<PartOfDay, MessageDescriptor> = {
  Morning: msg`Morning`,
  Afternoon: msg`Afternoon`,
  Evening: msg`Evening`,
};

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
