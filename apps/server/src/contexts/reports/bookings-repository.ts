/* Bookings (by booking time, entered-in-error aside): per bucket for the chart, and in all per channel, service and location. */
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';
import {
  DAY_MS,
  HOUR_MS,
  QUARTER_MS,
  byCreated,
  channelOf,
  rollupChannel,
  rollupChannelOf,
  splitRange,
} from './report-queries-repository.ts';
import type { ReportFilter, Span } from './report-queries-repository.ts';

export interface BookingGroup {
  serviceId: number;
  locationId: number;
  channel: string;
  count: number;
}

/** Bookings in all and per channel, service and location (no zero counts). */
export interface BookingTotals {
  bookings: number;
  byChannel: Map<string, number>;
  byService: Map<number, number>;
  byLocation: Map<number, number>;
}

type QuarterSlice = Pick<DB['report_bookings_quarterly'], 'dimension' | 'value'>;

/** The only dimension filtered on, when it is one of the quarter-hour roll-up's slices. */
function quarterSlice(filter: ReportFilter): QuarterSlice | undefined {
  if (filter.providerId !== undefined) return undefined;
  const slices: QuarterSlice[] = [];
  if (filter.locationId !== undefined)
    slices.push({ dimension: 'location', value: String(filter.locationId) });
  if (filter.serviceId !== undefined) slices.push({ dimension: 'service', value: String(filter.serviceId) });
  if (filter.channel !== undefined) slices.push({ dimension: 'channel', value: filter.channel });
  if (slices.length > 1) return undefined;
  return slices[0] ?? { dimension: 'all', value: '' };
}

/** Bookings per (service, location, channel). */
async function bookingGroups(db: Db, clientId: number, filter: ReportFilter): Promise<BookingGroup[]> {
  const fromRows = async (span: Span): Promise<BookingGroup[]> => {
    const rows = await byCreated(db, clientId, { ...filter, ...span })
      .select((eb) => [
        'appointments.service_id',
        'appointments.location_id',
        'appointments.channel',
        eb.fn.countAll<number>().as('n'),
      ])
      .groupBy(['appointments.service_id', 'appointments.location_id', 'appointments.channel'])
      .execute();
    return rows.map((row) => ({
      serviceId: row.service_id,
      locationId: row.location_id,
      channel: channelOf(row.channel),
      count: Number(row.n),
    }));
  };
  if (filter.providerId !== undefined) return fromRows(filter);
  const { units, edges } = splitRange(filter.from, filter.before, DAY_MS);
  const fromRollup = async (): Promise<BookingGroup[]> => {
    if (units === undefined) return [];
    let query = db
      .selectFrom('report_bookings_daily')
      .select((eb) => [
        'service_id',
        'location_id',
        'channel',
        'channel_null',
        eb.fn.sum<number>('bookings').as('n'),
      ])
      .where('client_id', '=', clientId)
      .where('day', '>=', units.first)
      .where('day', '<', units.end);
    if (filter.locationId !== undefined) query = query.where('location_id', '=', filter.locationId);
    if (filter.serviceId !== undefined) query = query.where('service_id', '=', filter.serviceId);
    if (filter.channel !== undefined) query = query.where(rollupChannel(filter));
    const rows = await query.groupBy(['service_id', 'location_id', 'channel', 'channel_null']).execute();
    return rows.map((row) => ({
      serviceId: row.service_id,
      locationId: row.location_id,
      channel: rollupChannelOf(row),
      count: Number(row.n),
    }));
  };
  const parts = await Promise.all([fromRollup(), ...edges.map(fromRows)]);
  return parts.flat().filter((group) => group.count !== 0);
}

/** Bookings per bucket of `bucketMs` (bucket start, epoch ms). */
export async function bookingsPerBucket(
  db: Db,
  clientId: number,
  filter: ReportFilter,
  bucketMs: number,
): Promise<{ bucketStart: number; count: number }[]> {
  const fromRows = async (span: Span) => {
    const bucket = sql<number>`(appointments.created_at / ${sql.lit(bucketMs)})`;
    const rows = await byCreated(db, clientId, { ...filter, ...span })
      .select((eb) => [bucket.as('bucket'), eb.fn.countAll<number>().as('n')])
      .groupBy(bucket)
      .execute();
    return rows.map((row) => ({ bucketStart: Number(row.bucket) * bucketMs, count: Number(row.n) }));
  };
  const slice = quarterSlice(filter);
  if (slice === undefined) return fromRows(filter);
  // Hour buckets: the hourly roll-up (24 rows a day); else quarter hours (96 rows a day).
  const hourly = bucketMs === HOUR_MS;
  const unitMs = hourly ? HOUR_MS : QUARTER_MS;
  const { units, edges } = splitRange(filter.from, filter.before, unitMs);
  const fromRollup = async () => {
    if (units === undefined) return [];
    const rows = hourly
      ? await db
          .selectFrom('report_bookings_hourly')
          .select(['hour as unit', 'bookings'])
          .where('client_id', '=', clientId)
          .where('dimension', '=', slice.dimension)
          .where('value', '=', slice.value)
          .where('hour', '>=', units.first)
          .where('hour', '<', units.end)
          .where('bookings', '<>', 0)
          .execute()
      : await db
          .selectFrom('report_bookings_quarterly')
          .select(['quarter as unit', 'bookings'])
          .where('client_id', '=', clientId)
          .where('dimension', '=', slice.dimension)
          .where('value', '=', slice.value)
          .where('quarter', '>=', units.first)
          .where('quarter', '<', units.end)
          .where('bookings', '<>', 0)
          .execute();
    return rows.map((row) => ({
      bucketStart: Number(row.unit) * unitMs,
      count: Number(row.bookings),
    }));
  };
  const parts = await Promise.all([fromRollup(), ...edges.map(fromRows)]);
  return parts.flat();
}

/** Bookings in all, and per channel, service and location. */
export async function bookingTotals(db: Db, clientId: number, filter: ReportFilter): Promise<BookingTotals> {
  const totals: BookingTotals = {
    bookings: 0,
    byChannel: new Map(),
    byService: new Map(),
    byLocation: new Map(),
  };
  const add = <K>(map: Map<K, number>, key: K, count: number): void => {
    map.set(key, (map.get(key) ?? 0) + count);
  };
  const addGroups = (groups: readonly BookingGroup[]): void => {
    for (const group of groups) {
      totals.bookings += group.count;
      add(totals.byChannel, group.channel, group.count);
      add(totals.byService, group.serviceId, group.count);
      add(totals.byLocation, group.locationId, group.count);
    }
  };
  const filtered =
    filter.providerId !== undefined ||
    filter.locationId !== undefined ||
    filter.serviceId !== undefined ||
    filter.channel !== undefined ||
    (filter.statuses !== undefined && filter.statuses.length > 0);
  const { units, edges } = splitRange(filter.from, filter.before, DAY_MS);
  if (filtered || units === undefined) {
    addGroups(await bookingGroups(db, clientId, filter));
  } else {
    // No filter: the slices of whole UTC days, and the rows of the partial days at both ends.
    const [slices, ...edgeGroups] = await Promise.all([
      db
        .selectFrom('report_bookings_sliced_daily')
        .select((eb) => ['dimension', 'value', eb.fn.sum<number>('bookings').as('n')])
        .where('client_id', '=', clientId)
        .where('day', '>=', units.first)
        .where('day', '<', units.end)
        .groupBy(['dimension', 'value'])
        .execute(),
      ...edges.map((span) => bookingGroups(db, clientId, { ...filter, ...span })),
    ]);
    for (const slice of slices) {
      const count = Number(slice.n);
      if (slice.dimension === 'all') totals.bookings += count;
      else if (slice.dimension === 'channel') add(totals.byChannel, slice.value, count);
      else if (slice.dimension === 'service') add(totals.byService, Number(slice.value), count);
      else add(totals.byLocation, Number(slice.value), count);
    }
    for (const groups of edgeGroups) addGroups(groups);
  }
  for (const map of [totals.byChannel, totals.byService, totals.byLocation] as Map<unknown, number>[])
    for (const [key, count] of map) if (count === 0) map.delete(key);
  return totals;
}
