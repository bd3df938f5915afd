/** The location dates a view shows and how Previous / Next move through them (pure). */
import { addCalendarDays, dayOfWeek } from '@scheduler/domain/local-date';

export type ScheduleViewName = 'day' | 'week';

/** [from, to] (inclusive) of the view around `date`: the day, or its week from Sunday. */
export function rangeOf(view: ScheduleViewName, date: string): { from: string; to: string } {
  if (view === 'day') return { from: date, to: date };
  const from = addCalendarDays(date, -dayOfWeek(date));
  return { from, to: addCalendarDays(from, 6) };
}

/** The date Previous (−1) or Next (+1) goes to. */
export function stepDate(view: ScheduleViewName, date: string, direction: -1 | 1): string {
  return addCalendarDays(date, direction * (view === 'day' ? 1 : 7));
}

/** A well-formed 'YYYY-MM-DD' from a URL or a date field, else null. */
export function dateParam(value: string | null): string | null {
  return value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
    ? value
    : null;
}
