/*
 * FROZEN MIGRATION — never edit after it has shipped; add a new date-prefixed file instead.
 * It imports nothing from the application so that it keeps meaning the same thing forever.
 *
 * Issue 21 "English and Spanish", on SQLite and PostgreSQL:
 *
 *  - `appointments.language`: the language the patient booked in ('en' or 'es'); the
 *    appointment's confirmations, reminders and notices go out in it, and their manage links open
 *    the page in it. 'en' for every appointment made before, and for staff and partner bookings
 *    that name none.
 *  - `waitlist_entries.language`: the language the patient joined the waitlist in; offers of a
 *    freed time go out in it. 'en' for every entry made before.
 *
 * Both `text not null default 'en'` with a check on the two values. Row-level security is the
 * tables' own (migration 006): nothing to add.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

const TABLES = ['appointments', 'waitlist_entries'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('language', 'text', (c) =>
        c
          .notNull()
          .defaultTo('en')
          .check(sql`language in ('en', 'es')`),
      )
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [...TABLES].reverse()) {
    await db.schema.alterTable(table).dropColumn('language').execute();
  }
}
