/*
 * The staff search of the brand's patients: the filter menus and the paged patient list. Lists
 * are paged in SQL and counted by a second, separate query; nothing is loaded per row (no N+1):
 * a page of patients costs three statements whatever its size.
 *
 * Searches are index range scans (migration 2026-11-25-002): a name word is a prefix of the
 * lower-cased first or last name, an e-mail or phone a prefix of the stored value, a date of birth
 * an equality. A prefix p is matched as `p <= value < p⁺` (p⁺ = p with its last character
 * incremented), which an ordinary B-tree index serves on both databases, plus a LIKE re-check that
 * keeps the answer exact under any collation.
 */
import { sql } from 'kysely';
import type { Expression, ExpressionBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { Db } from '../../../platform/db/database.ts';
import { onePage } from '../../../platform/db/paging.ts';
import type { AppointmentStatus, DB, Gender } from '../../../platform/db/schema.ts';
import type { NamedRecord, ProviderNameRecord } from './records.ts';

export interface FilterOptionsRecord {
  locations: (NamedRecord & { timeZone: string })[];
  providers: ProviderNameRecord[];
  services: NamedRecord[];
}

export interface AppointmentCriteria {
  locationId?: number | undefined;
  providerId?: number | undefined;
  serviceId?: number | undefined;
  statuses?: readonly AppointmentStatus[] | undefined;
  /** Inclusive, epoch ms. */
  startFrom?: number | undefined;
  /** Exclusive, epoch ms. */
  startBefore?: number | undefined;
}

/** A term matched on the patient's own fields. */
export type PatientFieldTerm =
  | { kind: 'name'; words: readonly string[] }
  | { kind: 'email'; prefix: string }
  | { kind: 'phone'; digits: string }
  | { kind: 'dateOfBirth'; date: string };

export type PatientSearchTerm =
  | PatientFieldTerm
  /**
   * A confirmation number ('K7M-4QXD'): the patient of that appointment — or, since the same text
   * may be a name or a phone number too ('LEE-KUNG'), the patients `otherwise` finds.
   */
  | { kind: 'confirmationNumber'; appointmentId: number; otherwise: PatientFieldTerm | undefined };

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

type PatientsScope = ExpressionBuilder<DB & { p: DB['patients'] }, 'p'>;

/** Ids of the brand's patients whose first or last name starts with `word` (two index range scans). */
function idsMatchingName(db: Db, clientId: number, word: string) {
  const patients = () => db.selectFrom('patients as p').select('p.id').where('p.client_id', '=', clientId);
  return patients()
    .where(startsWith(lowerLast, word))
    .unionAll(patients().where(startsWith(lowerFirst, word)));
}

/** Every condition of a term (re-checked on the rows the driving term found). */
function termCondition(eb: PatientsScope, term: PatientFieldTerm): Expression<SqlBool> {
  switch (term.kind) {
    case 'name':
      return eb.and(
        term.words.map((word) => eb.or([startsWith(lowerLast, word), startsWith(lowerFirst, word)])),
      );
    case 'email':
      return startsWith(sql<string>`p.email`, term.prefix);
    case 'phone':
      return startsWith(sql<string>`p.phone`, term.digits);
    case 'dateOfBirth':
      return eb('p.date_of_birth', '=', term.date);
  }
}

/** Ids of the patient of the appointment a confirmation number names (primary key), and of `otherwise`. */
function idsOfConfirmationNumber(
  db: Db,
  clientId: number,
  term: Extract<PatientSearchTerm, { kind: 'confirmationNumber' }>,
) {
  const booked = db
    .selectFrom('appointments as a')
    .select('a.patient_id as id')
    .where('a.client_id', '=', clientId)
    .where('a.id', '=', term.appointmentId);
  const { otherwise } = term;
  if (otherwise === undefined) return booked;
  return booked.unionAll(
    db
      .selectFrom('patients as p')
      .select('p.id')
      .where('p.client_id', '=', clientId)
      .where((eb) => termCondition(eb, otherwise)),
  );
}

function hasAppointmentCriteria(criteria: AppointmentCriteria | undefined): criteria is AppointmentCriteria {
  return (
    criteria !== undefined &&
    (criteria.locationId !== undefined ||
      criteria.providerId !== undefined ||
      criteria.serviceId !== undefined ||
      (criteria.statuses !== undefined && criteria.statuses.length > 0) ||
      criteria.startFrom !== undefined ||
      criteria.startBefore !== undefined)
  );
}

function patientIdsWithAppointments(db: Db, clientId: number, criteria: AppointmentCriteria) {
  return appointmentsMatching(
    db.selectFrom('appointments as a').select('a.patient_id').where('a.client_id', '=', clientId),
    criteria,
  );
}

function appointmentsMatching<Q extends SelectQueryBuilder<DB & { a: DB['appointments'] }, 'a', object>>(
  query: Q,
  criteria: AppointmentCriteria,
): Q;
function appointmentsMatching(
  start: SelectQueryBuilder<DB & { a: DB['appointments'] }, 'a', object>,
  criteria: AppointmentCriteria,
) {
  let query = start;
  if (criteria.startFrom !== undefined) query = query.where('a.start_at', '>=', criteria.startFrom);
  if (criteria.startBefore !== undefined) query = query.where('a.start_at', '<', criteria.startBefore);
  if (criteria.locationId !== undefined) query = query.where('a.location_id', '=', criteria.locationId);
  if (criteria.providerId !== undefined) query = query.where('a.provider_id', '=', criteria.providerId);
  if (criteria.serviceId !== undefined) query = query.where('a.service_id', '=', criteria.serviceId);
  if (criteria.statuses !== undefined && criteria.statuses.length > 0)
    query = query.where('a.status', 'in', [...criteria.statuses]);
  return query;
}

const ACTIVE_STATUSES: AppointmentStatus[] = ['pending', 'booked', 'arrived', 'checked-in', 'fulfilled'];
export const UNCOUNTED_STATUSES: AppointmentStatus[] = ['cancelled', 'entered-in-error'];

type PatientsQuery = SelectQueryBuilder<DB & { p: DB['patients'] }, 'p', object>;

/** The brand's patients matching every search term and the appointment criteria. */
function patientsMatching(db: Db, clientId: number, filter: PatientListFilter): PatientsQuery {
  let base: PatientsQuery = db.selectFrom('patients as p').where('p.client_id', '=', clientId);
  const [driving] = filter.terms;
  for (const [index, term] of filter.terms.entries()) {
    if (index === 0 && term.kind === 'name') {
      // A name word matches the first OR the last name: the union of two index range scans
      // drives; the other words are checked on what it found.
      base = base.where('p.id', 'in', idsMatchingName(db, clientId, term.words[0] ?? ''));
      const rest = term.words.slice(1);
      if (rest.length > 0) base = base.where((eb) => termCondition(eb, { kind: 'name', words: rest }));
    } else if (term.kind === 'confirmationNumber') {
      base = base.where('p.id', 'in', idsOfConfirmationNumber(db, clientId, term));
    } else {
      // E-mail, phone and date of birth are served by their (client_id, …) index directly.
      base = base.where((eb) => termCondition(eb, term));
    }
  }
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

/** One page of `base` in the filter's order. */
async function pageOfPatients(base: PatientsQuery, filter: PatientListFilter) {
  const descending = filter.sort.startsWith('-');
  const direction = descending ? 'desc' : 'asc';
  let paged = base.select([
    'p.id',
    'p.first_name',
    'p.last_name',
    'p.date_of_birth',
    'p.gender',
    'p.phone',
    'p.email',
    'p.created_at',
  ]);
  switch (filter.sort) {
    case 'name':
    case '-name':
      paged = paged.orderBy(lowerLast, direction).orderBy(lowerFirst, direction);
      break;
    case 'dateOfBirth':
    case '-dateOfBirth':
      paged = paged.orderBy('p.date_of_birth', direction);
      break;
    case 'createdAt':
    case '-createdAt':
      paged = paged.orderBy('p.created_at', direction);
      break;
  }
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
      const rows = await pageOfPatients(base, filter);
      const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
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
