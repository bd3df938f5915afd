/*
 * FROZEN MIGRATION — never edit after it has shipped; add a new date-prefixed file instead.
 * It imports nothing from the application so that it keeps meaning the same thing forever.
 *
 * Roll-ups of the appointments for the reports (1 000 000 appointments per brand), kept ON WRITE by
 * database triggers on `appointments` (insert, update of a counted column, delete), so every writer
 * — the API, the seed, the generator — keeps them right, and backfilled here. Both dialects.
 *
 * Time buckets are UTC (integer division of the epoch ms), never a local day: a report asked in any
 * time zone reads whole UTC days from the roll-up and the partial days at its two ends from the rows.
 *
 *  - report_appointments_daily: appointments by START per (client, UTC day, location, service, status,
 *    channel, new patient) — the appointment report's totals — also summed over every location
 *    (location_id 0), every service (service_id 0) and both, so that a report filtered on neither
 *    (or one) reads a few dozen rows per day, not hundreds;
 *  - report_bookings_daily: appointments by BOOKING time (created_at), entered-in-error aside, per
 *    (client, UTC day, location, service, channel) — the chart report's groups;
 *  - report_bookings_quarterly: the same per UTC quarter hour, in four slices — 'all', or one
 *    location / service / channel — the chart report's bookings per local day (every zone's offset is
 *    a multiple of 15 minutes, so quarter hours fold exactly into local days).
 * The provider is not a dimension: one provider's appointments are few, read from the rows by index.
 * `channel` keeps the row's value ('' for NULL, with channel_null = 1) so that filters stay exact.
 *
 * Counters change by ±1 in one upsert per roll-up table, its rows in key order (old and new row of an
 * update summed first), so concurrent writers lock roll-up rows in one order and cannot deadlock.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely, RawBuilder } from 'kysely';

const DAY_MS = 86_400_000;
const QUARTER_MS = 900_000;
const ERROR_STATUS = 'entered-in-error';
/** The columns whose change moves an appointment between roll-up rows. */
const COUNTED = [
  'client_id',
  'start_at',
  'created_at',
  'status',
  'location_id',
  'service_id',
  'channel',
  'is_new_patient',
];

/** The trigger's NEW or OLD row, or the alias of `appointments` in the backfill. */
type Row = 'new' | 'old' | 'a';
/** The backfill reads every row of `appointments as a`; a trigger reads its one row. */
const fromOf = (row: Row): RawBuilder<unknown> => sql.raw(row === 'a' ? 'from appointments as a' : '');

/** The rows (key columns + delta) one appointment row adds to each roll-up. */
function dailyRows(row: Row, delta: number): RawBuilder<unknown> {
  const r = sql.raw(row);
  // Four rows: (location, service), (location, every service = 0), (every location = 0, service), (0, 0).
  const cell = (location: RawBuilder<unknown>, service: RawBuilder<unknown>): RawBuilder<unknown> =>
    sql`select ${r}.client_id as client_id, ${r}.start_at / ${sql.lit(DAY_MS)} as day,
      ${location} as location_id, ${service} as service_id, ${r}.status as status,
      coalesce(${r}.channel, '') as channel, case when ${r}.channel is null then 1 else 0 end as channel_null,
      ${r}.is_new_patient as is_new_patient, ${sql.lit(delta)} as delta
    ${fromOf(row)}`;
  const location = sql`${r}.location_id`;
  const service = sql`${r}.service_id`;
  const every = sql.lit(0);
  return sql.join(
    [cell(location, service), cell(location, every), cell(every, service), cell(every, every)],
    sql` union all `,
  );
}

function bookingRows(row: Row, delta: number): RawBuilder<unknown> {
  const r = sql.raw(row);
  return sql`select ${r}.client_id as client_id, ${r}.created_at / ${sql.lit(DAY_MS)} as day,
      ${r}.location_id as location_id, ${r}.service_id as service_id,
      coalesce(${r}.channel, '') as channel, case when ${r}.channel is null then 1 else 0 end as channel_null,
      ${sql.lit(delta)} as delta
    ${fromOf(row)}
    where ${r}.status <> ${sql.lit(ERROR_STATUS)}`;
}

function quarterRows(row: Row, delta: number): RawBuilder<unknown> {
  const r = sql.raw(row);
  const slice = (dimension: string, value: RawBuilder<unknown>): RawBuilder<unknown> =>
    sql`select ${r}.client_id as client_id, ${sql.lit(dimension)} as dimension, ${value} as value,
        ${r}.created_at / ${sql.lit(QUARTER_MS)} as quarter, ${sql.lit(delta)} as delta
      ${fromOf(row)}
      where ${r}.status <> ${sql.lit(ERROR_STATUS)}`;
  return sql.join(
    [
      slice('all', sql`''`),
      slice('location', sql`cast(${r}.location_id as text)`),
      slice('service', sql`cast(${r}.service_id as text)`),
      slice('channel', sql`coalesce(${r}.channel, 'website')`),
    ],
    sql` union all `,
  );
}

interface Rollup {
  table: string;
  keys: string[];
  counter: string;
  rows: (row: Row, delta: number) => RawBuilder<unknown>;
}

const ROLLUPS: Rollup[] = [
  {
    table: 'report_appointments_daily',
    keys: [
      'client_id',
      'day',
      'location_id',
      'service_id',
      'status',
      'channel',
      'channel_null',
      'is_new_patient',
    ],
    counter: 'appointments',
    rows: dailyRows,
  },
  {
    table: 'report_bookings_daily',
    keys: ['client_id', 'day', 'location_id', 'service_id', 'channel', 'channel_null'],
    counter: 'bookings',
    rows: bookingRows,
  },
  {
    table: 'report_bookings_quarterly',
    keys: ['client_id', 'dimension', 'value', 'quarter'],
    counter: 'bookings',
    rows: quarterRows,
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

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const run = async (statement: RawBuilder<unknown>): Promise<void> => {
    await statement.execute(db);
  };
  // SQLite: the table IS its primary-key B-tree, so a range of days is one sequential read (a rowid
  // table would look each row up from the key's separate index).
  const clustered = isPostgres ? sql`` : sql`without rowid`;
  const client = (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    c.notNull().references('clients.id').onDelete('cascade');

  await db.schema
    .createTable('report_appointments_daily')
    .addColumn('client_id', 'integer', client)
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addColumn('location_id', 'integer', (c) => c.notNull())
    .addColumn('service_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('channel_null', 'integer', (c) => c.notNull())
    .addColumn('is_new_patient', 'integer', (c) => c.notNull())
    .addColumn('appointments', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_appointments_daily_pk', ROLLUPS[0]?.keys as never)
    .modifyEnd(clustered)
    .execute();
  await db.schema
    .createTable('report_bookings_daily')
    .addColumn('client_id', 'integer', client)
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addColumn('location_id', 'integer', (c) => c.notNull())
    .addColumn('service_id', 'integer', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('channel_null', 'integer', (c) => c.notNull())
    .addColumn('bookings', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_bookings_daily_pk', ROLLUPS[1]?.keys as never)
    .modifyEnd(clustered)
    .execute();
  await db.schema
    .createTable('report_bookings_quarterly')
    .addColumn('client_id', 'integer', client)
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('quarter', 'bigint', (c) => c.notNull())
    .addColumn('bookings', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_bookings_quarterly_pk', ROLLUPS[2]?.keys as never)
    .modifyEnd(clustered)
    .execute();

  // One provider's appointments by booking time (the chart report filtered by provider reads rows).
  await run(sql`create index appointments_provider_created_idx on appointments (provider_id, created_at)`);

  // Backfill from the appointments stored so far (before the triggers exist).
  for (const rollup of ROLLUPS) {
    const keys = sql.join(rollup.keys.map((key) => sql.ref(key)));
    await run(sql`insert into ${sql.table(rollup.table)} (${keys}, ${sql.ref(rollup.counter)})
      select ${keys}, sum(delta) from (${rollup.rows('a', 1)}) as changes
      group by ${keys}`);
  }

  const changed = sql.join(
    COUNTED.map((column) => sql`old.${sql.ref(column)} is distinct from new.${sql.ref(column)}`),
    sql` or `,
  );
  if (isPostgres) {
    const onInsert = sql.join(
      ROLLUPS.map((rollup) => sql`${upsert(rollup, [rollup.rows('new', 1)])};`),
      sql`\n`,
    );
    const onDelete = sql.join(
      ROLLUPS.map((rollup) => sql`${upsert(rollup, [rollup.rows('old', -1)])};`),
      sql`\n`,
    );
    const onUpdate = sql.join(
      ROLLUPS.map((rollup) => sql`${upsert(rollup, [rollup.rows('old', -1), rollup.rows('new', 1)])};`),
      sql`\n`,
    );
    await run(sql`create function appointments_report_rollup() returns trigger language plpgsql as $fn$
      begin
        if tg_op = 'INSERT' then
          ${onInsert}
        elsif tg_op = 'DELETE' then
          ${onDelete}
        elsif ${changed} then
          ${onUpdate}
        end if;
        return null;
      end
      $fn$`);
    await run(sql`create trigger appointments_report_rollup_trg
      after insert or update or delete on appointments
      for each row execute function appointments_report_rollup()`);
  } else {
    const body = (parts: (rollup: Rollup) => RawBuilder<unknown>[]): RawBuilder<unknown> =>
      sql.join(
        ROLLUPS.map((rollup) => sql`${upsert(rollup, parts(rollup))};`),
        sql`\n`,
      );
    await run(sql`create trigger appointments_report_rollup_insert_trg after insert on appointments
      begin
        ${body((rollup) => [rollup.rows('new', 1)])}
      end`);
    await run(sql`create trigger appointments_report_rollup_delete_trg after delete on appointments
      begin
        ${body((rollup) => [rollup.rows('old', -1)])}
      end`);
    await run(sql`create trigger appointments_report_rollup_update_trg after update on appointments
      when ${changed}
      begin
        ${body((rollup) => [rollup.rows('old', -1), rollup.rows('new', 1)])}
      end`);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    await sql`drop trigger if exists appointments_report_rollup_trg on appointments`.execute(db);
    await sql`drop function if exists appointments_report_rollup()`.execute(db);
  } else {
    for (const trigger of ['insert', 'delete', 'update']) {
      await sql`drop trigger if exists ${sql.raw(`appointments_report_rollup_${trigger}_trg`)}`.execute(db);
    }
  }
  await db.schema.dropIndex('appointments_provider_created_idx').ifExists().execute();
  for (const rollup of [...ROLLUPS].reverse()) await db.schema.dropTable(rollup.table).ifExists().execute();
}
