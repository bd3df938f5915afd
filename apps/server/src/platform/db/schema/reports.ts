import type { EpochMs, AppointmentStatus } from './columns.ts';

/** Trigger-maintained roll-ups behind the reports, and the version counters the slot search checks. */

/**
 * One row per (analytics session, booking-funnel step): the first time the session viewed the
 * step. Maintained by a database trigger on analytics_events (migration 2026-11-25-002).
 */
export interface AnalyticsSessionStepsTable {
  client_id: number;
  session_id: string;
  /** A funnel step: landing, findappointment, additionaldetails, insurance, identity, thankyou. */
  step: string;
  channel: string;
  first_at: EpochMs;
}

/** Sessions reaching each funnel step per UTC hour and channel (trigger-maintained rollup). */
export interface ReportFunnelHourlyTable {
  client_id: number;
  /** UTC epoch ms of the hour's start. */
  hour_start: EpochMs;
  channel: string;
  step: string;
  sessions: number;
}

/**
 * Appointments by start per UTC day (start_at / 86 400 000) and dimensions; kept by triggers on
 * appointments (migration 2026-11-26-004). `channel` is '' with channel_null = 1 for a NULL channel.
 * location_id / service_id 0: summed over every location / service.
 */
export interface ReportAppointmentsDailyTable {
  client_id: number;
  day: number;
  location_id: number;
  service_id: number;
  status: AppointmentStatus;
  channel: string;
  channel_null: number;
  is_new_patient: number;
  appointments: number;
}

/** Appointments by booking time (created_at) per UTC day, entered-in-error aside (migration 2026-11-26-004). */
export interface ReportBookingsDailyTable {
  client_id: number;
  day: number;
  location_id: number;
  service_id: number;
  channel: string;
  channel_null: number;
  bookings: number;
}

/**
 * Appointments by booking time per UTC quarter hour (created_at / 900 000), entered-in-error aside,
 * in slices: dimension 'all' (value ''), 'location' / 'service' (the id as text) or 'channel'
 * (NULL counted as 'website'). Migration 2026-11-26-004.
 */
export interface ReportBookingsQuarterlyTable {
  client_id: number;
  dimension: 'all' | 'location' | 'service' | 'channel';
  value: string;
  quarter: number;
  bookings: number;
}

/**
 * Bookings (by created_at, entered-in-error aside) per UTC day in slices: 'all' (value ''), one
 * 'location' / 'service' (the id as text) or one 'channel' (NULL and '' as 'website'). Migration 008.
 */
export interface ReportBookingsSlicedDailyTable {
  client_id: number;
  day: number;
  dimension: 'all' | 'location' | 'service' | 'channel';
  value: string;
  bookings: number;
}

/** report_bookings_quarterly's slices per UTC hour (created_at / 3 600 000). Migration 008. */
export interface ReportBookingsHourlyTable {
  client_id: number;
  dimension: 'all' | 'location' | 'service' | 'channel';
  value: string;
  hour: number;
  bookings: number;
}

/** report_funnel_hourly summed per UTC day (hour_start / 86 400 000). Migration 008. */
export interface ReportFunnelDailyTable {
  client_id: number;
  day: number;
  channel: string;
  step: string;
  sessions: number;
}

/**
 * A counter per provider raised by database triggers whenever its appointments or time off change
 * (migration 2026-11-25-003): the slot search's check that what it kept is still current.
 */
export interface ProviderBusyVersionsTable {
  provider_id: number;
  version: number;
}

/**
 * Exact signed changes to each provider's busy periods (a multiset), at the version of
 * provider_busy_versions the change produced (migration 2026-11-28-024, the same triggers):
 * `kind` 0 time off, 1 an active appointment or a hold; `delta` +1 the period
 * [start_at, end_at) was added, -1 removed, 0 a marker (the version changed nothing busy). Every
 * version has at least one row; rows are not unique. The triggers prune a provider's versions
 * older than its last 256 at each multiple of 64.
 */
export interface ProviderBusyChangesTable {
  provider_id: number;
  version: number;
  kind: number;
  delta: number;
  start_at: EpochMs;
  end_at: EpochMs;
}

/** Raised by triggers on every change to a client's slot-search configuration (migration 010). */
export interface SearchConfigVersionsTable {
  client_id: number;
  version: number;
}
