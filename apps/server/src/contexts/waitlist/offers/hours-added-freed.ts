/*
 * Issue 18, "a new working-hours block" frees time: the hook the providers' edit calls INSIDE its
 * transaction, after it replaced the provider's working hours. Every window the change adds
 * (hours-added.ts) between now and the end of the booking window becomes one freed time
 * (`timeFreed`, reason 'hours-added', no service: any the provider offers at that location).
 *
 * Horizon: the booking window is a per-scheduler setting (how far out, business or calendar days)
 * and a provider serves the whole brand, so the horizon ends at the LATEST booking-window end of
 * the brand's schedulers, per location zone: any block a patient could book on some scheduler.
 */
import { computeBookingWindow } from '@scheduler/domain/booking-window';
import { resolveSettings } from '@scheduler/domain/settings';
import type { Db } from '../../../platform/db/database.ts';
import { addedWorkingWindows } from './hours-added.ts';
import type { HoursRow } from './hours-added.ts';
import type { WaitlistOffers } from './time-freed.ts';

export interface WorkingHoursChange {
  clientId: number;
  providerId: number;
  /** The provider's rows before the edit, and the rows that replace them. */
  before: readonly HoursRow[];
  after: readonly HoursRow[];
  atMs: number;
}

/** Called by the providers' edit in its transaction (app.ts hands it to the provider routes). */
export type WorkingHoursChangeHook = (trx: Db, change: WorkingHoursChange) => Promise<void>;

/** The latest booking-window end over the brand's schedulers and the given zones; null without a scheduler. */
async function horizonEndMs(trx: Db, clientId: number, zones: readonly string[], atMs: number) {
  const rows = await trx
    .selectFrom('schedulers as s')
    .leftJoin('scheduler_settings as ss', (join) =>
      join.onRef('ss.scheduler_id', '=', 's.id').onRef('ss.client_id', '=', 's.client_id'),
    )
    .select(['s.id', 'ss.setting_group', 'ss.setting_order', 'ss.value'])
    .where('s.client_id', '=', clientId)
    .execute();
  const bySchedulers = new Map<number, { group: string; order: number; value: string }[]>();
  for (const row of rows) {
    const list = bySchedulers.get(row.id) ?? [];
    if (row.setting_group !== null && row.setting_order !== null && row.value !== null)
      list.push({ group: row.setting_group, order: row.setting_order, value: row.value });
    bySchedulers.set(row.id, list);
  }
  let end: number | null = null;
  for (const list of bySchedulers.values()) {
    const settings = resolveSettings(list);
    for (const zone of zones) {
      const windowEnd = computeBookingWindow(settings, new Date(atMs), zone).latestExclusive.getTime();
      end = end === null ? windowEnd : Math.max(end, windowEnd);
    }
  }
  return end;
}

/** `now`: the offers' clock (the app's; else the edit's time). */
export function offerAddedHours(offers: WaitlistOffers, now?: () => Date): WorkingHoursChangeHook {
  return async (trx, { clientId, providerId, before, after, atMs: editedAtMs }) => {
    const atMs = now === undefined ? editedAtMs : now().getTime();
    const locationIds = [...new Set(after.map((row) => row.locationId))];
    if (locationIds.length === 0) return;
    const locations = await trx
      .selectFrom('locations')
      .select(['id', 'time_zone'])
      .where('client_id', '=', clientId)
      .where('id', 'in', locationIds)
      .execute();
    const zoneOf = new Map(locations.map((row) => [row.id, row.time_zone]));
    const toMs = await horizonEndMs(trx, clientId, [...new Set(zoneOf.values())], atMs);
    if (toMs === null) return;
    const windows = addedWorkingWindows(
      before,
      after.filter((row) => zoneOf.has(row.locationId)),
      { fromMs: atMs, toMs, timeZoneOf: (locationId) => zoneOf.get(locationId) ?? 'UTC' },
    ).sort((a, b) => a.startUtcMs - b.startUtcMs);
    // Earliest first: the first windows' waves offer an entry its earliest time.
    for (const window of windows)
      await offers.timeFreed(trx, {
        clientId,
        locationId: window.locationId,
        providerId,
        startUtcMs: window.startUtcMs,
        endUtcMs: window.endUtcMs,
        reason: 'hours-added',
      });
  };
}
