/**
 * Issue 20: the bulk publisher's fast Slot lines are the very text of `JSON.stringify(toSlot(…))`,
 * on ordinary days, across daylight-saving changes, in zones with half- and quarter-hour offsets,
 * and for a brand whose names need JSON escaping.
 */
import type { Slot as EngineSlot } from '@scheduler/domain/availability/types';
import { localDateOf, localMinutesOf } from '@scheduler/domain/time-zone';
import { describe, expect, it } from 'vitest';
import type { FhirContext } from '../fhir/resources.ts';
import { toSlot } from '../fhir/resources.ts';
import { SlotLines } from './slot-lines.ts';
import type { SlotSchedule } from './slot-lines.ts';

const ctx: FhirContext = {
  publicUrl: 'https://book.example.org',
  clientSlug: 'brightsmile',
  schedulerSlug: 'main',
  brandPhone: '(555) 010-0000',
};

/** The engine's slots of one local day: `count` starts `stepMinutes` apart from `firstUtc`. */
function daySlots(
  firstUtc: string,
  count: number,
  stepMinutes: number,
  durationMinutes: number,
  timeZone: string,
): EngineSlot[] {
  const first = Date.parse(firstUtc);
  return Array.from({ length: count }, (_, index) => {
    const startUtcMs = first + index * stepMinutes * 60_000;
    const minutes = localMinutesOf(startUtcMs, timeZone);
    return {
      startUtcMs,
      endUtcMs: startUtcMs + durationMinutes * 60_000,
      dateLocal: localDateOf(startUtcMs, timeZone),
      timeLocal: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
    };
  });
}

function reference(context: FhirContext, schedule: SlotSchedule, slots: readonly EngineSlot[]): string {
  return slots
    .map(
      (slot) =>
        `${JSON.stringify(
          toSlot(context, {
            providerId: schedule.providerId,
            locationId: schedule.locationId,
            service: schedule.service,
            startMs: slot.startUtcMs,
            durationMinutes: (slot.endUtcMs - slot.startUtcMs) / 60_000,
            timeZone: schedule.timeZone,
            locationPhone: schedule.locationPhone,
          }),
        )}\n`,
    )
    .join('');
}

const service = { id: 7, name: 'Cleaning & "Exam"', description: null };

describe('SlotLines (the Slot file lines)', () => {
  it.each([
    ['an ordinary day in Chicago', 'America/Chicago', '2026-12-01T15:00:00Z', 30, 30],
    ['the day New York leaves daylight time', 'America/New_York', '2026-11-01T04:00:00Z', 96, 15],
    ['the day Los Angeles enters daylight time', 'America/Los_Angeles', '2027-03-14T08:00:00Z', 92, 15],
    ['a half-hour offset (Kolkata)', 'Asia/Kolkata', '2026-12-01T03:30:00Z', 20, 30],
    ['a quarter-hour offset (Kathmandu)', 'Asia/Kathmandu', '2026-12-01T03:15:00Z', 20, 30],
    ['Lord Howe leaving half-hour daylight time', 'Australia/Lord_Howe', '2027-04-03T13:00:00Z', 48, 15],
    ['UTC', 'UTC', '2026-12-31T20:00:00Z', 16, 30],
  ])('writes toSlot’s own text on %s', (_label, timeZone, firstUtc, count, step) => {
    const schedule: SlotSchedule = { providerId: 12, locationId: 3, service, timeZone, locationPhone: '' };
    const slots = daySlots(firstUtc, count, step, 45, timeZone);
    const lines = new SlotLines(ctx, schedule);
    expect(lines.day(slots)).toBe(reference(ctx, schedule, slots));
    expect(lines.templated).toBe(true);
    // A second day through the same template.
    const next = daySlots(
      new Date(Date.parse(firstUtc) + 86_400_000).toISOString(),
      count,
      step,
      45,
      timeZone,
    );
    expect(lines.day(next)).toBe(reference(ctx, schedule, next));
  });

  it('keeps the location’s phone, escapes names, and writes nothing for a day without slots', () => {
    const odd: FhirContext = { ...ctx, clientSlug: 'smile-&-co', brandPhone: '' };
    const schedule: SlotSchedule = {
      providerId: 5,
      locationId: 9,
      service: { id: 2, name: 'Back\\slash “quoted” \u2028 line', description: 'x' },
      timeZone: 'America/Denver',
      locationPhone: '(303) 555-0199',
    };
    const slots = daySlots('2026-12-02T16:00:00Z', 10, 20, 20, 'America/Denver');
    const lines = new SlotLines(odd, schedule);
    const text = lines.day(slots);
    expect(text).toBe(reference(odd, schedule, slots));
    expect(lines.templated).toBe(true);
    expect(text.split('\n')).toHaveLength(11);
    expect(JSON.parse(text.split('\n')[0] ?? '')).toMatchObject({ resourceType: 'Slot', status: 'free' });
    expect(lines.day([])).toBe('');
  });
});
