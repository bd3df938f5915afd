/**
 * The schedule's date localizer: react-big-calendar's dayjs localizer, with the few arithmetic
 * methods it calls for every block and slot answered by plain `Date` arithmetic (the library lets a
 * localizer override them). The dayjs versions build several dayjs objects per call, and `merge`
 * formats and re-parses two strings: with 300 blocks and 20 provider columns that was a large part
 * of the first render. Same answers (schedule-localizer.test.ts compares them); the calendar's
 * dates are browser-local wall-clock dates (zone-mapping.ts), as dayjs reads them too.
 */
import dayjs from 'dayjs';
import { dayjsLocalizer, type DateLocalizer } from 'react-big-calendar';

type Unit = string | undefined;

/** Milliseconds of `date` truncated to `unit` ('minutes' / 'day'), or null for units left to dayjs. */
function truncated(date: Date, unit: Unit): number | null {
  const part = unit?.toLowerCase();
  if (part === undefined || part === 'milliseconds' || part === 'millisecond') return date.getTime();
  if (part === 'minutes' || part === 'minute') {
    return new Date(
      date.getFullYear(),
      date.getMonth(),
      date.getDate(),
      date.getHours(),
      date.getMinutes(),
    ).getTime();
  }
  if (part === 'day' || part === 'days')
    return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  return null;
}

type Compare = (a: Date, b: Date, unit?: string) => boolean;
type InRange = (day: Date, min: Date, max: Date, unit?: string) => boolean;

function comparator(fallback: Compare, test: (a: number, b: number) => boolean): Compare {
  return (a, b, unit) => {
    const left = truncated(a, unit);
    const right = truncated(b, unit);
    return left === null || right === null ? fallback(a, b, unit) : test(left, right);
  };
}

export function scheduleLocalizer(): DateLocalizer {
  const localizer = dayjsLocalizer(dayjs);
  const methods = localizer as unknown as Record<string, unknown>;
  const base = { ...methods } as Record<string, Compare>;
  const bind = (name: string): Compare => (base[name] as Compare).bind(localizer);
  methods.lt = comparator(bind('lt'), (a, b) => a < b);
  methods.lte = comparator(bind('lte'), (a, b) => a <= b);
  methods.gt = comparator(bind('gt'), (a, b) => a > b);
  // `gte` is left to the library: its dayjs version answers "same or before" (as `lte`), and the
  // calendar's behaviour is kept exactly as the library has it.
  methods.eq = comparator(bind('eq'), (a, b) => a === b);
  methods.neq = comparator(bind('neq'), (a, b) => a !== b);
  // The date of `date` at the wall-clock time of `time` (to the second).
  methods.merge = (date: Date | null, time: Date | null): Date | null => {
    if (!date && !time) return null;
    const day = date ?? new Date();
    const clock = time ?? new Date(day.getFullYear(), day.getMonth(), day.getDate());
    return new Date(
      day.getFullYear(),
      day.getMonth(),
      day.getDate(),
      clock.getHours(),
      clock.getMinutes(),
      clock.getSeconds(),
    );
  };
  // The slot `offset` minutes after `minutesFromMidnight` on the day of `date`.
  methods.getSlotDate = (date: Date, minutesFromMidnight: number, offset: number): Date =>
    new Date(date.getFullYear(), date.getMonth(), date.getDate(), 0, minutesFromMidnight + offset);
  // Whether `day` lies within [min, max] (either way round) by `unit`, the day unless told: asked
  // for every block of every column on each render of the grid.
  const baseInRange = (base.inRange as unknown as InRange).bind(localizer);
  methods.inRange = ((day, min, max, unit = 'day') => {
    const at = truncated(day, unit);
    const from = truncated(min, unit);
    const to = truncated(max, unit);
    if (at === null || from === null || to === null) return baseInRange(day, min, max, unit);
    return (from <= at && at <= to) || (to <= at && at <= from);
  }) satisfies InRange;
  const dayOf = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  const minuteOf = (date: Date) => truncated(date, 'minutes') ?? date.getTime();
  methods.isSameDate = (a: Date, b: Date): boolean => dayOf(a) === dayOf(b);
  // Whether an event touches a range (asked for every block on every render of the grid).
  methods.inEventRange = ({
    event: { start, end },
    range: { start: rangeStart, end: rangeEnd },
  }: {
    event: { start: Date; end: Date };
    range: { start: Date; end: Date };
  }): boolean => {
    const startOfDay = dayOf(start);
    const startsBeforeEnd = startOfDay <= dayOf(rangeEnd);
    const endMinute = minuteOf(end);
    // A block ending at the very start of its day (zero length there) still counts at the range's start.
    const endsAfterStart =
      startOfDay !== endMinute ? endMinute > minuteOf(rangeStart) : endMinute >= minuteOf(rangeStart);
    return startsBeforeEnd && endsAfterStart;
  };
  return localizer;
}
