import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { freeSlots, SERVICE, type FreeSlot } from './admin-patients-support';
import { serviceIdOf } from './booking-support';
import { clockNow, expect } from './test-clock';

/*
 * Waiting entries made by the spec that needs them (admin-patients-waitlist.spec.ts), never taken
 * from the seeded demo: earlier specs book and remove seeded entries, so which of them are left,
 * and whether their times are still free, depends on the order and the hour of the run. The public
 * API (POST createWaitList) only takes an entry for a provider or location without free times, and
 * always with a date of birth; staff book entries into free times, so the entry is written into
 * the server's SQLite database, as a phone call taken by the front desk would leave it.
 */

export interface Entry {
  waitlistEntryId: string;
  status: string;
  firstName: string;
  lastName: string;
  location: { locationId: string; name: string } | null;
  provider: { providerId: string; name: string } | null;
  service: { appointmentTypeId: string; name: string } | null;
}

/** The part of better-sqlite3 (the server's own driver, resolved through its package) used here. */
export interface Sqlite {
  prepare(sql: string): {
    run(...params: unknown[]): { lastInsertRowid: number | bigint };
    get(...params: unknown[]): unknown;
  };
  pragma(source: string): unknown;
  close(): void;
}
type SqliteConstructor = new (file: string, options?: { fileMustExist?: boolean }) => Sqlite;

/** The e2e server's database (playwright.config.ts hands its path to the workers). */
export function openServerDatabase(): Sqlite {
  const file = process.env.E2E_SQLITE_PATH;
  if (!file) throw new Error('E2E_SQLITE_PATH is not set (see playwright.config.ts)');
  const requireFromServer = createRequire(
    path.resolve(import.meta.dirname, '../../apps/server/package.json'),
  );
  const Database = requireFromServer('better-sqlite3') as SqliteConstructor;
  const db = new Database(file, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return db;
}

/** A last name no other entry or patient has: `prefix` and six letters. */
export function uniqueLastName(prefix: string): string {
  return `${prefix}${randomUUID()
    .replace(/[^a-f]/g, '')
    .padEnd(6, 'a')
    .slice(0, 6)}`;
}

export interface NewEntry {
  /** The brand and its scheduler (brightSmile(): clientId, ruleId). */
  clientId: string;
  schedulerId: string;
  firstName: string;
  lastName: string;
  /** null: taken over the phone without one. */
  dateOfBirth: string | null;
}

/**
 * Adds a waiting entry for `SERVICE` with a provider and a location that have free times now (the
 * first free time of the search), and returns it as staff see it (GET getWaitList through
 * `staffRequest`) with that free time.
 */
export async function addWaitingEntry(
  staffRequest: APIRequestContext,
  entry: NewEntry,
): Promise<{ entry: Entry; freeTime: FreeSlot }> {
  const serviceId = await serviceIdOf(staffRequest, SERVICE);
  const [freeTime] = await freeSlots(staffRequest, serviceId);
  if (!freeTime) throw new Error(`no free time for ${SERVICE}`);
  const now = clockNow().getTime();
  const db = openServerDatabase();
  let id: number | bigint;
  try {
    ({ lastInsertRowid: id } = db
      .prepare(
        `insert into waitlist_entries (client_id, scheduler_id, location_id, provider_id, service_id, patient_id,
           first_name, last_name, date_of_birth, phone, email, preferred_times, notes, status, created_at, updated_at)
         values (?, ?, ?, ?, ?, null, ?, ?, ?, ?, ?, null, null, 'waiting', ?, ?)`,
      )
      .run(
        Number(entry.clientId),
        Number(entry.schedulerId),
        Number(freeTime.locationId),
        Number(freeTime.providerId),
        Number(serviceId),
        entry.firstName,
        entry.lastName,
        entry.dateOfBirth,
        `555010${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
        `${entry.lastName.toLowerCase()}@example.org`,
        now,
        now,
      ));
  } finally {
    db.close();
  }
  const list = await staffRequest.get(
    `/api/scheduler/getWaitList?clientId=${entry.clientId}&status=waiting&pageSize=100` +
      `&locationId=${freeTime.locationId}&providerId=${freeTime.providerId}&appointmentTypeId=${serviceId}`,
  );
  expect(list.status()).toBe(200);
  const { items } = (await list.json()) as { items: Entry[] };
  const added = items.find((item) => item.waitlistEntryId === String(id));
  if (!added) throw new Error(`the new waiting entry ${String(id)} is not on the waitlist`);
  return { entry: added, freeTime };
}
