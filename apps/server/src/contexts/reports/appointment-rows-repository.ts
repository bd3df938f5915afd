/*
 * The rows of the appointment report, one page (or a CSV export's whole range): by start, a
 * filtered or deep page is first placed by the matching count per UTC day; by booking time, a
 * long range walks the booking-time index (see reports-repository.ts).
 */
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { AppointmentStatus } from '../../platform/db/schema.ts';
import { DAY_MS, byStart, channelOf, rollupChannel, splitRange } from './report-queries-repository.ts';
import type { ReportFilter, Span } from './report-queries-repository.ts';

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
  /** Who cancelled it (issue 18), when it is cancelled and that is known. */
  cancelledBy: 'patient' | 'staff' | null;
}

/** A page of rows by start is placed by per-day counts with a filter, or from this offset on. */
const PLACED_OFFSET_MIN = 1_000;
/** …and only for pages (a CSV export reads its whole range anyway). */
const PLACED_PAGE_MAX = 500;
/** Sorted by booking time, a range longer than this walks the booking-time index. */
const CREATED_WALK_MIN_MS = 62 * DAY_MS;

/**
 * The appointments matching the filter (no provider) per consecutive span of [from, before), in
 * start order: the whole UTC days from report_appointments_daily (the filter's cell), the partial
 * days at both ends counted from the rows.
 */
async function matchingPerDay(
  db: Db,
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

/** Appointments by start, with names from the catalogue; one page (or, for CSV, up to `limit`). */
export async function appointmentRows(
  db: Db,
  clientId: number,
  filter: ReportFilter,
  page: ReportRowsPage,
): Promise<AppointmentReportRecord[]> {
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
      await matchingPerDay(db, clientId, filter),
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
      'appointments.cancelled_by',
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
    cancelledBy: row.cancelled_by ?? null,
  }));
}
