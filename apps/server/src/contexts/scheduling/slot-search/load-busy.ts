/*
 * The busy periods of a search's providers (issue 22): kept ones as they are, kept ones of an
 * older version moved by the changes logged since, the others read whole (kept-busy.ts).
 */
import type { BookingWindow } from '@scheduler/domain/booking-window';
import type { AvailabilityRepository, SearchProviderRecord } from './availability-repository.ts';
import type { BusyChange } from './busy-repository.ts';
import type { SearchScopeParts } from './compute.ts';
import { applyBusyDeltas, countBetween, keptBusyOf } from './kept-busy.ts';
import type { BusyDelta, KeptBusy } from './kept-busy.ts';
import type { SearchCache } from './search-cache.ts';

/** Busy periods are read this far past the window, so the kept ones serve the next days' windows too. */
const BUSY_READ_AHEAD_MS = 7 * 86_400_000;

/**
 * Per provider kept at an older version, its logged changes after that version when they are all
 * there: versions kept+1 … n without a gap, n at least the version statement 3 read.
 */
function completeDeltas(
  changes: readonly BusyChange[],
  older: ReadonlyMap<number, KeptBusy>,
  current: ReadonlyMap<number, number>,
): Map<number, BusyDelta[]> {
  const byProvider = new Map<number, BusyDelta[]>();
  for (const change of changes) {
    const kept = older.get(change.providerId);
    if (kept === undefined || change.version <= kept.version) continue;
    let list = byProvider.get(change.providerId);
    if (list === undefined) byProvider.set(change.providerId, (list = []));
    list.push(change);
  }
  const complete = new Map<number, BusyDelta[]>();
  for (const [providerId, list] of byProvider) {
    list.sort((a, b) => a.version - b.version);
    let expected = (older.get(providerId)?.version ?? 0) + 1;
    let gap = false;
    for (const change of list) {
      if (change.version === expected) expected++;
      else if (change.version !== expected - 1) {
        gap = true;
        break;
      }
    }
    if (!gap && expected - 1 >= (current.get(providerId) ?? 0)) complete.set(providerId, list);
  }
  return complete;
}

/**
 * Busy periods of every provider, after statement 3: kept ones at least as new as the version it
 * read, as they are; kept ones of an older version moved by the changes logged since (one
 * statement for all of them, kept-busy.ts); the others, and any whose changes are not all in the
 * log, read whole (statement 5), each at the version read in the same statement.
 */
export async function loadBusy(
  repository: AvailabilityRepository,
  cache: SearchCache,
  parts: SearchScopeParts,
  window: BookingWindow,
  providerRecords: readonly SearchProviderRecord[],
): Promise<{ busyOf: Map<number, KeptBusy>; bookedCounts: Map<string, number> }> {
  const { scope, service } = parts;
  const fromMs = window.earliest.getTime();
  const toMs = window.latestExclusive.getTime();
  const busyOf = new Map<number, KeptBusy>();
  const older = new Map<number, KeptBusy>();
  const current = new Map<number, number>();
  for (const record of providerRecords) {
    current.set(record.id, record.busyVersion);
    const kept = cache.busyOf(scope.clientId, record.id, fromMs, toMs);
    if (kept === undefined) continue;
    if (kept.version >= record.busyVersion) busyOf.set(record.id, kept);
    else older.set(record.id, kept);
  }

  if (older.size > 0) {
    const afterVersion = Math.min(...[...older.values()].map((kept) => kept.version));
    const deltas = completeDeltas(
      await repository.listBusyChanges([...older.keys()], afterVersion),
      older,
      current,
    );
    for (const [providerId, kept] of older) {
      const list = deltas.get(providerId);
      // Another search may have moved it meanwhile (by these changes or some of them): the ones
      // above its version apply. Spoilt, it is dropped and read whole below.
      if (list === undefined || cache.busyOf(scope.clientId, providerId, fromMs, toMs) !== kept) continue;
      if (applyBusyDeltas(kept, list)) busyOf.set(providerId, kept);
      else cache.forgetBusy(scope.clientId, providerId);
    }
  }

  const whole = providerRecords.filter((record) => !busyOf.has(record.id));
  if (whole.length > 0) {
    const readTo = toMs + BUSY_READ_AHEAD_MS;
    const { busy, versions } = await repository.listBusy({
      clientId: scope.clientId,
      serviceId: service.id,
      fromMs,
      toMs: readTo,
      providerIds: whole.map((record) => record.id),
    });
    for (const record of whole) {
      const kept = keptBusyOf(
        busy.get(record.id) ?? { appointments: [], timeOff: [] },
        versions.get(record.id) ?? 0,
        fromMs,
        readTo,
      );
      cache.keepBusy(scope.clientId, record.id, kept);
      busyOf.set(record.id, kept);
    }
  }
  const bookedCounts = new Map<string, number>();
  for (const [id, kept] of busyOf) {
    const count = countBetween(kept, fromMs, toMs);
    if (count > 0) bookedCounts.set(String(id), count);
  }
  return { busyOf, bookedCounts };
}
