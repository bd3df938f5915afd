/* The chart's funnel (sessions per step, from the funnel roll-ups) and the channels seen for the brand. */
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { DAY_MS, HOUR_MS, splitRange } from './report-queries-repository.ts';
import type { Span } from './report-queries-repository.ts';

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

/** Channels seen for the brand, in appointments and analytics sessions (distinct, unsorted). */
export async function channels(db: Db, clientId: number): Promise<string[]> {
  const [fromAppointments, fromSessions] = await Promise.all([
    distinctValues(db, 'appointments', 'channel', clientId),
    distinctValues(db, 'analytics_sessions', 'channel', clientId),
  ]);
  return [...new Set([...fromAppointments, ...fromSessions])];
}

/** Sessions per funnel step whose first view of it lies in [from, before) (hour precision). */
export async function funnelSessions(
  db: Db,
  clientId: number,
  range: { from: number; before: number; channel?: string | undefined },
): Promise<Record<string, number>> {
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
}
