/*
 * FROZEN MIGRATION — never edit after it has shipped; add a new date-prefixed file instead.
 * It imports nothing from the application so that it keeps meaning the same thing forever.
 *
 * Coarser roll-ups for the chart report over a long range (366 days of 1 000 000 appointments and
 * 5 000 000 analytics events), on top of migrations 002 and 004, both dialects, backfilled here:
 *
 *  - report_bookings_sliced_daily: bookings (by created_at, entered-in-error aside) per (client, UTC
 *    day) in slices — 'all' (value ''), one 'location' / 'service' (the id as text) or one 'channel'
 *    (NULL and '' counted as 'website', as the report shows them) — the chart's totals by channel,
 *    service and location without a filter read ≈ 20 rows per day instead of every
 *    (location × service × channel) of report_bookings_daily;
 *  - report_bookings_hourly: the same slices as report_bookings_quarterly (004) per UTC hour — the
 *    chart's bookings per local day in a zone of whole-hour offset read 24 rows per day, not 96;
 *    both kept by triggers on `appointments` (insert, update of a counted column, delete), so every
 *    writer — the API, the seed, the generator — keeps them right;
 *  - report_funnel_daily: report_funnel_hourly (002) summed per UTC day, kept by triggers on
 *    report_funnel_hourly itself (whatever changes an hour changes its day by the same amount) —
 *    the funnel over whole UTC days reads one row per (day, channel, step).
 *
 * Counters change in one upsert per roll-up table, its rows in key order (old and new row of an
 * update summed first), as in 004, so that concurrent writers lock roll-up rows in one order.
 * PostgreSQL: the new client-owned tables get the row-level security of migration 006.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely, RawBuilder } from 'kysely';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const ERROR_STATUS = 'entered-in-error';
/** The columns of `appointments` whose change moves a booking between roll-up rows. */
const COUNTED = ['client_id', 'created_at', 'status', 'location_id', 'service_id', 'channel'];
const POLICY = 'tenant_isolation';

/** The trigger's NEW or OLD row, or the alias of `appointments` in the backfill. */
type Row = 'new' | 'old' | 'a';
const fromOf = (row: Row): RawBuilder<unknown> => sql.raw(row === 'a' ? 'from appointments as a' : '');

/** The four slices of one booking, bucketed by `bucketMs` into column `bucket`. */
function slicedRows(bucket: string, bucketMs: number, channelValue: 'report' | 'quarterly') {
  return (row: Row, delta: number): RawBuilder<unknown> => {
    const r = sql.raw(row);
    // 'report': as the report shows a channel (NULL and '' are 'website'); 'quarterly': as 004's
    // report_bookings_quarterly keeps it (a filter value, NULL as 'website').
    const channel =
      channelValue === 'report'
        ? sql`case when ${r}.channel is null or ${r}.channel = '' then 'website' else ${r}.channel end`
        : sql`coalesce(${r}.channel, 'website')`;
    const slice = (dimension: string, value: RawBuilder<unknown>): RawBuilder<unknown> =>
      sql`select ${r}.client_id as client_id, ${r}.created_at / ${sql.lit(bucketMs)} as ${sql.ref(bucket)},
          ${sql.lit(dimension)} as dimension, ${value} as value, ${sql.lit(delta)} as delta
        ${fromOf(row)}
        where ${r}.status <> ${sql.lit(ERROR_STATUS)}`;
    return sql.join(
      [
        slice('all', sql`''`),
        slice('location', sql`cast(${r}.location_id as text)`),
        slice('service', sql`cast(${r}.service_id as text)`),
        slice('channel', channel),
      ],
      sql` union all `,
    );
  };
}

interface Rollup {
  table: string;
  keys: string[];
  counter: string;
  rows: (row: Row, delta: number) => RawBuilder<unknown>;
}

const BOOKING_ROLLUPS: Rollup[] = [
  {
    table: 'report_bookings_sliced_daily',
    keys: ['client_id', 'day', 'dimension', 'value'],
    counter: 'bookings',
    rows: slicedRows('day', DAY_MS, 'report'),
  },
  {
    table: 'report_bookings_hourly',
    keys: ['client_id', 'dimension', 'value', 'hour'],
    counter: 'bookings',
    rows: slicedRows('hour', HOUR_MS, 'quarterly'),
  },
];

/** One upsert adding the rows of `parts` (summed per key, in key order) to the roll-up. */
function upsert(rollup: Rollup, parts: RawBuilder<unknown>[]): RawBuilder<unknown> {
  const keys = sql.join(rollup.keys.map((key) => sql.ref(key)));
  const table = sql.table(rollup.table);
  const counter = sql.ref(rollup.counter);
  return sql`insert into ${table} (${keys}, ${counter})
    select ${keys}, sum(delta) from (${sql.join(parts, sql` union all `)}) as changes
    group by ${keys}
    having sum(delta) <> 0
    order by ${keys}
    on conflict (${keys}) do update set ${counter} = ${table}.${counter} + excluded.${counter}`;
}

/** report_funnel_daily's change for one report_funnel_hourly row (NEW or OLD), `sign` 1 or -1. */
function funnelDelta(row: 'new' | 'old', sign: 1 | -1): RawBuilder<unknown> {
  const r = sql.raw(row);
  return sql`select ${r}.client_id as client_id, ${r}.hour_start / ${sql.lit(DAY_MS)} as day,
      ${r}.channel as channel, ${r}.step as step, ${sql.lit(sign)} * ${r}.sessions as delta`;
}

const FUNNEL_KEYS = ['client_id', 'day', 'channel', 'step'];

function funnelUpsert(parts: RawBuilder<unknown>[]): RawBuilder<unknown> {
  const keys = sql.join(FUNNEL_KEYS.map((key) => sql.ref(key)));
  return sql`insert into report_funnel_daily (${keys}, sessions)
    select ${keys}, sum(delta) from (${sql.join(parts, sql` union all `)}) as changes
    group by ${keys}
    having sum(delta) <> 0
    order by ${keys}
    on conflict (${keys}) do update set sessions = report_funnel_daily.sessions + excluded.sessions`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const run = async (statement: RawBuilder<unknown>): Promise<void> => {
    await statement.execute(db);
  };
  // SQLite: the table IS its primary-key B-tree (a range of days or hours is one sequential read).
  const clustered = isPostgres ? sql`` : sql`without rowid`;
  const client = (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    c.notNull().references('clients.id').onDelete('cascade');

  await db.schema
    .createTable('report_bookings_sliced_daily')
    .addColumn('client_id', 'integer', client)
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('bookings', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_bookings_sliced_daily_pk', ['client_id', 'day', 'dimension', 'value'])
    .modifyEnd(clustered)
    .execute();
  await db.schema
    .createTable('report_bookings_hourly')
    .addColumn('client_id', 'integer', client)
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('hour', 'bigint', (c) => c.notNull())
    .addColumn('bookings', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_bookings_hourly_pk', ['client_id', 'dimension', 'value', 'hour'])
    .modifyEnd(clustered)
    .execute();
  await db.schema
    .createTable('report_funnel_daily')
    .addColumn('client_id', 'integer', client)
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('sessions', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_funnel_daily_pk', FUNNEL_KEYS as never)
    .modifyEnd(clustered)
    .execute();

  // Backfill (before the triggers exist).
  for (const rollup of BOOKING_ROLLUPS) {
    const keys = sql.join(rollup.keys.map((key) => sql.ref(key)));
    await run(sql`insert into ${sql.table(rollup.table)} (${keys}, ${sql.ref(rollup.counter)})
      select ${keys}, sum(delta) from (${rollup.rows('a', 1)}) as changes
      group by ${keys}`);
  }
  await run(sql`insert into report_funnel_daily (client_id, day, channel, step, sessions)
    select client_id, hour_start / ${sql.lit(DAY_MS)}, channel, step, sum(sessions)
    from report_funnel_hourly
    group by client_id, hour_start / ${sql.lit(DAY_MS)}, channel, step`);

  const changed = sql.join(
    COUNTED.map((column) => sql`old.${sql.ref(column)} is distinct from new.${sql.ref(column)}`),
    sql` or `,
  );
  const funnelChanged = sql.join(
    ['client_id', 'hour_start', 'channel', 'step', 'sessions'].map(
      (column) => sql`old.${sql.ref(column)} is distinct from new.${sql.ref(column)}`,
    ),
    sql` or `,
  );
  const bookingBody = (parts: (rollup: Rollup) => RawBuilder<unknown>[]): RawBuilder<unknown> =>
    sql.join(
      BOOKING_ROLLUPS.map((rollup) => sql`${upsert(rollup, parts(rollup))};`),
      sql`\n`,
    );
  if (isPostgres) {
    await run(sql`create function appointments_report_slices() returns trigger language plpgsql as $fn$
      begin
        if tg_op = 'INSERT' then
          ${bookingBody((rollup) => [rollup.rows('new', 1)])}
        elsif tg_op = 'DELETE' then
          ${bookingBody((rollup) => [rollup.rows('old', -1)])}
        elsif ${changed} then
          ${bookingBody((rollup) => [rollup.rows('old', -1), rollup.rows('new', 1)])}
        end if;
        return null;
      end
      $fn$`);
    await run(sql`create trigger appointments_report_slices_trg
      after insert or update or delete on appointments
      for each row execute function appointments_report_slices()`);
    await run(sql`create function report_funnel_hourly_daily() returns trigger language plpgsql as $fn$
      begin
        if tg_op = 'INSERT' then
          ${funnelUpsert([funnelDelta('new', 1)])};
        elsif tg_op = 'DELETE' then
          ${funnelUpsert([funnelDelta('old', -1)])};
        elsif ${funnelChanged} then
          ${funnelUpsert([funnelDelta('old', -1), funnelDelta('new', 1)])};
        end if;
        return null;
      end
      $fn$`);
    await run(sql`create trigger report_funnel_hourly_daily_trg
      after insert or update or delete on report_funnel_hourly
      for each row execute function report_funnel_hourly_daily()`);

    // Row-level security as migration 006 gives every client-owned table.
    const rule = sql`current_setting('app.tenant_scope', true) = 'system'
      or client_id = nullif(current_setting('app.client_id', true), '')::integer`;
    for (const table of ['report_bookings_sliced_daily', 'report_bookings_hourly', 'report_funnel_daily']) {
      await run(sql`alter table ${sql.table(table)} enable row level security`);
      await run(sql`alter table ${sql.table(table)} force row level security`);
      await run(sql`create policy ${sql.id(POLICY)} on ${sql.table(table)} for all
        using (${rule}) with check (${rule})`);
    }
  } else {
    await run(sql`create trigger appointments_report_slices_insert_trg after insert on appointments
      begin
        ${bookingBody((rollup) => [rollup.rows('new', 1)])}
      end`);
    await run(sql`create trigger appointments_report_slices_delete_trg after delete on appointments
      begin
        ${bookingBody((rollup) => [rollup.rows('old', -1)])}
      end`);
    await run(sql`create trigger appointments_report_slices_update_trg after update on appointments
      when ${changed}
      begin
        ${bookingBody((rollup) => [rollup.rows('old', -1), rollup.rows('new', 1)])}
      end`);
    await run(sql`create trigger report_funnel_hourly_daily_insert_trg after insert on report_funnel_hourly
      begin
        ${funnelUpsert([funnelDelta('new', 1)])};
      end`);
    await run(sql`create trigger report_funnel_hourly_daily_delete_trg after delete on report_funnel_hourly
      begin
        ${funnelUpsert([funnelDelta('old', -1)])};
      end`);
    await run(sql`create trigger report_funnel_hourly_daily_update_trg after update on report_funnel_hourly
      when ${funnelChanged}
      begin
        ${funnelUpsert([funnelDelta('old', -1), funnelDelta('new', 1)])};
      end`);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    await sql`drop trigger if exists appointments_report_slices_trg on appointments`.execute(db);
    await sql`drop function if exists appointments_report_slices()`.execute(db);
    await sql`drop trigger if exists report_funnel_hourly_daily_trg on report_funnel_hourly`.execute(db);
    await sql`drop function if exists report_funnel_hourly_daily()`.execute(db);
  } else {
    for (const trigger of [
      'appointments_report_slices_insert_trg',
      'appointments_report_slices_delete_trg',
      'appointments_report_slices_update_trg',
      'report_funnel_hourly_daily_insert_trg',
      'report_funnel_hourly_daily_delete_trg',
      'report_funnel_hourly_daily_update_trg',
    ]) {
      await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
    }
  }
  for (const table of ['report_funnel_daily', 'report_bookings_hourly', 'report_bookings_sliced_daily']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
