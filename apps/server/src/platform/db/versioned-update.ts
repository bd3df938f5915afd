import { DomainError } from '@scheduler/domain/errors';
import { sql } from 'kysely';
import type { Db } from './database.ts';
import { STALE_RECORD_MESSAGE } from '@scheduler/domain/messages';

/*
 * The one optimistic-concurrency write: an UPDATE that matches the version the editor read and
 * bumps it; a stale version changes no row and is told apart from a missing record.
 */

/** Tables whose rows carry a `version` bumped by every edit. */
export type VersionedTable =
  'services' | 'locations' | 'insurance_carriers' | 'insurance_types' | 'insurance_plans';

export type VersionedOutcome = 'ok' | 'not-found' | 'stale';

/**
 * `UPDATE table SET …columns, version = version + 1 WHERE client_id = ? AND id = ? AND version = ?`
 * (`versionColumn` names another counter, e.g. schedulers.settings_version). Writes nothing when
 * the version is stale. Run it in the caller's transaction when more writes depend on it.
 */
export async function versionedUpdate(
  executor: Db,
  target: {
    table: VersionedTable | 'schedulers';
    clientId: number;
    id: number;
    version: number;
    versionColumn?: string;
  },
  columns: Readonly<Record<string, unknown>>,
): Promise<VersionedOutcome> {
  const versionColumn = target.versionColumn ?? 'version';
  const assignments = [
    ...Object.entries(columns)
      .filter(([, value]) => value !== undefined)
      .map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
    sql`${sql.ref(versionColumn)} = ${sql.ref(versionColumn)} + 1`,
  ];
  const result = await sql`update ${sql.table(target.table)} set ${sql.join(assignments)}
    where client_id = ${target.clientId} and id = ${target.id} and ${sql.ref(versionColumn)} = ${target.version}`.execute(
    executor,
  );
  if (Number(result.numAffectedRows ?? 0) > 0) return 'ok';
  const exists = await sql<{ id: number }>`select id from ${sql.table(target.table)}
    where client_id = ${target.clientId} and id = ${target.id}`.execute(executor);
  return exists.rows.length > 0 ? 'stale' : 'not-found';
}

/** Turns a refused versioned update into the API's 404 / 409. */
export function assertUpdated(outcome: VersionedOutcome): void {
  if (outcome === 'not-found') throw new DomainError('NOT_FOUND');
  if (outcome === 'stale') throw new DomainError('CONFLICT', STALE_RECORD_MESSAGE);
}
