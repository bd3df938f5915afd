/*
 * Slots of published schedules, from the booking API's own availability service (issue 20: one
 * engine). Every question is a `searchSlots` call as the booking flow's getProviders makes it for
 * a new patient with no filter: `{ clientName, scheduler, appointmentTypeId, locationId,
 * providerId?, isExistingPatient: 'false', fromDate?, days? }`. A start range narrows the days
 * asked for (fromDate and days in the location's zone, at most 90 days a call); the exact bounds
 * are then applied to each slot. Shared with partners' Slot search (partners/).
 */
import { isDomainError } from '@scheduler/domain/errors';
import { addCalendarDays, toDayNumber } from '@scheduler/domain/local-date';
import { localDateOf } from '@scheduler/domain/time-zone';
import type { GetProvidersQuery, GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import type { AvailabilityService } from '../../scheduling/index.ts';
import type { Publication } from '../publication/publication-repository.ts';
import type { StartFilter } from './date-search.ts';
import type { SlotKey } from './ids.ts';
import type { PublishedCatalogue, PublishedSchedule } from './published-catalogue.ts';

export interface SlotHit {
  schedule: PublishedSchedule;
  /** UTC epoch ms. */
  startMs: number;
}

export interface SlotSource {
  availability: AvailabilityService;
  now: () => Date;
}

/** The most days one searchSlots call returns (the contract's `days` maximum). */
const MAX_DAYS_PER_CALL = 90;
/** A range reaching further than this past today asks nothing (no booking window is that long). */
const MAX_DAYS_AHEAD = 3 * 366;

/** The day ranges (fromDate, days) to ask for a start range in `timeZone`; [] when none can match. */
export function dayRangesFor(
  bounds: { from: number | undefined; until: number | undefined },
  timeZone: string,
  nowMs: number,
): { fromDate?: string; days?: number }[] {
  if (bounds.from === undefined && bounds.until === undefined) return [{}];
  if (bounds.from !== undefined && bounds.until !== undefined && bounds.until <= bounds.from) return [];
  // Far past any window (a slot id may name any minute, even past year 9999): nothing, before any date conversion.
  if (bounds.from !== undefined && bounds.from > nowMs + (MAX_DAYS_AHEAD + 2) * 86_400_000) return [];
  const today = localDateOf(nowMs, timeZone);
  const lower = bounds.from === undefined ? today : localDateOf(bounds.from, timeZone);
  const from = lower < today ? today : lower;
  if (toDayNumber(from) - toDayNumber(today) > MAX_DAYS_AHEAD) return [];
  if (bounds.until === undefined) return [{ fromDate: from }];
  const lastWanted = localDateOf(bounds.until - 1, timeZone);
  const lastDay = Math.min(toDayNumber(lastWanted), toDayNumber(today) + MAX_DAYS_AHEAD);
  const ranges: { fromDate: string; days: number }[] = [];
  for (let day = toDayNumber(from); day <= lastDay; day += MAX_DAYS_PER_CALL)
    ranges.push({
      fromDate: addCalendarDays(from, day - toDayNumber(from)),
      days: Math.min(MAX_DAYS_PER_CALL, lastDay - day + 1),
    });
  return ranges;
}

async function search(
  source: SlotSource,
  query: GetProvidersQuery,
): Promise<GetProvidersResponse | undefined> {
  try {
    return await source.availability.searchSlots(query);
  } catch (error) {
    // A refusal (the catalogue changed since it was read: service offline, location closed…) or a
    // record gone: nothing is bookable there, as the booking flow would say.
    if (isDomainError(error) && error.status < 500) return undefined;
    throw error;
  }
}

/**
 * The free slots of `schedules` within `start`: one searchSlots call per schedule (with its
 * provider), or, with `byLocationAndService`, one per location and service for all its providers
 * (a search of every schedule). Ordered by start, then by the schedules' order.
 */
export async function findSlots(
  source: SlotSource,
  publication: Pick<Publication, 'clientSlug' | 'scheduler'>,
  catalogue: PublishedCatalogue,
  schedules: readonly PublishedSchedule[],
  start: StartFilter,
  options: { byLocationAndService?: boolean } = {},
): Promise<SlotHit[]> {
  const nowMs = source.now().getTime();
  const groups = new Map<string, PublishedSchedule[]>();
  for (const schedule of schedules) {
    const key = options.byLocationAndService
      ? `${String(schedule.locationId)}-${String(schedule.serviceId)}`
      : `${String(schedule.providerId)}-${String(schedule.locationId)}-${String(schedule.serviceId)}`;
    groups.set(key, [...(groups.get(key) ?? []), schedule]);
  }
  const hits: SlotHit[] = [];
  for (const group of groups.values()) {
    const first = group[0];
    if (first === undefined) continue;
    const location = catalogue.locationById.get(first.locationId);
    if (location === undefined) continue;
    const byProvider = new Map(group.map((s) => [String(s.providerId), s]));
    for (const range of dayRangesFor(start.boundsIn(location.timeZone), location.timeZone, nowMs)) {
      const answer = await search(source, {
        clientName: publication.clientSlug,
        scheduler: publication.scheduler.slug,
        appointmentTypeId: String(first.serviceId),
        locationId: String(first.locationId),
        ...(group.length === 1 ? { providerId: String(first.providerId) } : {}),
        isExistingPatient: 'false',
        ...range,
      });
      for (const provider of answer?.providers ?? []) {
        const schedule = byProvider.get(provider.providerId);
        if (schedule === undefined) continue;
        for (const slot of provider.slots) {
          const startMs = Date.parse(slot.startUtc);
          if (slot.locationId === String(schedule.locationId) && start.matches(startMs, location.timeZone))
            hits.push({ schedule, startMs });
        }
      }
    }
  }
  const order = new Map(schedules.map((s, index) => [s, index]));
  return hits.sort(
    (a, b) => a.startMs - b.startMs || (order.get(a.schedule) ?? 0) - (order.get(b.schedule) ?? 0),
  );
}

/** One slot by its key, when it is free now (the day of its start, in its location's zone). */
export async function findSlot(
  source: SlotSource,
  publication: Pick<Publication, 'clientSlug' | 'scheduler'>,
  catalogue: PublishedCatalogue,
  key: SlotKey,
): Promise<SlotHit | undefined> {
  const schedule = catalogue.schedules.find(
    (s) =>
      s.providerId === key.providerId && s.locationId === key.locationId && s.serviceId === key.serviceId,
  );
  const location = catalogue.locationById.get(key.locationId);
  if (schedule === undefined || location === undefined) return undefined;
  const exactly: StartFilter = {
    empty: false,
    matches: (utcMs) => utcMs === key.startMs,
    boundsIn: () => ({ from: key.startMs, until: key.startMs + 60_000 }),
  };
  const [hit] = await findSlots(source, publication, catalogue, [schedule], exactly);
  return hit;
}
