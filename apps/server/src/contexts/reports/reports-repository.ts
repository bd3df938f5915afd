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
import type { Db } from '../../platform/db/database.ts';
import { appointmentRows } from './appointment-rows-repository.ts';
import type { AppointmentReportRecord, ReportRowsPage } from './appointment-rows-repository.ts';
import { appointmentTotals } from './appointment-totals-repository.ts';
import type { TotalsGroup } from './appointment-totals-repository.ts';
import { bookingTotals, bookingsPerBucket } from './bookings-repository.ts';
import type { BookingTotals } from './bookings-repository.ts';
import { channels, funnelSessions } from './funnel-repository.ts';
import { catalogue, defaultTimeZone } from './report-catalogue-repository.ts';
import type { ReportCatalogue } from './report-catalogue-repository.ts';
import type { ReportFilter } from './report-queries-repository.ts';

export { WEBSITE_CHANNEL } from './report-queries-repository.ts';
export type { ReportFilter } from './report-queries-repository.ts';
export type { AppointmentReportRecord } from './appointment-rows-repository.ts';
export type { ReportCatalogue } from './report-catalogue-repository.ts';

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

/** The reports' SQL, one module per report (the rows, the totals, the bookings, the funnel). */
export function createReportsRepository(db: Db): ReportsRepository {
  return {
    defaultTimeZone: (clientId) => defaultTimeZone(db, clientId),
    appointmentRows: (clientId, filter, page) => appointmentRows(db, clientId, filter, page),
    appointmentTotals: (clientId, filter) => appointmentTotals(db, clientId, filter),
    channels: (clientId) => channels(db, clientId),
    bookingsPerBucket: (clientId, filter, bucketMs) => bookingsPerBucket(db, clientId, filter, bucketMs),
    bookingTotals: (clientId, filter) => bookingTotals(db, clientId, filter),
    funnelSessions: (clientId, range) => funnelSessions(db, clientId, range),
    catalogue: (clientId) => catalogue(db, clientId),
  };
}
