/*
 * FROZEN MIGRATION — never edit after it has shipped; add a new date-prefixed file instead.
 * It imports nothing from the application so that it keeps meaning the same thing forever.
 *
 * Indexes and aggregates for the staff patient list (100 000 patients per brand) and the reports
 * (1 000 000 appointments, 5 000 000 analytics events), on SQLite and PostgreSQL alike:
 *
 *  - patients: name (lower-cased, also the sort order), e-mail, phone and date-of-birth lookups,
 *    each scoped by client_id, so every search is an index range scan;
 *  - appointments: covering indexes by (client_id, start_at) and (client_id, created_at) holding
 *    every column the reports group or filter by, so report aggregates are index-only scans;
 *    (client_id, channel) for the distinct campaigns; and (patient_id, start_at, …) holding the
 *    patient list's appointment filters;
 *  - the booking funnel: `analytics_session_steps` keeps one row per (session, funnel step) — the
 *    first time the session viewed that step — and `report_funnel_hourly` counts those rows per
 *    client, UTC hour, channel and step. Both are maintained ON WRITE by database triggers on
 *    analytics_events (so every writer — the API, the seed, the generator — keeps them right), and
 *    are backfilled here from the events already stored. The UNIQUE key of the steps table makes
 *    the counting exact under concurrent inserts.
 *  - notes, feedback and the audit log: the lookups the patient screens and the audit page make.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

/** Page names as the web app sends them ('findappointment') or as the demo seed writes them ('Find Appointment'). */
const FUNNEL_STEPS = ['landing', 'findappointment', 'additionaldetails', 'insurance', 'identity', 'thankyou'];
const HOUR_MS = 3_600_000;

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const stepList = sql.join(FUNNEL_STEPS.map((step) => sql.lit(step)));
  const run = async (statement: ReturnType<typeof sql>): Promise<void> => {
    await statement.execute(db);
  };

  // ── patients ──────────────────────────────────────────────────────────────
  await run(sql`create index patients_client_name_sort_idx
    on patients (client_id, lower(last_name), lower(first_name), id)`);
  await run(sql`create index patients_client_first_name_idx on patients (client_id, lower(first_name))`);
  await run(sql`create index patients_client_email_idx on patients (client_id, email)`);
  await run(sql`create index patients_client_phone_idx on patients (client_id, phone)`);
  await run(sql`create index patients_client_dob_idx on patients (client_id, date_of_birth)`);

  // ── appointments ──────────────────────────────────────────────────────────
  await run(sql`create index appointments_client_start_report_idx on appointments
    (client_id, start_at, status, location_id, provider_id, service_id, channel, is_new_patient, patient_id)`);
  await run(sql`create index appointments_client_created_report_idx on appointments
    (client_id, created_at, status, location_id, provider_id, service_id, channel)`);
  await run(sql`create index appointments_client_channel_idx on appointments (client_id, channel)`);
  // The patient list's appointment filters, probed per patient once a search has narrowed them.
  await run(sql`create index appointments_patient_filter_idx on appointments
    (patient_id, start_at, status, location_id, provider_id, service_id)`);

  // ── notes, feedback, audit ────────────────────────────────────────────────
  await run(sql`create index notes_appointment_idx on notes (appointment_id, created_at)`);
  await run(sql`create index feedback_appointment_idx on feedback (appointment_id)`);
  await run(sql`create index audit_log_client_record_idx on audit_log (client_id, record_type, record_id)`);

  // ── analytics: channels and the booking funnel ────────────────────────────
  await run(
    sql`create index analytics_sessions_client_channel_idx on analytics_sessions (client_id, channel)`,
  );

  await db.schema
    .createTable('analytics_session_steps')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('first_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_session_steps_pk', ['client_id', 'session_id', 'step'])
    .execute();

  await db.schema
    .createTable('report_funnel_hourly')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    /** UTC epoch ms of the hour's start. */
    .addColumn('hour_start', 'bigint', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('sessions', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_funnel_hourly_pk', ['client_id', 'hour_start', 'channel', 'step'])
    .execute();

  // Backfill from the events stored so far (before the triggers exist).
  await run(sql`insert into analytics_session_steps (client_id, session_id, step, channel, first_at)
    select client_id, session_id, step, min(channel), min(created_at)
    from (
      select client_id, session_id, lower(replace(page_name, ' ', '')) as step,
             coalesce(channel_filters, 'website') as channel, created_at
      from analytics_events
      where page_name is not null and lower(replace(page_name, ' ', '')) in (${stepList})
    ) as e
    group by client_id, session_id, step`);
  await run(sql`insert into report_funnel_hourly (client_id, hour_start, channel, step, sessions)
    select client_id, (first_at / ${sql.lit(HOUR_MS)}) * ${sql.lit(HOUR_MS)} as hour_start, channel, step, count(*)
    from analytics_session_steps
    group by client_id, (first_at / ${sql.lit(HOUR_MS)}) * ${sql.lit(HOUR_MS)}, channel, step`);

  const stepOfEvent = sql`lower(replace(new.page_name, ' ', ''))`;
  const insertStep = sql`insert into analytics_session_steps (client_id, session_id, step, channel, first_at)
      values (new.client_id, new.session_id, ${stepOfEvent}, coalesce(new.channel_filters, 'website'), new.created_at)
      on conflict (client_id, session_id, step) do nothing`;
  const countStep = sql`insert into report_funnel_hourly (client_id, hour_start, channel, step, sessions)
      values (new.client_id, (new.first_at / ${sql.lit(HOUR_MS)}) * ${sql.lit(HOUR_MS)}, new.channel, new.step, 1)
      on conflict (client_id, hour_start, channel, step)
      do update set sessions = report_funnel_hourly.sessions + 1`;

  if (isPostgres) {
    await run(sql`create function analytics_events_funnel_step() returns trigger language plpgsql as $fn$
      begin
        if new.page_name is not null and ${stepOfEvent} in (${stepList}) then
          ${insertStep};
        end if;
        return null;
      end
      $fn$`);
    await run(sql`create trigger analytics_events_funnel_step_trg after insert on analytics_events
      for each row execute function analytics_events_funnel_step()`);
    await run(sql`create function analytics_session_steps_count() returns trigger language plpgsql as $fn$
      begin
        ${countStep};
        return null;
      end
      $fn$`);
    await run(sql`create trigger analytics_session_steps_count_trg after insert on analytics_session_steps
      for each row execute function analytics_session_steps_count()`);
  } else {
    await run(sql`create trigger analytics_events_funnel_step_trg after insert on analytics_events
      when new.page_name is not null and ${stepOfEvent} in (${stepList})
      begin
        ${insertStep};
      end`);
    await run(sql`create trigger analytics_session_steps_count_trg after insert on analytics_session_steps
      begin
        ${countStep};
      end`);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    await sql`drop trigger if exists analytics_events_funnel_step_trg on analytics_events`.execute(db);
    await sql`drop function if exists analytics_events_funnel_step()`.execute(db);
    await sql`drop trigger if exists analytics_session_steps_count_trg on analytics_session_steps`.execute(
      db,
    );
    await sql`drop function if exists analytics_session_steps_count()`.execute(db);
  } else {
    await sql`drop trigger if exists analytics_events_funnel_step_trg`.execute(db);
    await sql`drop trigger if exists analytics_session_steps_count_trg`.execute(db);
  }
  await db.schema.dropTable('report_funnel_hourly').ifExists().execute();
  await db.schema.dropTable('analytics_session_steps').ifExists().execute();
  for (const index of [
    'analytics_sessions_client_channel_idx',
    'audit_log_client_record_idx',
    'feedback_appointment_idx',
    'notes_appointment_idx',
    'appointments_patient_filter_idx',
    'appointments_client_channel_idx',
    'appointments_client_created_report_idx',
    'appointments_client_start_report_idx',
    'patients_client_dob_idx',
    'patients_client_phone_idx',
    'patients_client_email_idx',
    'patients_client_first_name_idx',
    'patients_client_name_sort_idx',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
}
