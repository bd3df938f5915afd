/*
 * What every report query shares: the filter, the split of a range into whole roll-up units and
 * partial edges, and the appointments of a brand by start or by booking time with the dimension
 * filters (see reports-repository.ts for the index each reads).
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

export const HOUR_MS = 3_600_000;
/** The buckets of the roll-ups (migration 2026-11-26-004): UTC days and UTC quarter hours. */
export const DAY_MS = 86_400_000;
export const QUARTER_MS = 900_000;

export type AppointmentsQuery = SelectQueryBuilder<DB, 'appointments', object>;

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

export function channelOf(value: string | null): string {
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
export function byStart(
  db: Db,
  clientId: number,
  filter: ReportFilter,
  startIndexed = true,
): AppointmentsQuery {
  const start = startIndexed ? sql<number>`appointments.start_at` : sql<number>`+appointments.start_at`;
  return applyDimensions(
    ofClient(db.selectFrom('appointments'), clientId, filter)
      .where(start, '>=', filter.from)
      .where(start, '<', filter.before),
    filter,
  );
}

/** Appointments of the brand booked in the range (entered-in-error aside), with the dimension filters. */
export function byCreated(db: Db, clientId: number, filter: ReportFilter): AppointmentsQuery {
  return applyDimensions(
    ofClient(db.selectFrom('appointments'), clientId, filter)
      .where('appointments.created_at', '>=', filter.from)
      .where('appointments.created_at', '<', filter.before)
      .where('appointments.status', '<>', 'entered-in-error'),
    filter,
  );
}

/** The channel filter on a daily roll-up (`channel` '' with channel_null 1 stands for NULL). */
export function rollupChannel(filter: ReportFilter) {
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
export function rollupChannelOf(row: { channel: string; channel_null: number }): string {
  return channelOf(Number(row.channel_null) === 1 ? null : row.channel);
}
