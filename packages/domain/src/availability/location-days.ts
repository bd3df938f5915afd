/**
 * A provider's free days at one location, as `computeFreeDays` keeps them: the local days with a
 * free start (their cached `ZoneDay`s) and, per day, its free grid starts as (first, count) runs in
 * one `Int32Array`, in units elapsed since the day's first instant. Slot objects are built only
 * for the days a caller asks for. Two of them can be spliced by days without building any slot.
 */
import { MS_PER_MINUTE } from './engine-input.ts';
import { TIME_LABELS, formatLocalTime, greatestCommonDivisor, parseLocalDate } from './local-time.ts';
import { wallMinuteOfElapsed } from '../time-zone.ts';
import type { ZoneDay } from '../time-zone.ts';
import type { AvailabilityLocation, Slot } from './types.ts';

export interface LocationDays {
  location: AvailabilityLocation;
  locationId: string;
  /** Local dates (YYYY-MM-DD) with at least one slot, ascending; no slot objects are built. */
  readonly dates: readonly string[];
  /** First slot in the window at this location. */
  readonly nextAvailable: Slot | null;
  /** True when the provider has no bookable slot at this location in the window. */
  noCapacity: boolean;
  /** How many slots the window holds at this location (no slot objects are built). */
  readonly slotCount: number;
  /** First slot on or after that local date (YYYY-MM-DD); RangeError when malformed. */
  firstSlotFrom(dateLocal: string): Slot | null;
  /**
   * Slots of the local dates in [fromDate, untilDate), ascending; `untilDate` defaults to the day
   * after `fromDate` (one day). Slot objects are built for those dates only. RangeError when malformed.
   */
  slotsOn(fromDate: string, untilDate?: string): Slot[];
  /** Every slot of the window, ascending (bulk publishing). */
  allSlots(): Slot[];
}

export const EMPTY_RUNS = new Int32Array(0);
// Module-level copies: read in the per-slot loop, where an imported binding costs an access each time.
const MINUTE_MS = MS_PER_MINUTE;
const LABELS = TIME_LABELS;

/** Days `from` to `until - 1` of `source`: one piece of a splice. */
interface DayRange {
  readonly source: CompactLocationDays;
  readonly from: number;
  readonly until: number;
}

/** The free days of one provider at one location: days with starts, and their starts as runs. */
export class CompactLocationDays implements LocationDays {
  private datesCache: readonly string[] | undefined;
  private nextCache: Slot | null | undefined;
  readonly locationId: string;
  readonly noCapacity: boolean;
  private readonly unit: number;
  private readonly stepUnits: number;

  constructor(
    readonly location: AvailabilityLocation,
    /** Days with at least one free start, ascending. */
    private readonly days: readonly ZoneDay[],
    /** Runs of `days[i]` are `runs[offsets[i]]` to `runs[offsets[i + 1] - 1]`. */
    private readonly offsets: Int32Array,
    /** (first start, count) pairs: free starts `stepUnits` apart, in units since their day's start. */
    private readonly runs: Int32Array,
    readonly slotCount: number,
    unit: number,
    stepUnits: number,
    private readonly durationMs: number,
  ) {
    // Small integers (the axis computes them by division): keeps the per-slot loop on integer arithmetic.
    this.unit = unit | 0;
    this.stepUnits = stepUnits | 0;
    this.locationId = location.id;
    this.noCapacity = days.length === 0;
  }

  get dates(): readonly string[] {
    this.datesCache ??= this.days.map((day) => day.dateLocal);
    return this.datesCache;
  }

  get nextAvailable(): Slot | null {
    if (this.nextCache === undefined) this.nextCache = this.noCapacity ? null : this.slotAt(0, 0);
    return this.nextCache;
  }

  /** Start of the first slot in the window (ms), or `Infinity`; builds nothing. */
  firstStartUtcMs(): number {
    const day = this.days[0];
    if (day === undefined) return Number.POSITIVE_INFINITY;
    return day.startUtcMs + (this.runs[0] ?? 0) * this.unit * MS_PER_MINUTE;
  }

  firstSlotFrom(dateLocal: string): Slot | null {
    const index = this.firstDayFrom(parseLocalDate(dateLocal));
    return index < this.days.length ? this.slotAt(index, this.offsets[index] ?? 0) : null;
  }

  slotsOn(fromDate: string, untilDate?: string): Slot[] {
    const fromDay = parseLocalDate(fromDate);
    const untilDay = untilDate === undefined ? fromDay + 1 : parseLocalDate(untilDate);
    const slots: Slot[] = [];
    for (let index = this.firstDayFrom(fromDay); index < this.days.length; index++) {
      if ((this.days[index]?.dayNumber ?? untilDay) >= untilDay) break;
      this.appendDay(slots, index);
    }
    return slots;
  }

  allSlots(): Slot[] {
    const slots: Slot[] = [];
    for (let index = 0; index < this.days.length; index++) this.appendDay(slots, index);
    return slots;
  }

  /**
   * The days of `kept` outside the local days [fromDay, untilDay) and those of `fresh` inside
   * them, as one value; `null` stands for no days. Runs are copied as they are, rescaled only
   * when the two were computed on different time units (the finer one is kept). Undefined when
   * the two disagree on the step or the duration while both contribute days.
   */
  static splice(
    location: AvailabilityLocation,
    kept: CompactLocationDays | null,
    fresh: CompactLocationDays | null,
    fromDay: number,
    untilDay: number,
  ): CompactLocationDays | undefined {
    const parts: DayRange[] = [];
    let slotCount = 0;
    let cut = false;
    if (kept !== null) {
      const cutFrom = kept.firstDayFrom(fromDay);
      const cutUntil = Math.max(cutFrom, kept.firstDayFrom(untilDay));
      cut = cutUntil > cutFrom;
      parts.push({ source: kept, from: 0, until: cutFrom });
      parts.push({ source: kept, from: cutUntil, until: kept.days.length });
      slotCount += kept.slotCount - kept.startsBetween(cutFrom, cutUntil);
    }
    if (fresh !== null) {
      const from = fresh.firstDayFrom(fromDay);
      const until = Math.max(from, fresh.firstDayFrom(untilDay));
      // Between kept's days before the range and those after it.
      parts.splice(Math.min(1, parts.length), 0, { source: fresh, from, until });
      slotCount += fresh.startsBetween(from, until);
    }
    const used = parts.filter((part) => part.until > part.from);
    if (kept !== null && !cut && !used.some((part) => part.source === fresh)) return kept;
    const only = used.length === 1 ? used[0] : undefined;
    if (only !== undefined && only.from === 0 && only.until === only.source.days.length) return only.source;

    const model = used[0]?.source ?? fresh ?? kept;
    if (model === null) return undefined;
    let unit = model.unit;
    for (const { source } of used) {
      if (source.stepUnits * source.unit !== model.stepUnits * model.unit) return undefined;
      if (source.durationMs !== model.durationMs) return undefined;
      unit = greatestCommonDivisor(unit, source.unit);
    }
    let dayCount = 0;
    let runCount = 0;
    for (const { source, from, until } of used) {
      dayCount += until - from;
      runCount += (source.offsets[until] ?? 0) - (source.offsets[from] ?? 0);
    }
    const days: ZoneDay[] = [];
    const offsets = new Int32Array(dayCount + 1);
    const runs = runCount === 0 ? EMPTY_RUNS : new Int32Array(runCount);
    let written = 0;
    for (const { source, from, until } of used) {
      const begin = source.offsets[from] ?? 0;
      const end = source.offsets[until] ?? 0;
      const scale = source.unit / unit;
      if (scale === 1) runs.set(source.runs.subarray(begin, end), written);
      else
        for (let at = begin; at < end; at += 2) {
          runs[written + at - begin] = (source.runs[at] ?? 0) * scale;
          runs[written + at - begin + 1] = source.runs[at + 1] ?? 0;
        }
      for (let index = from; index < until; index++) {
        const day = source.days[index];
        if (day !== undefined) days.push(day);
        offsets[days.length] = written + (source.offsets[index + 1] ?? 0) - begin;
      }
      written += end - begin;
    }
    return new CompactLocationDays(
      location,
      days,
      offsets,
      runs,
      slotCount,
      unit,
      (model.stepUnits * model.unit) / unit,
      model.durationMs,
    );
  }

  /** How many starts days `from` to `until - 1` hold. */
  private startsBetween(from: number, until: number): number {
    let count = 0;
    const end = this.offsets[until] ?? 0;
    for (let at = (this.offsets[from] ?? 0) + 1; at < end; at += 2) count += this.runs[at] ?? 0;
    return count;
  }

  /** Index of the first kept day on or after `dayNumber` (binary search). */
  private firstDayFrom(dayNumber: number): number {
    let low = 0;
    let high = this.days.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.days[middle]?.dayNumber ?? dayNumber) < dayNumber) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private appendDay(slots: Slot[], index: number): void {
    const day = this.days[index];
    if (day === undefined) return;
    const { unit, durationMs, runs, stepUnits } = this;
    const { dateLocal, startUtcMs: dayStartMs } = day;
    // Without an offset change, the wall clock is the elapsed time plus a constant: one zone
    // lookup for the day, a table lookup per slot. (`| 0` keeps the table index a small integer:
    // zone arithmetic gives floating-point numbers, and a float index is a slow, allocating lookup.)
    const plainDay = day.transitionUtcMs === Number.POSITIVE_INFINITY;
    const wallShift = plainDay ? wallMinuteOfElapsed(day, 0) | 0 : 0;
    const end = this.offsets[index + 1] ?? 0;
    for (let at = this.offsets[index] ?? 0; at < end; at += 2) {
      const first = runs[at] ?? 0;
      const last = first + ((runs[at + 1] ?? 0) - 1) * stepUnits;
      for (let start = first; start <= last; start += stepUnits) {
        const elapsedMinutes = start * unit;
        const startUtcMs = dayStartMs + elapsedMinutes * MINUTE_MS;
        const wallMinute = plainDay
          ? (wallShift + elapsedMinutes) | 0
          : wallMinuteOfElapsed(day, elapsedMinutes) | 0;
        slots.push({
          startUtcMs,
          endUtcMs: startUtcMs + durationMs,
          dateLocal,
          timeLocal: LABELS[wallMinute] ?? formatLocalTime(wallMinute),
        });
      }
    }
  }

  private slotAt(index: number, at: number): Slot | null {
    const day = this.days[index];
    if (day === undefined) return null;
    const elapsedMinutes = (this.runs[at] ?? 0) * this.unit;
    const startUtcMs = day.startUtcMs + elapsedMinutes * MS_PER_MINUTE;
    return {
      startUtcMs,
      endUtcMs: startUtcMs + this.durationMs,
      dateLocal: day.dateLocal,
      timeLocal: formatLocalTime(wallMinuteOfElapsed(day, elapsedMinutes)),
    };
  }
}
