import { describe, expect, it } from 'vitest';
import { formatDayLabel, formatLongDay, formatSlotTime, groupByPartOfDay, partOfDay } from './slot-format';

describe('slot labels', () => {
  it('names a local day without any time-zone shift', () => {
    expect(formatDayLabel('2030-03-05')).toBe('Tue, Mar 5');
    expect(formatLongDay('2030-03-05')).toBe('Tuesday, March 5, 2030');
  });

  it('shows times on the 12-hour clock', () => {
    expect(formatSlotTime('14:30')).toBe('02:30 PM');
    expect(formatSlotTime('00:15')).toBe('12:15 AM');
  });

  it('groups times into morning, afternoon and evening', () => {
    expect(partOfDay('11:59')).toBe('Morning');
    expect(partOfDay('12:00')).toBe('Afternoon');
    expect(partOfDay('17:00')).toBe('Evening');
    expect(groupByPartOfDay(['09:00', '13:00', '09:30'], (time) => time)).toEqual([
      ['Morning', ['09:00', '09:30']],
      ['Afternoon', ['13:00']],
    ]);
  });
});
