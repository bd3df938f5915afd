import { Trans } from '@lingui/react/macro';
import { Suspense, lazy } from 'react';
import { i18n } from '../../../i18n/catalogs';
import { DayStrip } from './day-strip';
import { WindowEndNote, type ResultsSearch } from './search-results';
import { useWideScreen } from './use-wide-screen';

// The month calendar (react-day-picker and its date library) loads on wide screens only: a phone
// chooses days on the strip and never downloads it.
// In Spanish, its locale data comes with it (and only then).
const MonthCalendar = lazy(async () => {
  const calendar = await import('./month-calendar');
  if (i18n.locale === 'es') await calendar.loadDayPickerSpanish();
  return { default: calendar.MonthCalendar };
});

export interface DayChooserProps {
  slots: Pick<ResultsSearch, 'result' | 'availableDates' | 'day'>;
  onPick: (day: string) => void;
  /** The phone for dates after the booking window. */
  phone: string | null;
}

/**
 * The days with times: a month calendar on a wide screen, a scrolling day strip on a phone; under
 * it, how far ahead online booking goes and whom to call for later dates.
 */
export function DayChooser({ slots, onPick, phone }: DayChooserProps) {
  const wide = useWideScreen();
  const { result, availableDates, day } = slots;
  if (!result) return <DayChooserSkeleton wide={wide} />;
  if (availableDates.length === 0) return null;
  return (
    <div className="day-chooser">
      <h2 className="find-heading">
        <Trans>Choose a day</Trans>
      </h2>
      {wide ? (
        <Suspense fallback={<div className="skeleton skeleton--calendar" aria-hidden="true" />}>
          <MonthCalendar
            days={availableDates}
            selected={day}
            onPick={onPick}
            latestDate={result.window.latestDate}
          />
        </Suspense>
      ) : (
        <DayStrip days={availableDates} selected={day} onPick={onPick} />
      )}
      <WindowEndNote latestDate={result.window.latestDate} phone={phone} />
    </div>
  );
}

/**
 * While the days load: the day chooser's own boxes (heading, calendar or strip, window note) at
 * their real heights (find-appointment.css), so nothing under it moves when the days come in.
 */
function DayChooserSkeleton({ wide }: { wide: boolean }) {
  return (
    <div className="day-chooser" aria-hidden="true">
      <div className="skeleton skeleton--find-heading" />
      <div className={wide ? 'skeleton skeleton--calendar' : 'skeleton skeleton--strip'} />
      <div className="skeleton skeleton--window-end" />
    </div>
  );
}
