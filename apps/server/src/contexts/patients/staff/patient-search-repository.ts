/*
 * The staff search of the brand's patients: the filter menus and the paged patient list. Lists
 * are paged in SQL; nothing is loaded per row (no N+1): a page of patients costs two or three
 * statements whatever its size (with a search, the page carries its total; without one, or past
 * the last page, a separate count).
 *
 * Search terms are index range scans of the patients' search tokens (search-tokens-repository.ts,
 * migration 2026-11-27-019): names, e-mails and phones folded (no case, accents, apostrophes,
 * hyphens or spaces); a date of birth is an equality on (client_id, date_of_birth). Each term
 * gives patient ids; the page is the brand's patients among them.
 *
 * A search sorted by name (the list's default, and getPatientsAndLastAppointments) reads no
 * patient row but the page's: the first term's matches come with the patients' names from the
 * token rows (an index-only range), the other terms and appointment filters narrow them, and the
 * page of 25 in name order and the total come from those (`pageByName`). A search sorted by date
 * of birth or creation reads every match's patient row to sort it (correct, slower).
 */
import { sql } from 'kysely';
import type { Expression, SelectQueryBuilder, SqlBool } from 'kysely';
import type { Db } from '../../../platform/db/database.ts';
import { onePage } from '../../../platform/db/paging.ts';
import type { AppointmentStatus, DB, Gender } from '../../../platform/db/schema.ts';
import type { NamedRecord, ProviderNameRecord } from './records.ts';
import {
  appointmentsMatching,
  hasAppointmentCriteria,
  idsOfTerm,
  pageByName,
  patientIdsWithAppointments,
} from './search-page-repository.ts';
import type { AppointmentCriteria, PatientSearchTerm } from './search-page-repository.ts';

export type { PatientFieldTerm } from './search-tokens-repository.ts';
export type { AppointmentCriteria, PatientSearchTerm } from './search-page-repository.ts';

export interface FilterOptionsRecord {
  locations: (NamedRecord & { timeZone: string })[];
  providers: ProviderNameRecord[];
  services: NamedRecord[];
}

export interface PatientListFilter {
  /** All must match. */
  terms: readonly PatientSearchTerm[];
  appointments: AppointmentCriteria | undefined;
  sort: 'name' | '-name' | 'dateOfBirth' | '-dateOfBirth' | 'createdAt' | '-createdAt';
  page: number;
  pageSize: number;
  /** For the last / next appointment columns. */
  now: number;
}

export interface PatientListRecord {
  patientId: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: Gender | null;
  phone: string | null;
  email: string | null;
  createdAt: number;
  appointmentCount: number;
  lastAppointmentAt: number | null;
  nextAppointmentAt: number | null;
}

export interface PatientSearchRepository {
  filterOptions(clientId: number): Promise<FilterOptionsRecord>;
  /** The zone of the brand's first location, if it has any. */
  defaultTimeZone(clientId: number): Promise<string | undefined>;
  listPatients(
    clientId: number,
    filter: PatientListFilter,
  ): Promise<{ items: PatientListRecord[]; total: number }>;
}

/** The smallest string greater than every string starting with `prefix` (under byte order). */
export function prefixUpperBound(prefix: string): string {
  const last = prefix.charCodeAt(prefix.length - 1);
  return prefix.slice(0, -1) + String.fromCharCode(last + 1);
}

/** `value` for a LIKE pattern with `\` as the escape character. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** `column` starts with `prefix` (already lower-cased when `column` is). Index-friendly. */
export function startsWith(column: Expression<string | null>, prefix: string): Expression<SqlBool> {
  return sql<SqlBool>`(${column} >= ${prefix} and ${column} < ${prefixUpperBound(prefix)} and ${column} like ${`${escapeLike(prefix)}%`} escape '\\')`;
}

const lowerLast = sql<string>`lower(p.last_name)`;
const lowerFirst = sql<string>`lower(p.first_name)`;

const ACTIVE_STATUSES: AppointmentStatus[] = ['pending', 'booked', 'arrived', 'checked-in', 'fulfilled'];
export const UNCOUNTED_STATUSES: AppointmentStatus[] = ['cancelled', 'entered-in-error'];

type PatientsQuery = SelectQueryBuilder<DB & { p: DB['patients'] }, 'p', object>;

/** The brand's patients matching every search term and the appointment criteria. */
function patientsMatching(db: Db, clientId: number, filter: PatientListFilter): PatientsQuery {
  let base: PatientsQuery = db.selectFrom('patients as p').where('p.client_id', '=', clientId);
  const [driving] = filter.terms;
  for (const term of filter.terms) base = base.where('p.id', 'in', idsOfTerm(db, clientId, term));
  if (!hasAppointmentCriteria(filter.appointments)) return base;
  const criteria = filter.appointments;
  // A search already narrowed the patients: probe each one's appointments by
  // (patient_id, start_at). Otherwise start from the appointments (covering index by start).
  return driving === undefined
    ? base.where('p.id', 'in', patientIdsWithAppointments(db, clientId, criteria))
    : base.where((eb) =>
        eb.exists(
          appointmentsMatching(
            eb
              .selectFrom('appointments as a')
              .select(sql.lit(1).as('one'))
              .whereRef('a.patient_id', '=', 'p.id'),
            criteria,
          ),
        ),
      );
}

/**
 * How many patients `base` finds. One search term and no appointment filter: the distinct ids of
 * the term (an index-only count of the tokens, no patient row read); otherwise `base` counted.
 */
async function countOf(db: Db, clientId: number, filter: PatientListFilter, base: PatientsQuery) {
  const [only, ...more] = filter.terms;
  if (only === undefined || more.length > 0 || hasAppointmentCriteria(filter.appointments))
    return base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return db
    .selectFrom(idsOfTerm(db, clientId, only).as('found'))
    .select(sql<number>`count(distinct found.id)`.as('n'))
    .executeTakeFirst();
}

/**
 * The sort keys of the list. With a search, the keys are written so that no index provides their
 * order (`|| ''`, `+ 0`: same values, same order): the database then finds the matches by the
 * search's index and sorts them, rather than walking the whole brand in index order until a page
 * of matches turns up — which, for a name search sorted by name, means reading every patient
 * alphabetically before the match ('nguyen': half the brand), as PostgreSQL chose to.
 */
function sortKeys(sort: PatientListFilter['sort'], searched: boolean): Expression<unknown>[] {
  const text = (column: string) => (searched ? sql`${sql.ref(column)} || ''` : sql.ref(column));
  switch (sort) {
    case 'name':
    case '-name':
      return searched ? [sql`${lowerLast} || ''`, sql`${lowerFirst} || ''`] : [lowerLast, lowerFirst];
    case 'dateOfBirth':
    case '-dateOfBirth':
      return [text('p.date_of_birth')];
    case 'createdAt':
    case '-createdAt':
      return [searched ? sql`p.created_at + 0` : sql.ref('p.created_at')];
  }
}

/**
 * One page of `base` in the filter's order. With a search, each row also carries the number of
 * matches (`count(*) over ()`: the matches are all read and sorted for the page anyway, so the
 * count costs no second search); without one, the list walks the sort index and is counted apart.
 */
async function pageOfPatients(base: PatientsQuery, filter: PatientListFilter) {
  const direction = filter.sort.startsWith('-') ? 'desc' : 'asc';
  const searched = filter.terms.length > 0;
  let paged = base.select([
    'p.id',
    'p.first_name',
    'p.last_name',
    'p.date_of_birth',
    'p.gender',
    'p.phone',
    'p.email',
    'p.created_at',
    (searched ? sql<number | null>`count(*) over ()` : sql<number | null>`null`).as('matches'),
  ]);
  for (const key of sortKeys(filter.sort, searched)) paged = paged.orderBy(key, direction);
  return paged.orderBy('p.id', direction).$call(onePage(filter)).execute();
}

/** Count, last and next appointment of each of the page's patients (one grouped statement). */
async function appointmentStats(db: Db, ids: number[], now: number) {
  if (ids.length === 0) return new Map<number, never>();
  const stats = await db
    .selectFrom('appointments')
    .select((eb) => [
      'patient_id',
      eb.fn.countAll<number>().as('n'),
      eb.fn
        .max(
          eb
            .case()
            .when(eb('start_at', '<=', now).and('status', 'not in', UNCOUNTED_STATUSES))
            .then(eb.ref('start_at'))
            .end(),
        )
        .as('last_at'),
      eb.fn
        .min(
          eb
            .case()
            .when(eb('start_at', '>', now).and('status', 'in', ACTIVE_STATUSES))
            .then(eb.ref('start_at'))
            .end(),
        )
        .as('next_at'),
    ])
    // The ids are this brand's (from the page's query); (patient_id, start_at) serves it.
    .where('patient_id', 'in', ids)
    .where('status', '<>', 'entered-in-error')
    .groupBy('patient_id')
    .execute();
  return new Map(stats.map((row) => [row.patient_id, row]));
}

const epochOrNull = (value: number | string | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

export function createPatientSearchRepository(db: Db): PatientSearchRepository {
  return {
    async filterOptions(clientId) {
      const [locations, providers, services] = await Promise.all([
        db
          .selectFrom('locations')
          .select(['id', 'name', 'time_zone'])
          .where('client_id', '=', clientId)
          .orderBy('sort_order')
          .orderBy('name')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('providers')
          .select(['id', 'prefix', 'first_name', 'last_name'])
          .where('client_id', '=', clientId)
          .orderBy('last_name')
          .orderBy('first_name')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('services')
          .select(['id', 'name'])
          .where('client_id', '=', clientId)
          .orderBy('sort_order')
          .orderBy('name')
          .orderBy('id')
          .execute(),
      ]);
      return {
        locations: locations.map((l) => ({ id: l.id, name: l.name, timeZone: l.time_zone })),
        providers: providers.map((p) => ({
          id: p.id,
          prefix: p.prefix,
          firstName: p.first_name,
          lastName: p.last_name,
        })),
        services: services.map((s) => ({ id: s.id, name: s.name })),
      };
    },

    async defaultTimeZone(clientId) {
      const row = await db
        .selectFrom('locations')
        .select('time_zone')
        .where('client_id', '=', clientId)
        .orderBy('sort_order')
        .orderBy('id')
        .executeTakeFirst();
      return row?.time_zone;
    },

    async listPatients(clientId, filter) {
      const base = patientsMatching(db, clientId, filter);
      const [driving] = filter.terms;
      const rows =
        driving !== undefined && (filter.sort === 'name' || filter.sort === '-name')
          ? await pageByName(db, clientId, { ...filter, sort: filter.sort }, driving)
          : await pageOfPatients(base, filter);
      const matches = rows[0]?.matches;
      const counted =
        matches === undefined || matches === null
          ? await countOf(db, clientId, filter, base)
          : { n: matches };
      const statsOf = await appointmentStats(
        db,
        rows.map((row) => row.id),
        filter.now,
      );
      return {
        total: Number(counted?.n ?? 0),
        items: rows.map((row) => {
          const stat = statsOf.get(row.id);
          return {
            patientId: row.id,
            firstName: row.first_name,
            lastName: row.last_name,
            dateOfBirth: row.date_of_birth,
            gender: row.gender,
            phone: row.phone,
            email: row.email,
            createdAt: Number(row.created_at),
            appointmentCount: Number(stat?.n ?? 0),
            lastAppointmentAt: epochOrNull(stat?.last_at),
            nextAppointmentAt: epochOrNull(stat?.next_at),
          };
        }),
      };
    },
  };
}
