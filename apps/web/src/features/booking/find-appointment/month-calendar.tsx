import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { DayPicker, type Locale } from 'react-day-picker';
import 'react-day-picker/style.css';
import { formatLongDay, isoDateOfLocal, localDateOfIso } from '../lib/slot-format';

/**
 * react-day-picker's Spanish (date-fns' locale data), fetched only for a Spanish page: the loader of
 * this chunk (day-chooser.tsx) awaits it when the page is in Spanish, so the month never shows in
 * English first; a later switch to Spanish loads it then.
 */
let spanish: Locale | null = null;
export async function loadDayPickerSpanish(): Promise<Locale> {
  spanish ??= (await import('react-day-picker/locale/es')).es;
  return spanish;
}

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
  const { t, i18n } = useLingui();
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

  const [spanishLocale, setSpanishLocale] = useState<Locale | null>(spanish);
  const wantsSpanish = i18n.locale === 'es';
  useEffect(() => {
    if (wantsSpanish && spanishLocale === null) void loadDayPickerSpanish().then(setSpanishLocale);
  }, [wantsSpanish, spanishLocale]);

  const hasTimes = (date: Date) => available.has(isoDateOfLocal(date));
  return (
    <div className="month-calendar">
      <DayPicker
        mode="single"
        // The month, weekdays and buttons in the page's language; weeks begin on Sunday either way (US).
        {...(wantsSpanish && spanishLocale ? { locale: spanishLocale } : {})}
        weekStartsOn={0}
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
          labelDayButton: (date, modifiers) => {
            const day = formatLongDay(isoDateOfLocal(date));
            if (modifiers.hasTimes)
              return modifiers.selected ? t`${day}, times available, selected` : t`${day}, times available`;
            return modifiers.selected ? t`${day}, no times, selected` : t`${day}, no times`;
          },
        }}
      />
    </div>
  );
}
