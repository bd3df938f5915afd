/*
 * Bulk loading for the large-data generator. The row triggers that keep the report roll-ups
 * (migrations 002, 004, 008) and the slot search's provider versions (003) cost more than the
 * inserts themselves. On PostgreSQL, when the role may (a superuser), the generator writes with
 * `session_replication_role = replica` (no user triggers, no foreign-key triggers: the generated
 * rows are consistent by construction). On SQLite, which cannot switch triggers off, the whole
 * load runs in one transaction that drops the triggers first and creates them again at its end
 * (DDL is transactional there: an interrupted load rolls back with its triggers). Either way the
 * new brand's roll-ups are then built here in set-based statements, exactly as the migrations'
 * backfills do (bulk-rollups.test.ts compares them with what the triggers keep).
 */
import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import type { Db } from '../../src/platform/db/database.ts';
import { dialectOf } from '../../src/platform/db/database.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const QUARTER_MS = 900_000;
const ERROR_STATUS = 'entered-in-error';
/** As migration 002. */
const FUNNEL_STEPS = ['landing', 'findappointment', 'additionaldetails', 'insurance', 'identity', 'thankyou'];

/** Whether this PostgreSQL role may turn triggers off for its session (a superuser). */
export async function canBulkLoad(db: Db): Promise<boolean> {
  const result = await sql<{ superuser: boolean }>`
    select rolsuper as superuser from pg_roles where rolname = current_user`.execute(db);
  return result.rows[0]?.superuser === true;
}

/** Turns the triggers off for the rest of the current transaction (PostgreSQL). */
export async function triggersOffForTransaction(db: Db): Promise<void> {
  await sql`set local session_replication_role = replica`.execute(db);
}

/**
 * SQLite, inside a transaction: drops every trigger and returns a function that creates them
 * again (from their stored SQL). Both belong to the caller's transaction.
 */
export async function dropSqliteTriggers(db: Db): Promise<() => Promise<void>> {
  const result = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master where type = 'trigger' order by name`.execute(db);
  for (const trigger of result.rows) {
    await sql`drop trigger ${sql.id(trigger.name)}`.execute(db);
  }
  return async () => {
    for (const trigger of result.rows) await sql.raw(trigger.sql).execute(db);
  };
}

/**
 * Inside a transaction: drops the plain (non-unique, not constraint) indexes of `tables` and
 * returns a function that creates them again from their stored definitions — one sorted build per
 * index at the end of a bulk load instead of millions of scattered insertions. Both belong to the
 * caller's transaction (DDL is transactional on SQLite and PostgreSQL: an interrupted load rolls
 * back with its indexes). Unique indexes stay (they still check the rows).
 */
export async function dropPlainIndexes(db: Db, tables: readonly string[]): Promise<() => Promise<void>> {
  const definitions: string[] = [];
  for (const table of tables) {
    if (dialectOf(db) === 'postgres') {
      const result = await sql<{ name: string; definition: string }>`
        select i.relname as name, pg_get_indexdef(i.oid) as definition
        from pg_index x join pg_class i on i.oid = x.indexrelid
        where x.indrelid = to_regclass(${table}) and not x.indisunique and not x.indisprimary
        order by i.relname`.execute(db);
      for (const index of result.rows) {
        definitions.push(index.definition);
        // pg_get_indexdef names the index schema-qualified; drop it by its name on the search path.
        await sql`drop index ${sql.id(index.name)}`.execute(db);
      }
    } else {
      const result = await sql<{ name: string; definition: string }>`
        select m.name as name, m.sql as definition
        from pragma_index_list(${table}) as l join sqlite_master as m on m.name = l.name
        where l."unique" = 0 and l.origin = 'c' and m.sql is not null
        order by m.name`.execute(db);
      for (const index of result.rows) {
        definitions.push(index.definition);
        await sql`drop index ${sql.id(index.name)}`.execute(db);
      }
    }
  }
  return async () => {
    for (const definition of definitions) await sql.raw(definition).execute(db);
  };
}

/** The four slices of a booking (as 004's quarterly and 008's tables), bucketed by `bucketMs`. */
function slices(bucket: string, bucketMs: number, channel: RawBuilder<unknown>, clientId: number) {
  const slice = (dimension: string, value: RawBuilder<unknown>): RawBuilder<unknown> =>
    sql`select client_id, created_at / ${sql.lit(bucketMs)} as ${sql.ref(bucket)},
        ${sql.lit(dimension)} as dimension, ${value} as value
      from appointments where client_id = ${clientId} and status <> ${sql.lit(ERROR_STATUS)}`;
  return sql.join(
    [
      slice('all', sql`''`),
      slice('location', sql`cast(location_id as text)`),
      slice('service', sql`cast(service_id as text)`),
      slice('channel', channel),
    ],
    sql` union all `,
  );
}

/**
 * Builds every trigger-kept table of one brand from its rows (after a load with triggers off),
 * in one transaction with the triggers still off (so that building one roll-up does not fire the
 * trigger of the next). PostgreSQL.
 */
export async function buildBrandRollups(db: Db, clientId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await triggersOffForTransaction(trx);
    await buildBrandRollupsNow(trx, clientId);
  });
}

/**
 * As buildBrandRollups, in the caller's transaction, whose triggers must already be off
 * (PostgreSQL: `triggersOffForTransaction`; SQLite: `dropSqliteTriggers`).
 */
/** The tables `buildBrandRollupsNow` rebuilds (emptied for the brand first). */
export const BULK_ROLLUP_TABLES = [
  'analytics_session_steps',
  'report_funnel_hourly',
  'report_funnel_daily',
  'report_appointments_daily',
  'report_bookings_daily',
  'report_bookings_quarterly',
  'report_bookings_sliced_daily',
  'report_bookings_hourly',
] as const;

export async function buildBrandRollupsNow(trx: Db, clientId: number): Promise<void> {
  const run = async (statement: RawBuilder<unknown>): Promise<void> => {
    await statement.execute(trx);
  };
  for (const table of BULK_ROLLUP_TABLES) {
    await run(sql`delete from ${sql.table(table)} where client_id = ${clientId}`);
  }
  const stepList = sql.join(FUNNEL_STEPS.map((step) => sql.lit(step)));
  await run(sql`insert into analytics_session_steps (client_id, session_id, step, channel, first_at)
      select client_id, session_id, step, min(channel), min(created_at)
      from (
        select client_id, session_id, lower(replace(page_name, ' ', '')) as step,
               coalesce(channel_filters, 'website') as channel, created_at
        from analytics_events
        where client_id = ${clientId} and page_name is not null
          and lower(replace(page_name, ' ', '')) in (${stepList})
      ) as e
      group by client_id, session_id, step`);
  await run(sql`insert into report_funnel_hourly (client_id, hour_start, channel, step, sessions)
      select client_id, (first_at / ${sql.lit(HOUR_MS)}) * ${sql.lit(HOUR_MS)}, channel, step, count(*)
      from analytics_session_steps where client_id = ${clientId}
      group by client_id, (first_at / ${sql.lit(HOUR_MS)}) * ${sql.lit(HOUR_MS)}, channel, step`);
  await run(sql`insert into report_funnel_daily (client_id, day, channel, step, sessions)
      select client_id, hour_start / ${sql.lit(DAY_MS)}, channel, step, sum(sessions)
      from report_funnel_hourly where client_id = ${clientId}
      group by client_id, hour_start / ${sql.lit(DAY_MS)}, channel, step`);

  const cell = (location: string, service: string): RawBuilder<unknown> =>
    sql`select client_id, start_at / ${sql.lit(DAY_MS)} as day, ${sql.raw(location)} as location_id,
          ${sql.raw(service)} as service_id, status, coalesce(channel, '') as channel,
          case when channel is null then 1 else 0 end as channel_null, is_new_patient
        from appointments where client_id = ${clientId}`;
  await run(sql`insert into report_appointments_daily
        (client_id, day, location_id, service_id, status, channel, channel_null, is_new_patient, appointments)
      select client_id, day, location_id, service_id, status, channel, channel_null, is_new_patient, count(*)
      from (${sql.join(
        [
          cell('location_id', 'service_id'),
          cell('location_id', '0'),
          cell('0', 'service_id'),
          cell('0', '0'),
        ],
        sql` union all `,
      )}) as cells
      group by client_id, day, location_id, service_id, status, channel, channel_null, is_new_patient`);
  await run(sql`insert into report_bookings_daily
        (client_id, day, location_id, service_id, channel, channel_null, bookings)
      select client_id, created_at / ${sql.lit(DAY_MS)}, location_id, service_id, coalesce(channel, ''),
        case when channel is null then 1 else 0 end, count(*)
      from appointments where client_id = ${clientId} and status <> ${sql.lit(ERROR_STATUS)}
      group by client_id, created_at / ${sql.lit(DAY_MS)}, location_id, service_id, coalesce(channel, ''),
        case when channel is null then 1 else 0 end`);
  const asFilter = sql`coalesce(channel, 'website')`;
  const asShown = sql`case when channel is null or channel = '' then 'website' else channel end`;
  const sliced = [
    { table: 'report_bookings_quarterly', bucket: 'quarter', ms: QUARTER_MS, channel: asFilter },
    { table: 'report_bookings_hourly', bucket: 'hour', ms: HOUR_MS, channel: asFilter },
    { table: 'report_bookings_sliced_daily', bucket: 'day', ms: DAY_MS, channel: asShown },
  ];
  for (const { table, bucket, ms, channel } of sliced) {
    await run(sql`insert into ${sql.table(table)} (client_id, ${sql.ref(bucket)}, dimension, value, bookings)
        select client_id, ${sql.ref(bucket)}, dimension, value, count(*)
        from (${slices(bucket, ms, channel, clientId)}) as s
        group by client_id, ${sql.ref(bucket)}, dimension, value`);
  }
  // The slot search's per-provider versions (migration 003): a new value for every provider.
  await run(sql`insert into provider_busy_versions (provider_id, version)
      select id, 1 from providers where client_id = ${clientId}
      on conflict (provider_id) do update set version = provider_busy_versions.version + 1`);
}
