/*
 * Slot NDJSON lines, fast (issue 20): a brand of 500 providers publishes hundreds of thousands of
 * Slots, and building each through `toSlot` (fhir/resources.ts) and JSON.stringify costs ~10 µs, most
 * of it the time-zone formatting of start and end. A line is the same text as
 * `JSON.stringify(toSlot(ctx, input))`, made once per Schedule by `toSlot` itself and then reused as
 * a template: its id, start and end are the only parts that vary between the slots of one Schedule
 * (the deep link carries the id). The template is checked against `toSlot` on the first slot of its
 * Schedule and falls back to `toSlot` for that Schedule when the two ever differ; the tests compare
 * every line of the files with `toSlot` (slot-lines.test.ts, bulk.test.ts).
 *
 * Times: a local day's offset is read once (at its first start and its last end: no time zone
 * changes its offset and back within a day); a day with a transition between them formats each
 * time with `fhirInstantInZone`.
 */
import type { Slot as EngineSlot } from '@scheduler/domain/availability/types';
import { timeZoneOffsetMinutes } from '@scheduler/domain/time-zone';
import type { FhirContext, ServiceInput, SlotInput } from '../fhir/resources.ts';
import { scheduleIdOf } from '../fhir/ids.ts';
import { fhirInstantInZone, toSlot } from '../fhir/resources.ts';

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;

const two = (n: number): string => (n < 10 ? `0${String(n)}` : String(n));

/** 'HH:mm' of each minute of a day. */
const CLOCK: readonly string[] = Array.from(
  { length: DAY_MINUTES },
  (_, minute) => `${two(Math.floor(minute / 60))}:${two(minute % 60)}`,
);

/** '±hh:mm' of an offset in minutes, as fhirInstantInZone writes it. */
function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

/** 'YYYY-MM-DD' of a day number (days since 1970-01-01), kept per day. */
const dayTexts = new Map<number, string>();
function dayText(dayNumber: number): string {
  let text = dayTexts.get(dayNumber);
  if (text === undefined) {
    text = new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);
    if (dayTexts.size > 10_000) dayTexts.clear();
    dayTexts.set(dayNumber, text);
  }
  return text;
}

/** Offsets read, per zone and instant: a day's first starts and last ends repeat across Schedules. */
const offsets = new Map<string, Map<number, number>>();
function offsetMinutesAt(utcMs: number, timeZone: string): number {
  let zone = offsets.get(timeZone);
  if (zone === undefined) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  let offset = zone.get(utcMs);
  if (offset === undefined) {
    offset = timeZoneOffsetMinutes(utcMs, timeZone);
    if (zone.size >= 100_000) zone.clear();
    zone.set(utcMs, offset);
  }
  return offset;
}

/** `YYYY-MM-DDThh:mm:ss±hh:mm` of a whole-minute instant at a known offset. */
function instantAt(utcMs: number, offsetMinutes: number, offset: string): string {
  const wallMinutes = Math.floor(utcMs / MINUTE_MS) + offsetMinutes;
  const day = Math.floor(wallMinutes / DAY_MINUTES);
  return `${dayText(day)}T${CLOCK[wallMinutes - day * DAY_MINUTES] ?? ''}:00${offset}`;
}

/** The Slot ids of a Schedule start so (fhir/ids.ts: `{scheduleId}-{startUnixMinutes}`). */
function prefix(schedule: SlotSchedule): string {
  return `${scheduleIdOf({ providerId: schedule.providerId, locationId: schedule.locationId, serviceId: schedule.service.id })}-`;
}

/** What the Slots of one Schedule share. */
export interface SlotSchedule {
  providerId: number;
  locationId: number;
  service: ServiceInput;
  timeZone: string;
  locationPhone: string;
}

type Part = 'id' | 'start' | 'end';

interface Template {
  texts: string[];
  /** What goes between texts[i] and texts[i + 1]. */
  holes: Part[];
}

/** Splits a line at the occurrences of its id, start and end; undefined when they overlap. */
function templateOf(line: string, values: Record<Part, string>): Template | undefined {
  const found: { at: number; part: Part }[] = [];
  for (const part of ['id', 'start', 'end'] as const) {
    const value = values[part];
    for (let at = line.indexOf(value); at !== -1; at = line.indexOf(value, at + value.length))
      found.push({ at, part });
  }
  found.sort((a, b) => a.at - b.at);
  const texts: string[] = [];
  const holes: Part[] = [];
  let from = 0;
  for (const { at, part } of found) {
    if (at < from) return undefined;
    texts.push(line.slice(from, at));
    holes.push(part);
    from = at + values[part].length;
  }
  texts.push(line.slice(from));
  return { texts, holes };
}

/** The Slot lines of one Schedule: `line(slot)` equals `JSON.stringify(toSlot(ctx, …))`. */
export class SlotLines {
  private template: Template | null | undefined;

  constructor(
    private readonly ctx: FhirContext,
    private readonly schedule: SlotSchedule,
  ) {}

  /** Whether lines are made from the template (false: through toSlot; undefined: no line yet). */
  get templated(): boolean | undefined {
    return this.template === undefined ? undefined : this.template !== null;
  }

  private input(slot: EngineSlot): SlotInput {
    return {
      providerId: this.schedule.providerId,
      locationId: this.schedule.locationId,
      service: this.schedule.service,
      startMs: slot.startUtcMs,
      durationMinutes: Math.round((slot.endUtcMs - slot.startUtcMs) / MINUTE_MS),
      timeZone: this.schedule.timeZone,
      locationPhone: this.schedule.locationPhone,
    };
  }

  /** The slow, reference line. */
  private reference(slot: EngineSlot): string {
    return JSON.stringify(toSlot(this.ctx, this.input(slot)));
  }

  private fill(template: Template, values: Record<Part, string>): string {
    const { texts, holes } = template;
    let line = texts[0] ?? '';
    for (let index = 0; index < holes.length; index++)
      line += values[holes[index] ?? 'id'] + (texts[index + 1] ?? '');
    return line;
  }

  /**
   * The lines of one local day's slots (ascending, of this Schedule), each ending in a newline.
   */
  day(slots: readonly EngineSlot[]): string {
    const first = slots[0];
    const last = slots[slots.length - 1];
    if (first === undefined || last === undefined) return '';
    if (this.template === undefined) this.template = this.learn(first);
    const { timeZone } = this.schedule;
    const offsetMinutes = offsetMinutesAt(first.startUtcMs, timeZone);
    const steady = this.template !== null && offsetMinutesAt(last.endUtcMs, timeZone) === offsetMinutes;
    const offset = offsetText(offsetMinutes);
    const ids = prefix(this.schedule);
    let text = '';
    for (const slot of slots) {
      if (this.template === null) {
        text += `${this.reference(slot)}\n`;
        continue;
      }
      const values: Record<Part, string> = steady
        ? {
            id: ids + String(Math.floor(slot.startUtcMs / MINUTE_MS)),
            start: instantAt(slot.startUtcMs, offsetMinutes, offset),
            end: instantAt(slot.endUtcMs, offsetMinutes, offset),
          }
        : {
            id: ids + String(Math.floor(slot.startUtcMs / MINUTE_MS)),
            start: fhirInstantInZone(slot.startUtcMs, timeZone),
            end: fhirInstantInZone(slot.endUtcMs, timeZone),
          };
      text += `${this.fill(this.template, values)}\n`;
    }
    return text;
  }

  /** The Schedule's template from `toSlot`'s own line, or null when it cannot be one. */
  private learn(slot: EngineSlot): Template | null {
    const resource = toSlot(this.ctx, this.input(slot));
    const line = JSON.stringify(resource);
    const { id, start, end } = resource;
    if (id === undefined || start === undefined || end === undefined) return null;
    const values = { id, start, end };
    const template = templateOf(line, values);
    // Only when it gives back the very line, and the slot's times format as fhirInstantInZone's.
    if (template === undefined || this.fill(template, values) !== line) return null;
    const offsetMinutes = timeZoneOffsetMinutes(slot.startUtcMs, this.schedule.timeZone);
    const offset = offsetText(offsetMinutes);
    if (
      instantAt(slot.startUtcMs, offsetMinutes, offset) !== start ||
      `${prefix(this.schedule)}${String(Math.floor(slot.startUtcMs / MINUTE_MS))}` !== id
    )
      return null;
    return template;
  }
}
