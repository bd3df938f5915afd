/*
 * FROZEN MIGRATION — never edit after it has shipped; add a new date-prefixed file instead.
 * It imports nothing from the application so that it keeps meaning the same thing forever.
 *
 * The appointment report's totals over a long range (366 days of 1 000 000 appointments) read
 * report_appointments_daily (migration 004) for ONE cell — (location_id, service_id), 0 standing
 * for "every" — but its key is (client_id, day, location_id, service_id, …), so a range of days
 * walked every cell of every day: ≈ 60 (location × service) cells × the status / channel / patient
 * groups, ≈ 2 000 000 entries for a year, to sum the ≈ 40 000 of the one cell asked. This index
 * leads with the cell and holds every column the totals read (an index-only range scan on both
 * databases), and the per-day counts the appointment report uses to place a page of rows.
 *
 * The appointment report sorted by booking time over a long range: the rows starting in the range
 * (up to ≈ 950 000) were read by start and sorted for one page. appointments_client_created_walk_idx
 * walks the brand's appointments in booking order — (created_at, id), as the report sorts them —
 * and holds every column the report's rows show or filter by, so the walk keeps the rows starting in
 * the range and matching the filters without reading the table (PostgreSQL: an index-only scan;
 * an index scan would fetch every skipped row from the heap to test it).
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index report_appointments_daily_cell_idx on report_appointments_daily
    (client_id, location_id, service_id, day, status, channel, channel_null, is_new_patient, appointments)`.execute(
    db,
  );
  await sql`create index appointments_client_created_walk_idx on appointments
    (client_id, created_at, id, start_at, end_at, status, location_id, provider_id, service_id, channel,
     is_new_patient)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index appointments_client_created_walk_idx`.execute(db);
  await sql`drop index report_appointments_daily_cell_idx`.execute(db);
}
