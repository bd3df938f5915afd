/*
 * The SQL of the patient management API. Every statement is scoped by client_id; the service
 * audits every read and change. Lists are paged in SQL and counted by a second, separate query;
 * nothing is loaded per row (no N+1): a page of patients costs three statements whatever its size.
 *
 * Searches are index range scans (migration 2026-11-25-002): a name word is a prefix of the
 * lower-cased first or last name, an e-mail or phone a prefix of the stored value, a date of birth
 * an equality. A prefix p is matched as `p <= value < p⁺` (p⁺ = p with its last character
 * incremented), which an ordinary B-tree index serves on both databases, plus a LIKE re-check that
 * keeps the answer exact under any collation.
 */
import { sql } from 'kysely';
import type { Expression, ExpressionBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { AppointmentStatus, DB, Gender } from '../../platform/db/schema.ts';
import { inWriteTransaction } from '../booking/booking-repository.ts';

// ---------------------------------------------------------------- records

export interface NamedRecord {
  id: number;
  name: string;
}

export interface ProviderNameRecord {
  id: number;
  prefix: string | null;
  firstName: string;
  lastName: string;
}

export interface FilterOptionsRecord {
  locations: (NamedRecord & { timeZone: string })[];
  providers: ProviderNameRecord[];
  services: NamedRecord[];
}

/** Appointment conditions: patients with at least one appointment matching all of them. */
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

export type PatientSearchTerm =
  | { kind: 'name'; words: readonly string[] }
  | { kind: 'email'; prefix: string }
  | { kind: 'phone'; digits: string }
  | { kind: 'dateOfBirth'; date: string };

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

export interface PatientRecord {
  patientId: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: Gender | null;
  phone: string | null;
  email: string | null;
  smsPermission: boolean;
  emailPermission: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface PolicyRecord {
  policyId: number;
  plan: NamedRecord | null;
  carrier: NamedRecord | null;
  relationship: string | null;
  memberId: string | null;
  groupNumber: string | null;
  subscriberFirstName: string | null;
  subscriberLastName: string | null;
  subscriberDateOfBirth: string | null;
  selfPay: boolean;
  updatedAt: number;
}

export interface AppointmentRecord {
  appointmentId: number;
  patientId: number;
  startAt: number;
  endAt: number;
  timeZone: string;
  status: AppointmentStatus;
  location: NamedRecord;
  provider: ProviderNameRecord;
  service: NamedRecord;
  isNewPatient: boolean;
  channel: string | null;
  cancelReason: string | null;
  version: number;
  createdAt: number;
}

export interface AppointmentDetailRecord extends AppointmentRecord {
  schedulerId: number | null;
  reason: string | null;
  notes: string | null;
  insurancePolicyId: number | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  updatedAt: number;
}

export interface StatusHistoryRecord {
  fromStatus: AppointmentStatus | null;
  toStatus: AppointmentStatus;
  reason: string | null;
  changedBy: { userId: number; name: string } | null;
  at: number;
}

export interface NoteRecord {
  noteId: number;
  patientId: number;
  appointmentId: number | null;
  text: string;
  author: { userId: number; name: string } | null;
  createdAt: number;
  editedAt: number | null;
}

export interface FeedbackRecord {
  feedbackId: number;
  patientId: number | null;
  appointmentId: number | null;
  rating: number | null;
  comment: string | null;
  createdAt: number;
}

export interface AuditFilter {
  userId?: number | undefined;
  /** Exact action, or a prefix when it ends with '.'. */
  action?: string | undefined;
  recordType?: string | undefined;
  recordId?: string | undefined;
  /** Inclusive, epoch ms. */
  from?: number | undefined;
  /** Exclusive, epoch ms. */
  before?: number | undefined;
  page: number;
  pageSize: number;
}

export interface AuditRecord {
  auditId: number;
  at: number;
  user: { userId: number; name: string; email: string } | null;
  action: string;
  recordType: string | null;
  recordId: string | null;
  ip: string | null;
  details: string | null;
}

/** The appointment as the status change reads it inside its transaction. */
export interface AppointmentState {
  appointmentId: number;
  patientId: number;
  status: AppointmentStatus;
  version: number;
  startAt: number;
}

export interface StatusChange {
  clientId: number;
  appointmentId: number;
  /** The version the user saw. */
  expectedVersion: number;
  to: AppointmentStatus;
  reason: string | null;
  /** Whether the new status frees the provider's time (its slot units are deleted). */
  releasesSlot: boolean;
  userId: number;
  now: number;
  /** The service's rules, given the row as it is inside the transaction; throws to refuse. */
  check(current: AppointmentState): void;
}

export type StatusChangeOutcome =
  | { kind: 'changed'; from: AppointmentStatus; patientId: number; version: number }
  | { kind: 'not-found' }
  | { kind: 'stale'; currentVersion: number };

export interface PatientManagementRepository {
  filterOptions(clientId: number): Promise<FilterOptionsRecord>;
  /** The zone of the brand's first location, if it has any. */
  defaultTimeZone(clientId: number): Promise<string | undefined>;
  listPatients(
    clientId: number,
    filter: PatientListFilter,
  ): Promise<{ items: PatientListRecord[]; total: number }>;
  findPatient(clientId: number, patientId: number): Promise<PatientRecord | undefined>;
  policiesOfPatient(clientId: number, patientId: number): Promise<PolicyRecord[]>;
  /** Latest first, at most `limit`. */
  appointmentsOfPatient(clientId: number, patientId: number, limit: number): Promise<AppointmentRecord[]>;
  findAppointment(clientId: number, appointmentId: number): Promise<AppointmentDetailRecord | undefined>;
  /** Oldest first. */
  statusHistory(clientId: number, appointmentId: number): Promise<StatusHistoryRecord[]>;
  /** Newest first: the patient's notes, or one appointment's. */
  notesOf(clientId: number, of: { patientId: number } | { appointmentId: number }): Promise<NoteRecord[]>;
  findNote(clientId: number, noteId: number): Promise<NoteRecord | undefined>;
  insertNote(note: {
    clientId: number;
    patientId: number;
    appointmentId: number | null;
    authorUserId: number;
    text: string;
    now: number;
  }): Promise<number>;
  updateNote(clientId: number, noteId: number, text: string, now: number): Promise<void>;
  feedbackOf(
    clientId: number,
    of: { patientId?: number | undefined; appointmentId?: number | undefined },
  ): Promise<FeedbackRecord[]>;
  /** In one write transaction: re-read, check, update with the version, history, free the time. */
  changeStatus(change: StatusChange): Promise<StatusChangeOutcome>;
  auditLog(clientId: number, filter: AuditFilter): Promise<{ items: AuditRecord[]; total: number }>;
}

// ---------------------------------------------------------------- helpers

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
function startsWith(column: Expression<string | null>, prefix: string): Expression<SqlBool> {
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
function termCondition(eb: PatientsScope, term: PatientSearchTerm): Expression<SqlBool> {
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

const appointmentColumns = [
  'a.id',
  'a.patient_id',
  'a.start_at',
  'a.end_at',
  'a.status',
  'a.is_new_patient',
  'a.channel',
  'a.cancel_reason',
  'a.version',
  'a.created_at',
  'l.id as location_id',
  'l.name as location_name',
  'l.time_zone',
  'pr.id as provider_id',
  'pr.prefix as provider_prefix',
  'pr.first_name as provider_first_name',
  'pr.last_name as provider_last_name',
  's.id as service_id',
  's.name as service_name',
] as const;

function appointmentsWithNames(db: Db) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('locations as l', 'l.id', 'a.location_id')
    .innerJoin('providers as pr', 'pr.id', 'a.provider_id')
    .innerJoin('services as s', 's.id', 'a.service_id');
}

interface AppointmentRow {
  id: number;
  patient_id: number;
  start_at: number;
  end_at: number;
  status: AppointmentStatus;
  is_new_patient: number;
  channel: string | null;
  cancel_reason: string | null;
  version: number;
  created_at: number;
  location_id: number;
  location_name: string;
  time_zone: string;
  provider_id: number;
  provider_prefix: string | null;
  provider_first_name: string;
  provider_last_name: string;
  service_id: number;
  service_name: string;
}

function toAppointment(row: AppointmentRow): AppointmentRecord {
  return {
    appointmentId: row.id,
    patientId: row.patient_id,
    startAt: Number(row.start_at),
    endAt: Number(row.end_at),
    timeZone: row.time_zone,
    status: row.status,
    location: { id: row.location_id, name: row.location_name },
    provider: {
      id: row.provider_id,
      prefix: row.provider_prefix,
      firstName: row.provider_first_name,
      lastName: row.provider_last_name,
    },
    service: { id: row.service_id, name: row.service_name },
    isNewPatient: row.is_new_patient === 1,
    channel: row.channel,
    cancelReason: row.cancel_reason,
    version: row.version,
    createdAt: Number(row.created_at),
  };
}

function toPatient(row: {
  id: number;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  gender: Gender | null;
  phone: string | null;
  email: string | null;
  sms_permission: number;
  email_permission: number;
  created_at: number;
  updated_at: number;
}): PatientRecord {
  return {
    patientId: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    dateOfBirth: row.date_of_birth,
    gender: row.gender,
    phone: row.phone,
    email: row.email,
    smsPermission: row.sms_permission === 1,
    emailPermission: row.email_permission === 1,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

function selectNotes(db: Db, clientId: number) {
  return db
    .selectFrom('notes as n')
    .leftJoin('users as u', 'u.id', 'n.author_user_id')
    .select([
      'n.id',
      'n.patient_id',
      'n.appointment_id',
      'n.body',
      'n.created_at',
      'n.edited_at',
      'n.author_user_id',
      'u.display_name',
    ])
    .where('n.client_id', '=', clientId);
}

function toNote(row: {
  id: number;
  patient_id: number;
  appointment_id: number | null;
  body: string;
  created_at: number;
  edited_at: number | null;
  author_user_id: number | null;
  display_name: string | null;
}): NoteRecord {
  return {
    noteId: row.id,
    patientId: row.patient_id,
    appointmentId: row.appointment_id,
    text: row.body,
    author: row.author_user_id === null ? null : { userId: row.author_user_id, name: row.display_name ?? '' },
    createdAt: Number(row.created_at),
    editedAt: row.edited_at === null ? null : Number(row.edited_at),
  };
}

const ACTIVE_STATUSES: AppointmentStatus[] = ['pending', 'booked', 'arrived', 'checked-in', 'fulfilled'];
const UNCOUNTED_STATUSES: AppointmentStatus[] = ['cancelled', 'entered-in-error'];

// ---------------------------------------------------------------- repository

export function createPatientManagementRepository(db: Db): PatientManagementRepository {
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
      let base = db.selectFrom('patients as p').where('p.client_id', '=', clientId);
      const [driving] = filter.terms;
      for (const [index, term] of filter.terms.entries()) {
        if (index === 0 && term.kind === 'name') {
          // A name word matches the first OR the last name: the union of two index range scans
          // drives; the other words are checked on what it found.
          base = base.where('p.id', 'in', idsMatchingName(db, clientId, term.words[0] ?? ''));
          const rest = term.words.slice(1);
          if (rest.length > 0) base = base.where((eb) => termCondition(eb, { kind: 'name', words: rest }));
        } else {
          // E-mail, phone and date of birth are served by their (client_id, …) index directly.
          base = base.where((eb) => termCondition(eb, term));
        }
      }
      if (hasAppointmentCriteria(filter.appointments)) {
        const criteria = filter.appointments;
        // A search already narrowed the patients: probe each one's appointments by
        // (patient_id, start_at). Otherwise start from the appointments (covering index by start).
        base =
          driving === undefined
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
      const rows = await paged
        .orderBy('p.id', direction)
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize)
        .execute();
      const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();

      const ids = rows.map((row) => row.id);
      const stats =
        ids.length === 0
          ? []
          : await db
              .selectFrom('appointments')
              .select((eb) => [
                'patient_id',
                eb.fn.countAll<number>().as('n'),
                eb.fn
                  .max(
                    eb
                      .case()
                      .when(eb('start_at', '<=', filter.now).and('status', 'not in', UNCOUNTED_STATUSES))
                      .then(eb.ref('start_at'))
                      .end(),
                  )
                  .as('last_at'),
                eb.fn
                  .min(
                    eb
                      .case()
                      .when(eb('start_at', '>', filter.now).and('status', 'in', ACTIVE_STATUSES))
                      .then(eb.ref('start_at'))
                      .end(),
                  )
                  .as('next_at'),
              ])
              // The ids are this brand's (from the query above); (patient_id, start_at) serves it.
              .where('patient_id', 'in', ids)
              .where('status', '<>', 'entered-in-error')
              .groupBy('patient_id')
              .execute();
      const statsOf = new Map(stats.map((row) => [row.patient_id, row]));

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
            lastAppointmentAt:
              stat?.last_at === null || stat?.last_at === undefined ? null : Number(stat.last_at),
            nextAppointmentAt:
              stat?.next_at === null || stat?.next_at === undefined ? null : Number(stat.next_at),
          };
        }),
      };
    },

    async findPatient(clientId, patientId) {
      const row = await db
        .selectFrom('patients')
        .select([
          'id',
          'first_name',
          'last_name',
          'date_of_birth',
          'gender',
          'phone',
          'email',
          'sms_permission',
          'email_permission',
          'created_at',
          'updated_at',
        ])
        .where('client_id', '=', clientId)
        .where('id', '=', patientId)
        .executeTakeFirst();
      return row && toPatient(row);
    },

    async policiesOfPatient(clientId, patientId) {
      const rows = await db
        .selectFrom('insurance_policies as ip')
        .leftJoin('insurance_plans as pl', 'pl.id', 'ip.plan_id')
        .leftJoin('insurance_carriers as c', (join) =>
          join.on((eb) => eb('c.id', '=', eb.fn.coalesce('ip.carrier_id', 'pl.carrier_id'))),
        )
        .leftJoin('insurance_relationships as r', 'r.id', 'ip.relationship_id')
        .select([
          'ip.id',
          'ip.member_id',
          'ip.group_number',
          'ip.subscriber_first_name',
          'ip.subscriber_last_name',
          'ip.subscriber_date_of_birth',
          'ip.self_pay',
          'ip.updated_at',
          'pl.id as plan_id',
          'pl.name as plan_name',
          'c.id as carrier_id',
          'c.name as carrier_name',
          'r.name as relationship',
        ])
        .where('ip.client_id', '=', clientId)
        .where('ip.patient_id', '=', patientId)
        .orderBy('ip.updated_at', 'desc')
        .orderBy('ip.id', 'desc')
        .execute();
      return rows.map((row) => ({
        policyId: row.id,
        plan: row.plan_id === null ? null : { id: row.plan_id, name: row.plan_name ?? '' },
        carrier: row.carrier_id === null ? null : { id: row.carrier_id, name: row.carrier_name ?? '' },
        relationship: row.relationship,
        memberId: row.member_id,
        groupNumber: row.group_number,
        subscriberFirstName: row.subscriber_first_name,
        subscriberLastName: row.subscriber_last_name,
        subscriberDateOfBirth: row.subscriber_date_of_birth,
        selfPay: row.self_pay === 1,
        updatedAt: Number(row.updated_at),
      }));
    },

    async appointmentsOfPatient(clientId, patientId, limit) {
      const rows = await appointmentsWithNames(db)
        .select(appointmentColumns)
        .where('a.client_id', '=', clientId)
        .where('a.patient_id', '=', patientId)
        .orderBy('a.start_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toAppointment);
    },

    async findAppointment(clientId, appointmentId) {
      const row = await appointmentsWithNames(db)
        .select([
          ...appointmentColumns,
          'a.scheduler_id',
          'a.reason',
          'a.notes',
          'a.insurance_policy_id',
          'a.utm_source',
          'a.utm_medium',
          'a.utm_campaign',
          'a.updated_at',
        ])
        .where('a.client_id', '=', clientId)
        .where('a.id', '=', appointmentId)
        .executeTakeFirst();
      return (
        row && {
          ...toAppointment(row),
          schedulerId: row.scheduler_id,
          reason: row.reason,
          notes: row.notes,
          insurancePolicyId: row.insurance_policy_id,
          utmSource: row.utm_source,
          utmMedium: row.utm_medium,
          utmCampaign: row.utm_campaign,
          updatedAt: Number(row.updated_at),
        }
      );
    },

    async statusHistory(clientId, appointmentId) {
      const rows = await db
        .selectFrom('appointment_status_history as h')
        .leftJoin('users as u', 'u.id', 'h.changed_by_user_id')
        .select([
          'h.from_status',
          'h.to_status',
          'h.reason',
          'h.changed_by_user_id',
          'h.created_at',
          'u.display_name',
        ])
        .where('h.client_id', '=', clientId)
        .where('h.appointment_id', '=', appointmentId)
        .orderBy('h.created_at')
        .orderBy('h.id')
        .execute();
      return rows.map((row) => ({
        fromStatus: row.from_status,
        toStatus: row.to_status,
        reason: row.reason,
        changedBy:
          row.changed_by_user_id === null
            ? null
            : { userId: row.changed_by_user_id, name: row.display_name ?? '' },
        at: Number(row.created_at),
      }));
    },

    async notesOf(clientId, of) {
      let query = selectNotes(db, clientId);
      query =
        'patientId' in of
          ? query.where('n.patient_id', '=', of.patientId)
          : query.where('n.appointment_id', '=', of.appointmentId);
      const rows = await query.orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').execute();
      return rows.map(toNote);
    },

    async findNote(clientId, noteId) {
      const row = await selectNotes(db, clientId).where('n.id', '=', noteId).executeTakeFirst();
      return row && toNote(row);
    },

    async insertNote(note) {
      const { id } = await db
        .insertInto('notes')
        .values({
          client_id: note.clientId,
          patient_id: note.patientId,
          appointment_id: note.appointmentId,
          author_user_id: note.authorUserId,
          body: note.text,
          created_at: note.now,
          edited_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async updateNote(clientId, noteId, text, now) {
      await db
        .updateTable('notes')
        .set({ body: text, edited_at: now })
        .where('client_id', '=', clientId)
        .where('id', '=', noteId)
        .execute();
    },

    async feedbackOf(clientId, of) {
      let query = db
        .selectFrom('feedback')
        .select(['id', 'patient_id', 'appointment_id', 'rating', 'comment', 'created_at'])
        .where('client_id', '=', clientId);
      if (of.patientId !== undefined) query = query.where('patient_id', '=', of.patientId);
      if (of.appointmentId !== undefined) query = query.where('appointment_id', '=', of.appointmentId);
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(500).execute();
      return rows.map((row) => ({
        feedbackId: row.id,
        patientId: row.patient_id,
        appointmentId: row.appointment_id,
        rating: row.rating,
        comment: row.comment,
        createdAt: Number(row.created_at),
      }));
    },

    changeStatus: (change) =>
      inWriteTransaction(db, async (trx): Promise<StatusChangeOutcome> => {
        const current = await trx
          .selectFrom('appointments')
          .select(['id', 'patient_id', 'status', 'version', 'start_at'])
          .where('client_id', '=', change.clientId)
          .where('id', '=', change.appointmentId)
          .executeTakeFirst();
        if (current === undefined) return { kind: 'not-found' };
        if (current.version !== change.expectedVersion) {
          return { kind: 'stale', currentVersion: current.version };
        }
        change.check({
          appointmentId: current.id,
          patientId: current.patient_id,
          status: current.status,
          version: current.version,
          startAt: Number(current.start_at),
        });
        const version = current.version + 1;
        const updated = await trx
          .updateTable('appointments')
          .set({
            status: change.to,
            version,
            updated_at: change.now,
            ...(change.to === 'cancelled' ? { cancel_reason: change.reason } : {}),
          })
          .where('client_id', '=', change.clientId)
          .where('id', '=', change.appointmentId)
          .where('version', '=', change.expectedVersion)
          .executeTakeFirst();
        // PostgreSQL, read committed: another change may have committed since the read.
        if (Number(updated.numUpdatedRows) !== 1) return { kind: 'stale', currentVersion: version };
        await trx
          .insertInto('appointment_status_history')
          .values({
            client_id: change.clientId,
            appointment_id: change.appointmentId,
            from_status: current.status,
            to_status: change.to,
            reason: change.reason,
            changed_by_user_id: change.userId,
            created_at: change.now,
          })
          .execute();
        if (change.releasesSlot) {
          await trx
            .deleteFrom('appointment_slot_units')
            .where('appointment_id', '=', change.appointmentId)
            .execute();
        }
        return { kind: 'changed', from: current.status, patientId: current.patient_id, version };
      }),

    async auditLog(clientId, filter) {
      let base = db.selectFrom('audit_log as al').where('al.client_id', '=', clientId);
      if (filter.userId !== undefined) base = base.where('al.user_id', '=', filter.userId);
      if (filter.action !== undefined) {
        const action = filter.action;
        base = action.endsWith('.')
          ? base.where(startsWith(sql<string>`al.action`, action))
          : base.where('al.action', '=', action);
      }
      if (filter.recordType !== undefined) base = base.where('al.record_type', '=', filter.recordType);
      if (filter.recordId !== undefined) base = base.where('al.record_id', '=', filter.recordId);
      if (filter.from !== undefined) base = base.where('al.created_at', '>=', filter.from);
      if (filter.before !== undefined) base = base.where('al.created_at', '<', filter.before);
      const rows = await base
        .leftJoin('users as u', 'u.id', 'al.user_id')
        .select([
          'al.id',
          'al.created_at',
          'al.user_id',
          'al.action',
          'al.record_type',
          'al.record_id',
          'al.ip',
          'al.details',
          'u.display_name',
          'u.email',
        ])
        .orderBy('al.created_at', 'desc')
        .orderBy('al.id', 'desc')
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize)
        .execute();
      const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      return {
        total: Number(counted?.n ?? 0),
        items: rows.map((row) => ({
          auditId: Number(row.id),
          at: Number(row.created_at),
          user:
            row.user_id === null
              ? null
              : { userId: row.user_id, name: row.display_name ?? '', email: row.email ?? '' },
          action: row.action,
          recordType: row.record_type,
          recordId: row.record_id,
          ip: row.ip,
          details: row.details,
        })),
      };
    },
  };
}
