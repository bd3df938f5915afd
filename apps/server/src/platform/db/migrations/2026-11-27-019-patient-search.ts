/*
 * FROZEN MIGRATION — never edit after it has shipped; add a new date-prefixed file instead.
 * It imports nothing from the application so that it keeps meaning the same thing forever.
 *
 * Issue 19 "Search", on SQLite and PostgreSQL: `patient_search_tokens`, the staff patient search's
 * tokens (@scheduler/domain/patient-search explains them), one row per (client, token, patient):
 *
 *  - `n:` + folded words: the patient's name parts run together from each part to the end
 *    ("Zoë O'Brien-Nguyễn" → zoeobriennguyen, obriennguyen, briennguyen, nguyen) and the folded
 *    local part of the e-mail (zoe.obrien@… → zoeobrien); folded = lower case, compatibility
 *    decomposition without marks, ß → ss, ø → o …, only letters and digits;
 *  - `p:` + the phone's digits (without a US country code 1), its last 7 and its last 4.
 *
 * Primary key (client_id, token, patient_id): a search word is one B-tree range scan
 * (`prefix <= token < bound`). The token compares in code point order on both databases (SQLite's
 * BINARY; COLLATE "C" on PostgreSQL, whatever the database's collation). Index (patient_id, token):
 * a patient's other words, and rewriting a patient's tokens.
 *
 * Each row also carries the patient's `last_name` and `first_name` as stored on the patient (copies,
 * in the columns' default collation): the list's name order (lower(last_name), lower(first_name),
 * id) of a search's matches comes from the token range alone — in the primary key's leaf on both
 * databases (SQLite: a WITHOUT ROWID table keeps every column there; PostgreSQL: INCLUDE columns,
 * an index-only scan) — and only the page's 25 patient rows are read. Patients' names, e-mails and phones
 * are stored as plain text (no encryption at rest in this design), so their folded forms are too.
 *
 * Backfill: the tokens of every existing patient (this file's own copy of the folding, as of
 * today). PostgreSQL: row-level security as on every client-owned table (migration 006).
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

const POLICY = 'tenant_isolation';
const TOKEN_LENGTH = 64;
const MAX_NAME_PARTS = 8;
const BATCH = 2_000;

const UNDECOMPOSED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};

function parts(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[ßæœøłđðþıħ]/gu, (letter) => UNDECOMPOSED[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((part) => part !== '');
}

const cut = (text: string): string => Array.from(text).slice(0, TOKEN_LENGTH).join('');

interface PatientRow {
  id: number;
  client_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
}

function tokensOf(patient: PatientRow): string[] {
  const tokens = new Set<string>();
  const word = (text: string) => {
    if (text !== '') tokens.add(`n:${cut(text)}`);
  };
  const name = [...parts(patient.first_name), ...parts(patient.last_name)];
  word(name.join(''));
  for (let index = Math.max(1, name.length - MAX_NAME_PARTS); index < name.length; index++)
    word(name.slice(index).join(''));
  if (patient.email !== null) {
    const at = patient.email.lastIndexOf('@');
    word(parts(at < 0 ? patient.email : patient.email.slice(0, at)).join(''));
  }
  let digits = (patient.phone ?? '').replace(/[^0-9]/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits !== '') {
    tokens.add(`p:${cut(digits)}`);
    if (digits.length > 7) tokens.add(`p:${digits.slice(-7)}`);
    if (digits.length > 4) tokens.add(`p:${digits.slice(-4)}`);
  }
  return [...tokens];
}

async function backfill(db: Kysely<unknown>): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<PatientRow>`
      select id, client_id, first_name, last_name, email, phone from patients
      where id > ${after} order by id limit ${BATCH}`.execute(db);
    const last = rows.at(-1);
    if (last === undefined) return;
    const values = rows.flatMap((row) =>
      tokensOf(row).map(
        (token) =>
          sql`(${Number(row.client_id)}, ${token}, ${Number(row.id)}, ${row.last_name}, ${row.first_name})`,
      ),
    );
    // 5 parameters a row: ≤ 6 000 rows a statement stays under SQLite's 32 766.
    for (let offset = 0; offset < values.length; offset += 6_000) {
      await sql`insert into patient_search_tokens (client_id, token, patient_id, last_name, first_name)
        values ${sql.join(values.slice(offset, offset + 6_000))}`.execute(db);
    }
    after = Number(last.id);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`create table patient_search_tokens (
    client_id integer not null references clients (id),
    token text ${isPostgres ? sql`collate "C"` : sql``} not null,
    patient_id integer not null references patients (id) on delete cascade,
    last_name text not null,
    first_name text not null,
    primary key (client_id, token, patient_id) ${isPostgres ? sql`include (last_name, first_name)` : sql``}
  ) ${isPostgres ? sql`` : sql`without rowid`}`.execute(db);
  await sql`create index patient_search_tokens_patient_idx
    on patient_search_tokens (patient_id, token)`.execute(db);
  if (isPostgres) {
    const rule = sql`current_setting('app.tenant_scope', true) = 'system'
      or client_id = nullif(current_setting('app.client_id', true), '')::integer`;
    await sql`alter table patient_search_tokens enable row level security`.execute(db);
    await sql`alter table patient_search_tokens force row level security`.execute(db);
    await sql`create policy ${sql.id(POLICY)} on patient_search_tokens for all
      using (${rule}) with check (${rule})`.execute(db);
  }
  await backfill(db);
  if (isPostgres) await sql`analyze patient_search_tokens`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table patient_search_tokens`.execute(db);
}
