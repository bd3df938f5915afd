import { useMemo, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { formatLongDay, isoDateOfLocal, localDateOfIso } from '../lib/slot-format';

export interface MonthCalendarProps {
  /** The days of the booking window that have times ('YYYY-MM-DD'). */
  days: readonly string[];
  selected: string | null;
  onPick: (day: string) => void;
  /** The last day of the booking window: the calendar does not page past its month. */
  latestDate: string | null;
}

const monthOf = (date: Date) => new Date(date.getFullYear(), date.getMonth(), 1);

/**
 * The desktop's day chooser: a month calendar (react-day-picker, keyboard navigable as a grid)
 * with the days that have times marked and the others disabled, from the first day with times to
 * the end of the booking window. Loaded with the find-appointment step only, never the landing.
 */
export function MonthCalendar({ days, selected, onPick, latestDate }: MonthCalendarProps) {
  const available = useMemo(() => new Set(days), [days]);
  const first = days[0] ? localDateOfIso(days[0]) : null;
  const last = latestDate
    ? localDateOfIso(latestDate)
    : days.length > 0
      ? localDateOfIso(days.at(-1) ?? '')
      : null;
  const selectedDate = (selected ? localDateOfIso(selected) : null) ?? undefined;

  // The month shown follows the chosen day; the patient may page months meanwhile.
  const [month, setMonth] = useState<Date | null>(null);
  const [monthFor, setMonthFor] = useState<string | null>(selected);
  if (monthFor !== selected) {
    setMonthFor(selected);
    setMonth(null);
  }
  const shownMonth = month ?? monthOf(selectedDate ?? first ?? new Date());

  const hasTimes = (date: Date) => available.has(isoDateOfLocal(date));
  return (
    <div className="month-calendar">
      <DayPicker
        mode="single"
        fixedWeeks
        selected={selectedDate}
        onSelect={(date) => {
          if (date && hasTimes(date)) onPick(isoDateOfLocal(date));
        }}
        month={shownMonth}
        onMonthChange={setMonth}
        {...(first ? { startMonth: monthOf(first) } : {})}
        {...(last ? { endMonth: monthOf(last) } : {})}
        disabled={(date: Date) => !hasTimes(date)}
        modifiers={{ hasTimes }}
        modifiersClassNames={{ hasTimes: 'rdp-has-times' }}
        labels={{
          labelDayButton: (date, modifiers) =>
            `${formatLongDay(isoDateOfLocal(date))}${modifiers.hasTimes ? ', times available' : ', no times'}${modifiers.selected ? ', selected' : ''}`,
        }}
      />
    </div>
  );
}
