/*
 * The SQL of the reports. Everything is aggregated in the database with GROUP BY:
 *  - the rows of a page: appointments_client_start_report_idx (client_id, start_at, status,
 *    location_id, provider_id, service_id, channel, is_new_patient, …) read in the order asked,
 *    with LIMIT (migration 2026-11-25-002); one provider's through appointments_provider_start_idx.
 *    By start with a filter, or deep in the list, the page is first placed by the matching count per
 *    UTC day (report_appointments_daily): only the days holding it are read, the days before it
 *    skipped by their count (a rare filter no longer scans the whole range for 50 rows). By booking
 *    time over more than 62 days: a walk of appointments_client_created_walk_idx (client_id,
 *    created_at, id, + every column shown; migration 2026-11-27-009) in that order, keeping the rows
 *    starting in the range; a shorter range is read by start and sorted;
 *  - totals and booking groups: the trigger-kept roll-ups of migration 2026-11-26-004 for the whole
 *    UTC days inside the range (report_appointments_daily by start, report_bookings_daily by
 *    booking time), plus the rows of the two partial UTC days at its ends (a report's range is
 *    whole local days of any zone, so it rarely starts at a UTC midnight), index range scans (the
 *    appointment totals by report_appointments_daily_cell_idx, the asked cell's days only, 009);
 *  - bookings per local day: report_bookings_hourly (migration 2026-11-26-008) when every local
 *    midnight of the range is on a whole UTC hour, else report_bookings_quarterly (quarter hours
 *    fold exactly into the local days of every zone), for no filter or one of location, service
 *    and channel; else the rows;
 *  - the chart's totals by channel, service and location without a filter:
 *    report_bookings_sliced_daily (008, ≈ 20 rows per day); with a filter report_bookings_daily;
 *  - a provider filter reads that provider's rows (few) by (provider_id, start_at / created_at);
 *  - campaigns: a "loose index scan" (recursive CTE, one index seek per distinct value) over
 *    (client_id, channel) of appointments and analytics_sessions;
 *  - the funnel: report_funnel_daily (008) for the whole UTC days, report_funnel_hourly (002) for
 *    the hours at both ends; both trigger-maintained roll-ups of analytics_events.
 * Every figure equals what the rows give (routes.test.ts compares them on random data).
 * Nothing here returns patient identity.
 */
import { sql } from 'kysely';
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { AppointmentStatus, DB } from '../../platform/db/schema.ts';

export const WEBSITE_CHANNEL = 'website';

export interface ReportFilter {
  /** Inclusive, epoch ms. */
  from: number;
  /** Exclusive, epoch ms. */
  before: number;
  locationId?: number | undefined;
  providerId?: number | undefined;
  serviceId?: number | undefined;
  statuses?: readonly AppointmentStatus[] | undefined;
  /** A campaign, or 'website' (also matching appointments without a channel). */
  channel?: string | undefined;
}

export interface ReportRowsPage {
  sort: 'startUtc' | '-startUtc' | 'createdAt' | '-createdAt';
  limit: number;
  offset: number;
}

/** A page's rows lie in [from, before) at `offset` of the rows matching there. */
export interface PagePlacement {
  from: number;
  before: number;
  offset: number;
}

/**
 * Where a page of rows sorted by start lies, from the matching count of each consecutive span of
 * the range (in start order): the spans before it are skipped (their count taken off the offset)
 * and those after it are left out, so the query reads only the spans holding the page. Undefined
 * when the page is past the last row.
 */
export function placePage(
  spans: readonly (Span & { count: number })[],
  offset: number,
  limit: number,
  descending: boolean,
): PagePlacement | undefined {
  const ordered = descending ? [...spans].reverse() : spans;
  let before = 0;
  let first = -1;
  let last = -1;
  let skipped = 0;
  for (let index = 0; index < ordered.length; index++) {
    const count = ordered[index]?.count ?? 0;
    if (first < 0 && before + count > offset) {
      first = index;
      skipped = before;
    }
    before += count;
    if (first >= 0 && before >= offset + limit) {
      last = index;
      break;
    }
  }
  if (first < 0) return undefined;
  if (last < 0) last = ordered.length - 1;
  const a = ordered[first];
  const b = ordered[last];
  if (a === undefined || b === undefined) return undefined;
  return descending
    ? { from: b.from, before: a.before, offset: offset - skipped }
    : { from: a.from, before: b.before, offset: offset - skipped };
}

/** An appointment row; names come from `catalogue` (no joins: a CSV export may hold 100 000 rows). */
export interface AppointmentReportRecord {
  appointmentId: number;
  startAt: number;
  endAt: number;
  status: AppointmentStatus;
  locationId: number;
  providerId: number;
  serviceId: number;
  channel: string;
  isNewPatient: boolean;
  createdAt: number;
}

export interface ReportCatalogue {
  services: Map<number, string>;
  locations: Map<number, { name: string; timeZone: string }>;
  providers: Map<number, { prefix: string | null; firstName: string; lastName: string }>;
}

/** One group of the totals: appointments per status, channel and new/existing patient. */
export interface TotalsGroup {
  status: AppointmentStatus;
  channel: string;
  isNewPatient: boolean;
  count: number;
}

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

export interface ReportsRepository {
  defaultTimeZone(clientId: number): Promise<string | undefined>;
  /** Appointments by start, with names; one page (or, for CSV, up to `limit`). */
  appointmentRows(
    clientId: number,
    filter: ReportFilter,
    page: ReportRowsPage,
  ): Promise<AppointmentReportRecord[]>;
  /** Counts by (status, channel, new patient) of the appointments matching by start. */
  appointmentTotals(clientId: number, filter: ReportFilter): Promise<TotalsGroup[]>;
  /** Channels seen for the brand, in appointments and analytics sessions (distinct, unsorted). */
  channels(clientId: number): Promise<string[]>;
  /** Bookings (by created_at, entered-in-error aside) per bucket of `bucketMs` (bucket start, epoch ms). */
  bookingsPerBucket(
    clientId: number,
    filter: ReportFilter,
    bucketMs: number,
  ): Promise<{ bucketStart: number; count: number }[]>;
  /** Bookings in all, and per channel, service and location. */
  bookingTotals(clientId: number, filter: ReportFilter): Promise<BookingTotals>;
  /** Sessions per funnel step whose first view of it lies in [from, before) (hour precision). */
  funnelSessions(
    clientId: number,
    range: { from: number; before: number; channel?: string | undefined },
  ): Promise<Record<string, number>>;
  /** The brand's services, locations and providers by id. */
  catalogue(clientId: number): Promise<ReportCatalogue>;
}

const HOUR_MS = 3_600_000;
/** The buckets of the roll-ups (migration 2026-11-26-004): UTC days and UTC quarter hours. */
const DAY_MS = 86_400_000;
const QUARTER_MS = 900_000;
/** A page of rows by start is placed by per-day counts with a filter, or from this offset on. */
const PLACED_OFFSET_MIN = 1_000;
/** …and only for pages (a CSV export reads its whole range anyway). */
const PLACED_PAGE_MAX = 500;
/** Sorted by booking time, a range longer than this walks the booking-time index. */
const CREATED_WALK_MIN_MS = 62 * DAY_MS;

type AppointmentsQuery = SelectQueryBuilder<DB, 'appointments', object>;

export interface Span {
  from: number;
  before: number;
}

/**
 * [from, before) as the whole units (of `unitMs`, numbered from the epoch) it covers, read from a
 * roll-up, and the partial units at its ends, read from the rows.
 */
export function splitRange(
  from: number,
  before: number,
  unitMs: number,
): { units?: { first: number; end: number }; edges: Span[] } {
  const first = Math.ceil(from / unitMs);
  const end = Math.floor(before / unitMs);
  if (from < 0 || first >= end) return { edges: before > from ? [{ from, before }] : [] };
  const edges: Span[] = [];
  if (from < first * unitMs) edges.push({ from, before: first * unitMs });
  if (end * unitMs < before) edges.push({ from: end * unitMs, before });
  return { units: { first, end }, edges };
}

function channelOf(value: string | null): string {
  return value === null || value === '' ? WEBSITE_CHANNEL : value;
}

function applyDimensions(query: AppointmentsQuery, filter: ReportFilter): AppointmentsQuery {
  let q = query;
  if (filter.locationId !== undefined) q = q.where('appointments.location_id', '=', filter.locationId);
  if (filter.providerId !== undefined) q = q.where('appointments.provider_id', '=', filter.providerId);
  if (filter.serviceId !== undefined) q = q.where('appointments.service_id', '=', filter.serviceId);
  if (filter.statuses !== undefined && filter.statuses.length > 0)
    q = q.where('appointments.status', 'in', [...filter.statuses]);
  if (filter.channel !== undefined) {
    const channel = filter.channel;
    q =
      channel === WEBSITE_CHANNEL
        ? q.where((eb) =>
            eb.or([eb('appointments.channel', '=', WEBSITE_CHANNEL), eb('appointments.channel', 'is', null)]),
          )
        : q.where('appointments.channel', '=', channel);
  }
  return q;
}

/**
 * `appointments.client_id = ?`; with a provider filter written `+client_id` (an expression, not a
 * column, in SQLite and PostgreSQL alike), so that the planner reads the provider's few rows by
 * (provider_id, …) instead of the brand's whole range by (client_id, …).
 */
function ofClient(query: AppointmentsQuery, clientId: number, filter: ReportFilter): AppointmentsQuery {
  return filter.providerId === undefined
    ? query.where('appointments.client_id', '=', clientId)
    : query.where(sql<number>`+appointments.client_id`, '=', clientId);
}

/**
 * Appointments of the brand starting in the range, with the dimension filters. `startIndexed`
 * false writes the range on `+start_at` (an expression in SQLite and PostgreSQL alike), so that the
 * planner does not read the range by (client_id, start_at) but walks another index in its order.
 */
function byStart(db: Db, clientId: number, filter: ReportFilter, startIndexed = true): AppointmentsQuery {
  const start = startIndexed ? sql<number>`appointments.start_at` : sql<number>`+appointments.start_at`;
  return applyDimensions(
    ofClient(db.selectFrom('appointments'), clientId, filter)
      .where(start, '>=', filter.from)
      .where(start, '<', filter.before),
    filter,
  );
}

/** Appointments of the brand booked in the range (entered-in-error aside), with the dimension filters. */
function byCreated(db: Db, clientId: number, filter: ReportFilter): AppointmentsQuery {
  return applyDimensions(
    ofClient(db.selectFrom('appointments'), clientId, filter)
      .where('appointments.created_at', '>=', filter.from)
      .where('appointments.created_at', '<', filter.before)
      .where('appointments.status', '<>', 'entered-in-error'),
    filter,
  );
}

/** The channel filter on a daily roll-up (`channel` '' with channel_null 1 stands for NULL). */
function rollupChannel(filter: ReportFilter) {
  const channel = filter.channel;
  return (eb: ExpressionBuilder<DB, 'report_appointments_daily' | 'report_bookings_daily'>) =>
    channel === WEBSITE_CHANNEL
      ? eb.or([
          eb.and([eb('channel', '=', WEBSITE_CHANNEL), eb('channel_null', '=', 0)]),
          eb('channel_null', '=', 1),
        ])
      : eb.and([eb('channel', '=', channel ?? ''), eb('channel_null', '=', 0)]);
}

/** A daily roll-up row's channel as the rows would give it. */
function rollupChannelOf(row: { channel: string; channel_null: number }): string {
  return channelOf(Number(row.channel_null) === 1 ? null : row.channel);
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

/** Distinct non-null values of `column` for the client: one index seek per value. */
async function distinctValues(
  db: Db,
  table: 'appointments' | 'analytics_sessions',
  column: 'channel',
  clientId: number,
): Promise<string[]> {
  const t = sql.table(table);
  const c = sql.ref(column);
  const result = await sql<{ value: string | null }>`
    with recursive seen (value) as (
      select min(${c}) from ${t} where client_id = ${clientId}
      union all
      select (select min(${c}) from ${t} where client_id = ${clientId} and ${c} > seen.value)
      from seen where seen.value is not null
    )
    select value from seen where value is not null`.execute(db);
  return result.rows.map((row) => row.value).filter((value): value is string => value !== null);
}

export function createReportsRepository(db: Db): ReportsRepository {
  /** Bookings per (service, location, channel). */
  async function bookingGroups(clientId: number, filter: ReportFilter): Promise<BookingGroup[]> {
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

  /**
   * The appointments matching the filter (no provider) per consecutive span of [from, before), in
   * start order: the whole UTC days from report_appointments_daily (the filter's cell), the partial
   * days at both ends counted from the rows.
   */
  async function matchingPerDay(
    clientId: number,
    filter: ReportFilter,
  ): Promise<(Span & { count: number })[]> {
    const { units, edges } = splitRange(filter.from, filter.before, DAY_MS);
    const countRows = async (span: Span) => {
      const row = await byStart(db, clientId, { ...filter, ...span })
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return { ...span, count: Number(row?.n ?? 0) };
    };
    const fromRollup = async () => {
      if (units === undefined) return [];
      let query = db
        .selectFrom('report_appointments_daily')
        .select((eb) => ['day', eb.fn.sum<number>('appointments').as('n')])
        .where('client_id', '=', clientId)
        .where('location_id', '=', filter.locationId ?? 0)
        .where('service_id', '=', filter.serviceId ?? 0)
        .where('day', '>=', units.first)
        .where('day', '<', units.end);
      if (filter.statuses !== undefined && filter.statuses.length > 0)
        query = query.where('status', 'in', [...filter.statuses]);
      if (filter.channel !== undefined) query = query.where(rollupChannel(filter));
      const rows = await query.groupBy('day').execute();
      return rows.map((row) => ({
        from: Number(row.day) * DAY_MS,
        before: (Number(row.day) + 1) * DAY_MS,
        count: Number(row.n),
      }));
    };
    const [days, ...edgeCounts] = await Promise.all([fromRollup(), ...edges.map(countRows)]);
    return [...days, ...edgeCounts].filter((span) => span.count > 0).sort((a, b) => a.from - b.from);
  }

  return {
    async defaultTimeZone(clientId) {
      const row = await db
        .selectFrom('locations')
        .select('time_zone')
        .where('client_id', '=', clientId)
        .orderBy('sort_order')
        .orderBy('id')
        .executeTakeFirst();
      return row?.time_zone;
    },

    async appointmentRows(clientId, filter, page) {
      const direction = page.sort.startsWith('-') ? 'desc' : 'asc';
      const column = page.sort === 'createdAt' || page.sort === '-createdAt' ? 'created_at' : 'start_at';
      let span: ReportFilter = filter;
      let offset = page.offset;
      // By start with a filter (or deep in the list): read only the days holding the page. The
      // rows are in start order across days, so the days before it are skipped by their count.
      const dimensions =
        filter.locationId !== undefined ||
        filter.serviceId !== undefined ||
        filter.channel !== undefined ||
        (filter.statuses !== undefined && filter.statuses.length > 0);
      if (
        column === 'start_at' &&
        filter.providerId === undefined &&
        page.limit <= PLACED_PAGE_MAX &&
        (dimensions || page.offset >= PLACED_OFFSET_MIN)
      ) {
        const placement = placePage(
          await matchingPerDay(clientId, filter),
          page.offset,
          page.limit,
          direction === 'desc',
        );
        if (placement === undefined) return [];
        span = { ...filter, from: placement.from, before: placement.before };
        offset = placement.offset;
      }
      // By booking time: a short range (or one provider) reads its rows by start and sorts them;
      // a long one walks (client_id, created_at, id, start_at) in the order asked, keeping the rows
      // starting in the range, and stops at the page (migration 2026-11-27-009).
      const walkCreated =
        column === 'created_at' &&
        filter.providerId === undefined &&
        filter.before - filter.from > CREATED_WALK_MIN_MS;
      const orderColumn =
        column === 'start_at' || walkCreated
          ? sql<number>`${sql.ref(`appointments.${column}`)}`
          : sql<number>`+appointments.created_at`;
      const rows = await byStart(db, clientId, span, !walkCreated)
        .select([
          'appointments.id',
          'appointments.start_at',
          'appointments.end_at',
          'appointments.status',
          'appointments.location_id',
          'appointments.provider_id',
          'appointments.service_id',
          'appointments.channel',
          'appointments.is_new_patient',
          'appointments.created_at',
        ])
        .orderBy(orderColumn, direction)
        .orderBy('appointments.id', direction)
        .limit(page.limit)
        .offset(offset)
        .execute();
      return rows.map((row) => ({
        appointmentId: row.id,
        startAt: Number(row.start_at),
        endAt: Number(row.end_at),
        status: row.status,
        locationId: row.location_id,
        providerId: row.provider_id,
        serviceId: row.service_id,
        channel: channelOf(row.channel),
        isNewPatient: row.is_new_patient === 1,
        createdAt: Number(row.created_at),
      }));
    },

    async appointmentTotals(clientId, filter) {
      const fromRows = async (span: Span): Promise<TotalsGroup[]> => {
        const rows = await byStart(db, clientId, { ...filter, ...span })
          .select((eb) => [
            'appointments.status',
            'appointments.channel',
            'appointments.is_new_patient',
            eb.fn.countAll<number>().as('n'),
          ])
          .groupBy(['appointments.status', 'appointments.channel', 'appointments.is_new_patient'])
          .execute();
        return rows.map((row) => ({
          status: row.status,
          channel: channelOf(row.channel),
          isNewPatient: Number(row.is_new_patient) === 1,
          count: Number(row.n),
        }));
      };
      if (filter.providerId !== undefined) return fromRows(filter);
      const { units, edges } = splitRange(filter.from, filter.before, DAY_MS);
      const fromRollup = async (): Promise<TotalsGroup[]> => {
        if (units === undefined) return [];
        let query = db
          .selectFrom('report_appointments_daily')
          .select((eb) => [
            'status',
            'channel',
            'channel_null',
            'is_new_patient',
            eb.fn.sum<number>('appointments').as('n'),
          ])
          .where('client_id', '=', clientId)
          .where('day', '>=', units.first)
          .where('day', '<', units.end)
          // 0: the rows summed over every location / service.
          .where('location_id', '=', filter.locationId ?? 0)
          .where('service_id', '=', filter.serviceId ?? 0);
        if (filter.statuses !== undefined && filter.statuses.length > 0)
          query = query.where('status', 'in', [...filter.statuses]);
        if (filter.channel !== undefined) query = query.where(rollupChannel(filter));
        const rows = await query.groupBy(['status', 'channel', 'channel_null', 'is_new_patient']).execute();
        return rows.map((row) => ({
          status: row.status,
          channel: rollupChannelOf(row),
          isNewPatient: Number(row.is_new_patient) === 1,
          count: Number(row.n),
        }));
      };
      const parts = await Promise.all([fromRollup(), ...edges.map(fromRows)]);
      return parts.flat().filter((group) => group.count !== 0);
    },

    async channels(clientId) {
      const [fromAppointments, fromSessions] = await Promise.all([
        distinctValues(db, 'appointments', 'channel', clientId),
        distinctValues(db, 'analytics_sessions', 'channel', clientId),
      ]);
      return [...new Set([...fromAppointments, ...fromSessions])];
    },

    async bookingsPerBucket(clientId, filter, bucketMs) {
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
    },

    async bookingTotals(clientId, filter) {
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
        addGroups(await bookingGroups(clientId, filter));
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
          ...edges.map((span) => bookingGroups(clientId, { ...filter, ...span })),
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
    },

    async funnelSessions(clientId, range) {
      // The hours from the one holding `from` up to `before`: whole UTC days from the daily
      // roll-up, the hours at both ends from the hourly one.
      const { units, edges } = splitRange(Math.floor(range.from / HOUR_MS) * HOUR_MS, range.before, DAY_MS);
      const fromHours = async (span: Span) => {
        let query = db
          .selectFrom('report_funnel_hourly')
          .select((eb) => ['step', eb.fn.sum<number>('sessions').as('n')])
          .where('client_id', '=', clientId)
          .where('hour_start', '>=', span.from)
          .where('hour_start', '<', span.before);
        if (range.channel !== undefined) query = query.where('channel', '=', range.channel);
        return query.groupBy('step').execute();
      };
      const fromDays = async () => {
        if (units === undefined) return [];
        let query = db
          .selectFrom('report_funnel_daily')
          .select((eb) => ['step', eb.fn.sum<number>('sessions').as('n')])
          .where('client_id', '=', clientId)
          .where('day', '>=', units.first)
          .where('day', '<', units.end);
        if (range.channel !== undefined) query = query.where('channel', '=', range.channel);
        return query.groupBy('step').execute();
      };
      const parts = await Promise.all([fromDays(), ...edges.map(fromHours)]);
      const sessions: Record<string, number> = {};
      for (const row of parts.flat()) sessions[row.step] = (sessions[row.step] ?? 0) + Number(row.n);
      return sessions;
    },

    async catalogue(clientId) {
      const [services, locations, providers] = await Promise.all([
        db.selectFrom('services').select(['id', 'name']).where('client_id', '=', clientId).execute(),
        db
          .selectFrom('locations')
          .select(['id', 'name', 'time_zone'])
          .where('client_id', '=', clientId)
          .execute(),
        db
          .selectFrom('providers')
          .select(['id', 'prefix', 'first_name', 'last_name'])
          .where('client_id', '=', clientId)
          .execute(),
      ]);
      return {
        services: new Map(services.map((s) => [s.id, s.name])),
        locations: new Map(locations.map((l) => [l.id, { name: l.name, timeZone: l.time_zone }])),
        providers: new Map(
          providers.map((p) => [p.id, { prefix: p.prefix, firstName: p.first_name, lastName: p.last_name }]),
        ),
      };
    },
  };
}
