import dayjs from 'dayjs';
import { dayjsLocalizer } from 'react-big-calendar';
import { describe, expect, it } from 'vitest';
import { scheduleLocalizer } from './schedule-localizer';

// The plain-Date methods answer as the dayjs localizer does, whatever the test runner's zone.
const ours = scheduleLocalizer();
const reference = dayjsLocalizer(dayjs);

const DATES = [
  new Date(2026, 10, 27, 8, 0, 0),
  new Date(2026, 10, 27, 8, 0, 30),
  new Date(2026, 10, 27, 8, 1),
  new Date(2026, 10, 27, 17, 45, 10, 500),
  new Date(2026, 10, 28, 0, 0),
  new Date(2026, 10, 26, 23, 59, 59),
  new Date(2026, 2, 8, 3, 30),
];

interface RangeQuestion {
  event: { start: Date; end: Date };
  range: { start: Date; end: Date };
}
/** The library calls `inEventRange` with one object (its type definitions say two arguments). */
const inEventRange = (localizer: typeof ours, question: RangeQuestion): boolean =>
  (localizer.inEventRange as unknown as (question: RangeQuestion) => boolean)(question);

describe('schedule localizer', () => {
  it('compares dates as the dayjs localizer does, by minute, by day and exactly', () => {
    for (const unit of [undefined, 'minutes', 'day'] as const) {
      for (const a of DATES) {
        for (const b of DATES) {
          for (const name of ['lt', 'lte', 'gt', 'gte', 'eq', 'neq'] as const) {
            expect(ours[name](a, b, unit), `${name} ${a.toString()} ${b.toString()} ${unit}`).toBe(
              reference[name](a, b, unit),
            );
          }
        }
      }
    }
  });

  it('tells whether a date lies in a range (by day unless told) as the dayjs localizer does', () => {
    for (const unit of [undefined, 'day', 'minutes'] as const) {
      for (const day of DATES) {
        for (const min of DATES) {
          for (const max of DATES) {
            expect(
              ours.inRange(day, min, max, unit),
              `${day.toString()} in ${min.toString()} – ${max.toString()} by ${unit}`,
            ).toBe(reference.inRange(day, min, max, unit));
          }
        }
      }
    }
  });

  it('merges a date with a time of day, and makes slot dates, as the dayjs localizer does', () => {
    for (const date of DATES) {
      for (const time of DATES) {
        expect(ours.merge(date, time)?.getTime()).toBe(reference.merge(date, time)?.getTime());
      }
      for (const [from, offset] of [
        [480, 0],
        [480, 15],
        [0, 1425],
        [1020, 60],
      ] as const) {
        expect(ours.getSlotDate(date, from, offset).getTime()).toBe(
          reference.getSlotDate(date, from, offset).getTime(),
        );
      }
    }
  });

  it('tells same dates and whether an event touches a range as the dayjs localizer does', () => {
    for (const a of DATES) {
      for (const b of DATES) {
        expect(ours.isSameDate(a, b)).toBe(reference.isSameDate(a, b));
        for (const rangeStart of DATES) {
          for (const rangeEnd of DATES) {
            const question = { event: { start: a, end: b }, range: { start: rangeStart, end: rangeEnd } };
            expect(inEventRange(ours, question), JSON.stringify(question)).toBe(
              inEventRange(reference, question),
            );
          }
        }
      }
    }
  });
});
