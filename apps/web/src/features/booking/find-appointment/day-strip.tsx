import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { formatDayParts, formatLongDay } from '../lib/slot-format';

export interface DayStripProps {
  /** The days of the booking window that have times, in order. */
  days: readonly string[];
  selected: string | null;
  onPick: (day: string) => void;
}

/**
 * The phone's day chooser: the days with times in one scrolling row, one tab stop (a listbox
 * with a roving tabindex: arrow keys, Home and End move and choose), a visible hint while more
 * days are off screen, and the previous/next buttons either side.
 */
export function DayStrip({ days, selected, onPick }: DayStripProps) {
  const { t } = useLingui();
  const listRef = useRef<HTMLDivElement>(null);
  const moveFocus = useRef(false);
  const [more, setMore] = useState(false);
  const index = selected ? days.indexOf(selected) : -1;
  const focusIndex = index >= 0 ? index : 0;

  // The chosen day in view (and focused when the keyboard chose it).
  useEffect(() => {
    const option = listRef.current?.querySelector<HTMLElement>('[tabindex="0"]');
    option?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    if (moveFocus.current) {
      moveFocus.current = false;
      option?.focus();
    }
  }, [selected]);

  // The hint shows while days are off screen to the right.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const update = () => setMore(list.scrollLeft + list.clientWidth < list.scrollWidth - 4);
    update();
    list.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      list.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [days]);

  const pickAt = (target: number, focus: boolean) => {
    const day = days[Math.min(Math.max(target, 0), days.length - 1)];
    if (day === undefined) return;
    moveFocus.current = focus;
    if (day !== selected) onPick(day);
    else if (focus) listRef.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: focusIndex + 1,
      ArrowDown: focusIndex + 1,
      ArrowLeft: focusIndex - 1,
      ArrowUp: focusIndex - 1,
      Home: 0,
      End: days.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    pickAt(target, true);
  };

  return (
    <div className="day-strip">
      <button
        type="button"
        className="btn btn--arrow"
        disabled={index <= 0}
        onClick={() => pickAt(index - 1, false)}
      >
        <span aria-hidden="true">‹</span>
        <span className="visually-hidden">
          <Trans>Previous day with times</Trans>
        </span>
      </button>
      <div className="day-strip__viewport">
        <div
          ref={listRef}
          role="listbox"
          aria-label={t`Days with times`}
          aria-orientation="horizontal"
          className="day-strip__days"
          onKeyDown={onKeyDown}
        >
          {days.map((day, at) => {
            const { weekday, date } = formatDayParts(day);
            const isSelected = day === selected;
            return (
              <button
                type="button"
                role="option"
                key={day}
                id={`day-${day}`}
                aria-selected={isSelected}
                aria-label={formatLongDay(day)}
                tabIndex={at === focusIndex ? 0 : -1}
                className={
                  isSelected ? 'btn btn--contained btn--stacked btn--day' : 'btn btn--stacked btn--day'
                }
                onClick={() => pickAt(at, false)}
              >
                <span aria-hidden="true">{weekday}</span>
                <span aria-hidden="true" className="btn__strong">
                  {date}
                </span>
              </button>
            );
          })}
        </div>
        {more ? (
          <span className="day-strip__hint" aria-hidden="true">
            <Trans>More days ›</Trans>
          </span>
        ) : null}
      </div>
      <button
        type="button"
        className="btn btn--arrow"
        disabled={index < 0 || index >= days.length - 1}
        onClick={() => pickAt(index + 1, false)}
      >
        <span aria-hidden="true">›</span>
        <span className="visually-hidden">
          <Trans>Next day with times</Trans>
        </span>
      </button>
    </div>
  );
}
