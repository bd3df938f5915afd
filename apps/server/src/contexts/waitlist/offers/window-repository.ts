/*
 * The SQL of offering a freed window longer than one appointment (issue 18, a new working-hours
 * block): what is busy inside it (appointments, the window's open offers) and which entries
 * already hold an open offer elsewhere.
 */
import { activeAppointmentStatuses } from '../../../platform/db/schema.ts';
import type { Db } from '../../../platform/db/database.ts';
import type { TimeRange } from './matching.ts';

/** The active appointments of a provider (or a patient) overlapping [fromMs, toMs), as ranges. */
export async function selectBusyRanges(
  db: Db,
  clientId: number,
  who: { providerId: number } | { patientId: number },
  fromMs: number,
  toMs: number,
): Promise<TimeRange[]> {
  let query = db
    .selectFrom('appointments')
    .select(['start_at', 'end_at'])
    .where('client_id', '=', clientId)
    .where('status', 'in', [...activeAppointmentStatuses])
    .where('start_at', '<', toMs)
    .where('end_at', '>', fromMs);
  query =
    'providerId' in who
      ? query.where('provider_id', '=', who.providerId)
      : query.where('patient_id', '=', who.patientId);
  const rows = await query.execute();
  return rows.map((row): TimeRange => [Number(row.start_at), Number(row.end_at)]);
}

/** The times held by the still-open offers of one freed window (each offer holds its own time). */
export async function selectOpenOfferRanges(
  db: Db,
  freedTimeId: number,
  nowMs: number,
): Promise<TimeRange[]> {
  const rows = await db
    .selectFrom('waitlist_offers')
    .select(['start_at', 'end_at'])
    .where('freed_time_id', '=', freedTimeId)
    .where('status', '=', 'sent')
    .where('expires_at', '>', nowMs)
    .execute();
  return rows.map((row): TimeRange => [Number(row.start_at), Number(row.end_at)]);
}

/**
 * The entries (of `entryIds`) that hold an open offer of any freed time: a new block of many days
 * offers each entry one time, not one per day.
 */
export async function selectEntriesWithOpenOffers(
  db: Db,
  clientId: number,
  entryIds: readonly number[],
  nowMs: number,
): Promise<Set<number>> {
  if (entryIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('waitlist_offers')
    .select('waitlist_entry_id')
    .where('client_id', '=', clientId)
    .where('waitlist_entry_id', 'in', [...entryIds])
    .where('status', '=', 'sent')
    .where('expires_at', '>', nowMs)
    .execute();
  return new Set(rows.map((row) => row.waitlist_entry_id));
}

/** Which of the services are offered at the location (a block frees time for those only). */
export async function selectServicesAtLocation(
  db: Db,
  locationId: number,
  serviceIds: readonly number[],
): Promise<Set<number>> {
  if (serviceIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('service_locations')
    .select('service_id')
    .where('location_id', '=', locationId)
    .where('service_id', 'in', [...new Set(serviceIds)])
    .execute();
  return new Set(rows.map((row) => row.service_id));
}

/** The provider's time off (at the location, or at every location) overlapping [fromMs, toMs). */
export async function selectTimeOffRanges(
  db: Db,
  freed: { clientId: number; providerId: number; locationId: number },
  fromMs: number,
  toMs: number,
): Promise<TimeRange[]> {
  const rows = await db
    .selectFrom('time_off')
    .select(['start_at', 'end_at'])
    .where('client_id', '=', freed.clientId)
    .where('provider_id', '=', freed.providerId)
    .where((eb) => eb.or([eb('location_id', 'is', null), eb('location_id', '=', freed.locationId)]))
    .where('start_at', '<', toMs)
    .where('end_at', '>', fromMs)
    .execute();
  return rows.map((row): TimeRange => [Number(row.start_at), Number(row.end_at)]);
}

/**
 * The brand's new-hours windows starting before this one whose first wave has not run (the waves
 * of one edit are queued at the same instant, in no guaranteed order): run first, they offer each
 * entry its earliest time.
 */
export async function selectEarlierUnofferedBlocks(db: Db, freedTimeId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('waitlist_freed_times as f')
    .innerJoin('waitlist_freed_times as self', 'self.client_id', 'f.client_id')
    .select('f.id')
    .where('self.id', '=', freedTimeId)
    .where('self.reason', '=', 'hours-added')
    .where('f.reason', '=', 'hours-added')
    .where('f.status', '=', 'offering')
    .where('f.waves_sent', '=', 0)
    .whereRef('f.start_at', '<', 'self.start_at')
    .orderBy('f.start_at')
    .orderBy('f.id')
    .execute();
  return rows.map((row) => row.id);
}
