/*
 * The patient search tokens (migration 2026-11-27-019, @scheduler/domain/patient-search): written
 * in the transaction of every write of a patient's name, e-mail or phone, and the patients each
 * search term finds.
 *
 * A term is an index range scan of `patient_search_tokens` (primary key client_id, token,
 * patient_id): a word `w` is `'n:' || w <= token < bound`, in code point order on both databases
 * (SQLite's BINARY collation; the column is COLLATE "C" on PostgreSQL, whose comparison operators
 * are LEAKPROOF, so row-level security does not keep them out of the index scan). The other words
 * of a name are checked per patient on (patient_id, token). Each token row carries the patient's
 * names (the list's name order), so a term can give its patients already named (`named`): the
 * list's page in name order is then found without reading the patients' rows.
 */
import { sql } from 'kysely';
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import {
  NAME_TOKEN_PREFIX,
  PHONE_TOKEN_PREFIX,
  cutToTokenLength,
  patientSearchTokens,
  prefixBound,
} from '@scheduler/domain/patient-search';
import type { SearchablePatient } from '@scheduler/domain/patient-search';
import type { Db } from '../../../platform/db/database.ts';
import type { DB } from '../../../platform/db/schema.ts';

/** A term matched on the patient's own fields (search-terms.ts makes them from the request). */
export type PatientFieldTerm =
  /** Folded words (no spaces, apostrophes, hyphens or accents): each starts a token, or all joined do. */
  | { kind: 'name'; words: readonly string[] }
  /**
   * An e-mail: the lower-cased text (`prefix`), its folded local part (`local`), and when the text
   * went past the '@' the start of the domain (`domain`; the local part is then whole).
   */
  | { kind: 'email'; prefix: string; local: string; domain: string | null }
  /** Digits without the US country code: the start of the number, of its last 7 or its last 4. */
  | { kind: 'phone'; digits: string }
  | { kind: 'dateOfBirth'; date: string };

/**
 * Replaces a patient's search tokens. Call it on the write transaction's handle, with the name,
 * e-mail and phone exactly as stored on the patient (the names are the list's sort keys).
 */
export async function writePatientSearchTokens(
  trx: Db,
  clientId: number,
  patientId: number,
  patient: SearchablePatient,
): Promise<void> {
  await trx
    .deleteFrom('patient_search_tokens')
    .where('client_id', '=', clientId)
    .where('patient_id', '=', patientId)
    .execute();
  const tokens = patientSearchTokens(patient);
  if (tokens.length === 0) return;
  await trx
    .insertInto('patient_search_tokens')
    .values(
      tokens.map((token) => ({
        client_id: clientId,
        patient_id: patientId,
        token,
        last_name: patient.lastName,
        first_name: patient.firstName,
      })),
    )
    .execute();
}

/** Re-reads the patient's name, e-mail and phone and rewrites its tokens (after an update). */
export async function refreshPatientSearchTokens(
  trx: Db,
  clientId: number,
  patientId: number,
): Promise<void> {
  const row = await trx
    .selectFrom('patients')
    .select(['first_name', 'last_name', 'email', 'phone'])
    .where('client_id', '=', clientId)
    .where('id', '=', patientId)
    .executeTakeFirst();
  if (row === undefined) return;
  await writePatientSearchTokens(trx, clientId, patientId, {
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
  });
}

type Tokens = DB & { t: DB['patient_search_tokens'] };

/** A patient a term finds, with the names the list sorts by (as stored on the patient). */
export interface NamedPatient {
  id: number;
  last_name: string;
  first_name: string;
}

/** `id` only (for `p.id in (…)`), or `named`: `id`, `last_name` and `first_name`. */
type Shape = 'ids' | 'named';
type Found<S extends Shape> = SelectQueryBuilder<
  DB,
  keyof DB,
  S extends 'named' ? NamedPatient : { id: number }
>;

/** Patients whose token starts with `token` (`exact`: is `token`). */
function withToken(db: Db, shape: Shape, clientId: number, token: string, exact = false) {
  const from = db.selectFrom('patient_search_tokens as t').where('t.client_id', '=', clientId);
  const query = from.select(
    shape === 'named' ? ['t.patient_id as id', 't.last_name', 't.first_name'] : ['t.patient_id as id'],
  );
  return exact
    ? query.where('t.token', '=', token)
    : query.where('t.token', '>=', token).where('t.token', '<', prefixBound(token));
}

/** The brand's patients as rows of `patients as p2` (terms not served by the tokens). */
function fromPatients(db: Db, shape: Shape, clientId: number) {
  return db
    .selectFrom('patients as p2')
    .select(shape === 'named' ? ['p2.id as id', 'p2.last_name', 'p2.first_name'] : ['p2.id as id'])
    .where('p2.client_id', '=', clientId);
}

/** The patient `t.patient_id` also has a token starting with `token` (probe by patient). */
function alsoHasToken(eb: ExpressionBuilder<Tokens, 't'>, token: string) {
  return eb.exists(
    eb
      .selectFrom('patient_search_tokens as o')
      .select(sql.lit(1).as('one'))
      .whereRef('o.patient_id', '=', 't.patient_id')
      .where('o.token', '>=', token)
      .where('o.token', '<', prefixBound(token)),
  );
}

/**
 * A name: every word starts one of the patient's tokens (the longest word drives), or all the
 * words written together do ('mc donald' finds McDonald, 'zoe obrien' Zoë O'Brien). A patient may
 * come more than once (several of its tokens match).
 */
function ofName(db: Db, shape: Shape, clientId: number, words: readonly string[]) {
  const tokens = words.map((word) => NAME_TOKEN_PREFIX + cutToTokenLength(word));
  const driving = tokens.reduce((longest, token) => (token.length > longest.length ? token : longest), '');
  const byWords = withToken(db, shape, clientId, driving);
  if (tokens.length < 2) return byWords;
  const others = tokens.filter((token) => token !== driving);
  const joined = NAME_TOKEN_PREFIX + cutToTokenLength(words.join(''));
  return byWords
    .where((eb) => eb.and(others.map((token) => alsoHasToken(eb, token))))
    .unionAll(withToken(db, shape, clientId, joined));
}

/** `value` for a LIKE pattern with `\` as the escape character. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** An e-mail: found by its local part's token, the domain checked on the stored address. */
function ofEmail(db: Db, shape: Shape, clientId: number, term: Extract<PatientFieldTerm, { kind: 'email' }>) {
  if (term.local === '') {
    // Nothing searchable before the '@' ('@example.com'): the brand's addresses, one by one.
    return fromPatients(db, shape, clientId).where(
      sql<boolean>`p2.email like ${`${escapeLike(term.prefix)}%`} escape '\\'`,
    );
  }
  const local = NAME_TOKEN_PREFIX + cutToTokenLength(term.local);
  if (term.domain === null) return withToken(db, shape, clientId, local);
  // One '@' in an address: '%@ex%' is "the domain starts with ex".
  return withToken(db, shape, clientId, local, true)
    .innerJoin('patients as p2', 'p2.id', 't.patient_id')
    .where(sql<boolean>`p2.email like ${`%@${escapeLike(term.domain)}%`} escape '\\'`);
}

function patientsOf<S extends Shape>(db: Db, shape: S, clientId: number, term: PatientFieldTerm): Found<S> {
  switch (term.kind) {
    case 'name':
      return ofName(db, shape, clientId, term.words) as unknown as Found<S>;
    case 'email':
      return ofEmail(db, shape, clientId, term) as unknown as Found<S>;
    case 'phone':
      return withToken(
        db,
        shape,
        clientId,
        PHONE_TOKEN_PREFIX + cutToTokenLength(term.digits),
      ) as unknown as Found<S>;
    case 'dateOfBirth':
      return fromPatients(db, shape, clientId).where(
        'p2.date_of_birth',
        '=',
        term.date,
      ) as unknown as Found<S>;
  }
}

/** Ids (column `id`) of the brand's patients a term finds, served by an index. */
export function patientIdsOf(db: Db, clientId: number, term: PatientFieldTerm): Found<'ids'> {
  return patientsOf(db, 'ids', clientId, term);
}

/**
 * The brand's patients a term finds with their names (`id`, `last_name`, `first_name`), served by
 * an index; a token term reads no patient row. A patient may come more than once.
 */
export function namedPatientsOf(db: Db, clientId: number, term: PatientFieldTerm): Found<'named'> {
  return patientsOf(db, 'named', clientId, term);
}
