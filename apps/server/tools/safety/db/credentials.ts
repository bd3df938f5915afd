/** Users, sessions and login attempts; planted rows; set versions. */
import { sql } from 'kysely';
import { attemptAccountHash } from '../../../src/platform/auth/attempt-store.ts';
import type { Db } from '../../../src/platform/db/database.ts';

// ---------------------------------------------------------------- credentials

/** A user with no brand (enough to sign in). */
export async function insertUser(db: Db, email: string, passwordHash: string, now: number): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      email,
      password_hash: passwordHash,
      display_name: 'Safety User',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Every stored value of the user's sessions, as text. */
export async function sessionRowsOf(db: Db, userId: number): Promise<Record<string, string>[]> {
  const rows = await db.selectFrom('admin_sessions').selectAll().where('user_id', '=', userId).execute();
  return rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, String(value)])),
  );
}

/** Rows of `login_attempts` for the (lower-cased) e-mail, which the table keeps as its keyed hash. */
export async function loginAttemptsOf(db: Db, email: string): Promise<number> {
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', '=', attemptAccountHash(email))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * For checking the checks: a copy of an active appointment five minutes later, written past the
 * guard (no slot units, no history). Answers its id.
 */
export async function insertUnguardedOverlap(db: Db, clientId: number): Promise<number> {
  const source = await db
    .selectFrom('appointments')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('status', 'in', ['booked', 'pending'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const { id: _id, ...row } = source;
  const inserted = await db
    .insertInto('appointments')
    .values({
      ...row,
      start_at: row.start_at + 5 * 60_000,
      end_at: row.end_at + 5 * 60_000,
      idempotency_key: null,
      // Unique per appointment: the copy has no manage link of its own.
      manage_nonce: null,
      manage_token_hash: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function deleteAppointment(db: Db, id: number): Promise<void> {
  await db.deleteFrom('appointments').where('id', '=', id).execute();
}

/** Names that are not patient data (providers, locations, services, staff), any brand. */
export async function nonPatientNames(db: Db): Promise<Set<string>> {
  const providers = await db.selectFrom('providers').select(['first_name', 'last_name']).execute();
  const locations = await db.selectFrom('locations').select(['name', 'city', 'phone']).execute();
  const services = await db.selectFrom('services').select(['name']).execute();
  const users = await db.selectFrom('users').select(['display_name', 'email']).execute();
  return new Set([
    ...providers.flatMap((p) => [p.first_name, p.last_name]),
    ...locations.flatMap((l) => [l.name, l.city, l.phone]),
    ...services.map((s) => s.name),
    ...users.flatMap((u) => [u.display_name, u.email]),
  ]);
}

/** The idempotency keys, among those given, that some appointment carries. */
export async function appointmentsWithKeys(db: Db, keys: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (let index = 0; index < keys.length; index += 500) {
    const chunk = keys.slice(index, index + 500);
    if (chunk.length === 0) continue;
    const rows = await db
      .selectFrom('appointments')
      .select(['idempotency_key'])
      .where('idempotency_key', 'in', chunk)
      .execute();
    for (const row of rows) if (row.idempotency_key !== null) found.push(row.idempotency_key);
  }
  return found;
}

export type SetVersionTable = 'providers' | 'insurance_plans' | 'services' | 'locations' | 'clients';
export type SetVersionColumn =
  | 'locations_version'
  | 'services_version'
  | 'plans_version'
  | 'providers_version'
  | 'frame_ancestors_version';

/** The stored version of a map set or of the widget allow-list (migration 007); undefined: no such row. */
export async function setVersion(
  db: Db,
  table: SetVersionTable,
  column: SetVersionColumn,
  id: number,
): Promise<number | undefined> {
  const result = await sql<{ version: number | string }>`select ${sql.ref(column)} as version
    from ${sql.table(table)} where id = ${id}`.execute(db);
  const row = result.rows[0];
  return row === undefined ? undefined : Number(row.version);
}
