/*
 * Database records → the availability engine's plain input (packages/domain availability).
 * Shared by the slot search and the booking re-check, so both judge a slot from the same data.
 */
import { formatLocalTime } from '@scheduler/domain/availability/local-time';
import type {
  AvailabilityLocation,
  AvailabilityProvider,
  BusyPeriod,
  WorkingHoursRow,
} from '@scheduler/domain/availability/types';
import type { LocationRecord, BookableProvider } from '../catalogue/index.ts';
import type { WorkingHoursRecord } from './slot-search/availability-repository.ts';
import type { BusyRecord } from './slot-search/busy-repository.ts';

export interface EngineProvider extends AvailabilityProvider {
  readonly record: BookableProvider;
}

/** The engine's `name` drives the alphabetic sort: last name, then first name. */
export function toEngineProvider(record: BookableProvider): EngineProvider {
  return {
    id: String(record.id),
    name: `${record.lastName}, ${record.firstName}`,
    gender: record.gender,
    onlineBookable: record.onlineBookable,
    ...(record.durationMinutes === null ? {} : { durationMinutes: record.durationMinutes }),
    record,
  };
}

export function toEngineLocation(location: LocationRecord): AvailabilityLocation {
  return {
    id: String(location.id),
    timeZone: location.timeZone,
    latitude: location.latitude,
    longitude: location.longitude,
  };
}

function clock(minute: number): string {
  return minute >= 1440 ? '24:00' : formatLocalTime(minute);
}

export function toEngineHours(rows: readonly WorkingHoursRecord[]): WorkingHoursRow[] {
  return rows.map((row) => ({
    providerId: String(row.providerId),
    locationId: String(row.locationId),
    weekday: row.weekday,
    startLocal: clock(row.startMinute),
    endLocal: clock(row.endMinute),
    effectiveFrom: row.effectiveFrom,
    effectiveTo: row.effectiveTo,
  }));
}

export interface EngineBusy {
  timeOff: BusyPeriod[];
  appointments: BusyPeriod[];
}

export function toEngineBusy(rows: readonly BusyRecord[]): EngineBusy {
  const busy: EngineBusy = { timeOff: [], appointments: [] };
  for (const row of rows) {
    const period: BusyPeriod = {
      providerId: String(row.providerId),
      startUtc: new Date(row.startAt),
      endUtc: new Date(row.endAt),
    };
    (row.kind === 'appointment' ? busy.appointments : busy.timeOff).push(period);
  }
  return busy;
}

/** Active appointments per provider that start inside [fromMs, toMs): the 'leastBusy' counts. */
export function bookedCounts(rows: readonly BusyRecord[], fromMs: number, toMs: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    if (row.kind !== 'appointment' || row.startAt < fromMs || row.startAt >= toMs) continue;
    const id = String(row.providerId);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** mulberry32 seeded by a text (FNV-1a): the same request assigns the same provider. */
export function seededRandom(seedText: string): () => number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < seedText.length; index++) {
    hash ^= seedText.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  let state = hash >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
