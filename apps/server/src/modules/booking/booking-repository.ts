/*
 * The SQL of PUT bookAppointment. The booking runs in ONE write transaction
 * (`inWriteTransaction`): on SQLite `BEGIN IMMEDIATE` takes the write lock at once (and
 * Kysely's connection mutex serialises the process), so the re-check and the inserts see a
 * stable database; on PostgreSQL (read committed) two racing bookings can both pass the
 * re-check, and the UNIQUE key of appointment_slot_units lets only one of them commit.
 */
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { dialectOf } from '../../platform/db/database.ts';
import type { AppointmentStatus } from '../../platform/db/schema.ts';
import { holdsSlotUnits, slotUnitStarts } from '../../platform/db/slot-units.ts';
import {
  selectBusy,
  selectProvidersForService,
  selectWorkingHours,
} from '../availability/availability-repository.ts';
import type {
  BusyQuery,
  BusyRecord,
  ProviderQuery,
  WorkingHoursRecord,
} from '../availability/availability-repository.ts';
import type { PatientCandidate } from '../patients/patient-matching.ts';
import {
  selectPatientCandidates,
  selectPatientProvider,
  selectUpcomingAppointment,
} from '../patients/patient-repository.ts';
import type { PatientProvider, UpcomingAppointment } from '../patients/patient-repository.ts';
import type { LocationRecord, ProviderRecord } from '../scheduler-config/scheduler-scope.ts';
import { selectLocations, selectSchedulerScope } from '../scheduler-config/scope-repository.ts';
import type { ScopeWithService } from '../scheduler-config/scope-repository.ts';

export interface BookingScope extends ScopeWithService {
  location: LocationRecord | undefined;
}

/** A booked appointment as the response needs it (and the patient key a replay is checked with). */
export interface BookedAppointment {
  appointmentId: number;
  status: AppointmentStatus;
  startAt: number;
  endAt: number;
  provider: Pick<ProviderRecord, 'id' | 'prefix' | 'firstName' | 'lastName' | 'credentials'>;
  location: LocationRecord;
  service: { id: number; name: string };
  patient: { normalizedName: string; dateOfBirth: string };
}

export interface Campaign {
  channel: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  rwgToken: string | null;
}

export interface NewPatient {
  clientId: number;
  firstName: string;
  lastName: string;
  normalizedName: string;
  dateOfBirth: string;
  phone: string;
  email: string;
  smsPermission: boolean;
  emailPermission: boolean;
  now: number;
}

export interface NewPolicy {
  clientId: number;
  patientId: number;
  planId: number | null;
  carrierId: number | null;
  /** Relationship label to look up in the client's list ('Self', 'Spouse' …). */
  relationshipLabel: string | null;
  memberId: string | null;
  selfPay: boolean;
  now: number;
}

export interface NewAppointment {
  clientId: number;
  schedulerId: number | null;
  providerId: number;
  locationId: number;
  serviceId: number;
  patientId: number;
  insurancePolicyId: number | null;
  startAt: number;
  endAt: number;
  status: AppointmentStatus;
  isNewPatient: boolean;
  idempotencyKey: string;
  /** The booking flow's analytics session (null for a staff booking). */
  sessionId: string | null;
  campaign: Campaign;
  reason: string | null;
  notes: string | null;
  /** The staff user who booked it (the staff booking from the waitlist); absent for a patient's booking. */
  createdByUserId?: number | null;
  now: number;
}

/** What the booking transaction may do; every call runs on the transaction's connection. */
export interface BookingTransaction {
  findByIdempotencyKey(clientId: number, key: string): Promise<BookedAppointment | undefined>;
  findPatientCandidates(
    clientId: number,
    normalizedName: string,
    dateOfBirth: string,
  ): Promise<PatientCandidate[]>;
  findUpcomingAppointment(
    clientId: number,
    patientId: number,
    nowMs: number,
  ): Promise<UpcomingAppointment | undefined>;
  /** The provider of the patient's latest appointment (appointment 3), if any. */
  findPatientProvider(clientId: number, patientId: number): Promise<PatientProvider | undefined>;
  listProviders(query: ProviderQuery): Promise<ProviderRecord[]>;
  listWorkingHours(query: Omit<ProviderQuery, 'planId'>): Promise<WorkingHoursRecord[]>;
  listBusy(query: BusyQuery): Promise<BusyRecord[]>;
  /** The matched patient's record brought up to date (`existingId`), else a new one; its id. */
  savePatient(existingId: number | undefined, patient: NewPatient): Promise<number>;
  /** An identical policy of the patient, else a new one. */
  findOrInsertPolicy(policy: NewPolicy): Promise<number>;
  /** The appointment, its first status-history row and its slot units. */
  insertAppointment(appointment: NewAppointment): Promise<number>;
}

export interface BookingRepository {
  /** Scope, settings and service (one statement), then the location (one statement). */
  findScope(
    clientSlug: string,
    schedulerSlug: string,
    serviceId: number,
    locationId: number,
  ): Promise<BookingScope | undefined>;
  findByIdempotencyKey(clientId: number, key: string): Promise<BookedAppointment | undefined>;
  /** An active plan of the client with its carrier, or undefined. */
  findPlan(clientId: number, planId: number): Promise<{ id: number; carrierId: number } | undefined>;
  /** Campaign fields of the analytics session, when the flow reported one. */
  findSessionCampaign(clientId: number, sessionId: string): Promise<Campaign | undefined>;
  inWriteTransaction<T>(work: (tx: BookingTransaction) => Promise<T>): Promise<T>;
  /** Cancels an active appointment and frees its time (deletes its slot units). False when it was not active. */
  cancelAppointment(clientId: number, appointmentId: number, reason: string, nowMs: number): Promise<boolean>;
}

const IDEMPOTENCY_INDEX = 'appointments_client_idempotency_key';

/** True when `error` is the unique violation of (client_id, idempotency_key), on either database. */
export function isIdempotencyKeyConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code === '23505') return constraint === IDEMPOTENCY_INDEX;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE')
    return typeof message === 'string' && message.includes('appointments.idempotency_key');
  return false;
}

/**
 * Runs `work` in one write transaction: SQLite `BEGIN IMMEDIATE` on the (mutex-guarded)
 * connection, PostgreSQL a read-committed transaction. Rolls back on any error.
 */
export async function inWriteTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (dialectOf(db) === 'postgres') return db.transaction().execute(work);
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}

async function selectBooked(db: Db, clientId: number, key: string): Promise<BookedAppointment | undefined> {
  const row = await db
    .selectFrom('appointments as a')
    .innerJoin('providers as p', 'p.id', 'a.provider_id')
    .innerJoin('locations as l', 'l.id', 'a.location_id')
    .innerJoin('services as sv', 'sv.id', 'a.service_id')
    .innerJoin('patients as pt', 'pt.id', 'a.patient_id')
    .select([
      'a.id',
      'a.status',
      'a.start_at',
      'a.end_at',
      'p.id as provider_id',
      'p.prefix',
      'p.first_name',
      'p.last_name',
      'p.credentials',
      'l.id as location_id',
      'l.slug as location_slug',
      'l.name as location_name',
      'l.address_line1',
      'l.address_line2',
      'l.city',
      'l.state',
      'l.postal_code',
      'l.latitude',
      'l.longitude',
      'l.time_zone',
      'l.phone',
      'l.online_enabled',
      'l.waitlist_enabled',
      'sv.id as service_id',
      'sv.name as service_name',
      'pt.normalized_name',
      'pt.date_of_birth',
    ])
    .where('a.client_id', '=', clientId)
    .where('a.idempotency_key', '=', key)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    appointmentId: row.id,
    status: row.status,
    startAt: Number(row.start_at),
    endAt: Number(row.end_at),
    provider: {
      id: row.provider_id,
      prefix: row.prefix,
      firstName: row.first_name,
      lastName: row.last_name,
      credentials: row.credentials,
    },
    location: {
      id: row.location_id,
      slug: row.location_slug,
      name: row.location_name,
      addressLine1: row.address_line1,
      addressLine2: row.address_line2,
      city: row.city,
      state: row.state,
      postalCode: row.postal_code,
      latitude: row.latitude === null ? null : Number(row.latitude),
      longitude: row.longitude === null ? null : Number(row.longitude),
      timeZone: row.time_zone,
      phone: row.phone,
      onlineEnabled: row.online_enabled === 1,
      waitlistEnabled: row.waitlist_enabled === 1,
      offersService: true,
    },
    service: { id: row.service_id, name: row.service_name },
    patient: { normalizedName: row.normalized_name, dateOfBirth: row.date_of_birth },
  };
}

/** The booking transaction's operations on `trx` (the staff booking from the waitlist runs them in its own transaction). */
export function bookingTransactionOf(trx: Db): BookingTransaction {
  return {
    findByIdempotencyKey: (clientId, key) => selectBooked(trx, clientId, key),
    findPatientCandidates: (clientId, normalizedName, dateOfBirth) =>
      selectPatientCandidates(trx, clientId, normalizedName, dateOfBirth),
    findUpcomingAppointment: (clientId, patientId, nowMs) =>
      selectUpcomingAppointment(trx, clientId, patientId, nowMs),
    findPatientProvider: (clientId, patientId) => selectPatientProvider(trx, clientId, patientId),
    listProviders: (query) => selectProvidersForService(trx, query),
    listWorkingHours: (query) => selectWorkingHours(trx, query),
    listBusy: (query) => selectBusy(trx, query),

    async savePatient(existingId, patient) {
      if (existingId !== undefined) {
        await trx
          .updateTable('patients')
          .set({
            phone: patient.phone,
            email: patient.email,
            sms_permission: patient.smsPermission ? 1 : 0,
            email_permission: patient.emailPermission ? 1 : 0,
            updated_at: patient.now,
          })
          .where('id', '=', existingId)
          .where('client_id', '=', patient.clientId)
          .execute();
        return existingId;
      }
      const { id } = await trx
        .insertInto('patients')
        .values({
          client_id: patient.clientId,
          first_name: patient.firstName,
          last_name: patient.lastName,
          normalized_name: patient.normalizedName,
          date_of_birth: patient.dateOfBirth,
          gender: null,
          phone: patient.phone,
          email: patient.email,
          sms_permission: patient.smsPermission ? 1 : 0,
          email_permission: patient.emailPermission ? 1 : 0,
          created_at: patient.now,
          updated_at: patient.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async findOrInsertPolicy(policy) {
      const relationship =
        policy.relationshipLabel === null
          ? undefined
          : await trx
              .selectFrom('insurance_relationships')
              .select('id')
              .where('client_id', '=', policy.clientId)
              .where(sql<string>`lower(name)`, '=', policy.relationshipLabel.toLowerCase())
              .executeTakeFirst();
      const relationshipId = relationship?.id ?? null;
      let existing = trx
        .selectFrom('insurance_policies')
        .select('id')
        .where('client_id', '=', policy.clientId)
        .where('patient_id', '=', policy.patientId)
        .where('self_pay', '=', policy.selfPay ? 1 : 0);
      existing =
        policy.planId === null
          ? existing.where('plan_id', 'is', null)
          : existing.where('plan_id', '=', policy.planId);
      existing =
        policy.memberId === null
          ? existing.where('member_id', 'is', null)
          : existing.where('member_id', '=', policy.memberId);
      const found = await existing.orderBy('id', 'desc').executeTakeFirst();
      if (found !== undefined) {
        await trx
          .updateTable('insurance_policies')
          .set({ relationship_id: relationshipId, updated_at: policy.now })
          .where('id', '=', found.id)
          .execute();
        return found.id;
      }
      const { id } = await trx
        .insertInto('insurance_policies')
        .values({
          client_id: policy.clientId,
          patient_id: policy.patientId,
          plan_id: policy.planId,
          carrier_id: policy.carrierId,
          relationship_id: relationshipId,
          member_id: policy.memberId,
          group_number: null,
          subscriber_first_name: null,
          subscriber_last_name: null,
          subscriber_date_of_birth: null,
          self_pay: policy.selfPay ? 1 : 0,
          created_at: policy.now,
          updated_at: policy.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async insertAppointment(a) {
      const { id } = await trx
        .insertInto('appointments')
        .values({
          client_id: a.clientId,
          scheduler_id: a.schedulerId,
          provider_id: a.providerId,
          location_id: a.locationId,
          service_id: a.serviceId,
          patient_id: a.patientId,
          insurance_policy_id: a.insurancePolicyId,
          start_at: a.startAt,
          end_at: a.endAt,
          status: a.status,
          is_new_patient: a.isNewPatient ? 1 : 0,
          idempotency_key: a.idempotencyKey,
          session_id: a.sessionId,
          channel: a.campaign.channel,
          utm_source: a.campaign.utmSource,
          utm_medium: a.campaign.utmMedium,
          utm_campaign: a.campaign.utmCampaign,
          utm_term: a.campaign.utmTerm,
          rwg_token: a.campaign.rwgToken,
          reason: a.reason,
          notes: a.notes,
          cancel_reason: null,
          version: 1,
          created_by_user_id: a.createdByUserId ?? null,
          created_at: a.now,
          updated_at: a.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('appointment_status_history')
        .values({
          client_id: a.clientId,
          appointment_id: id,
          from_status: null,
          to_status: a.status,
          reason: null,
          changed_by_user_id: a.createdByUserId ?? null,
          created_at: a.now,
        })
        .execute();
      if (holdsSlotUnits(a.status)) {
        await trx
          .insertInto('appointment_slot_units')
          .values(
            slotUnitStarts(a.startAt, a.endAt).map((unitStart) => ({
              client_id: a.clientId,
              provider_id: a.providerId,
              unit_start: unitStart,
              appointment_id: id,
            })),
          )
          .execute();
      }
      return id;
    },
  };
}

export function createBookingRepository(db: Db): BookingRepository {
  return {
    async findScope(clientSlug, schedulerSlug, serviceId, locationId) {
      const found = await selectSchedulerScope(db, clientSlug, schedulerSlug, serviceId);
      if (found === undefined) return undefined;
      const [location] = await selectLocations(db, found.scope.clientId, { locationId, serviceId });
      return { ...found, location };
    },

    findByIdempotencyKey: (clientId, key) => selectBooked(db, clientId, key),

    findPlan: (clientId, planId) =>
      db
        .selectFrom('insurance_plans')
        .select(['id', 'carrier_id as carrierId'])
        .where('client_id', '=', clientId)
        .where('id', '=', planId)
        .where('active', '=', 1)
        .executeTakeFirst(),

    async findSessionCampaign(clientId, sessionId) {
      const row = await db
        .selectFrom('analytics_sessions')
        .select(['channel', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'rwg_token'])
        .where('client_id', '=', clientId)
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
      return (
        row && {
          channel: row.channel,
          utmSource: row.utm_source,
          utmMedium: row.utm_medium,
          utmCampaign: row.utm_campaign,
          utmTerm: row.utm_term,
          rwgToken: row.rwg_token,
        }
      );
    },

    inWriteTransaction: (work) => inWriteTransaction(db, (trx) => work(bookingTransactionOf(trx))),

    cancelAppointment: (clientId, appointmentId, reason, nowMs) =>
      inWriteTransaction(db, async (trx) => {
        const current = await trx
          .selectFrom('appointments')
          .select(['status', 'version'])
          .where('client_id', '=', clientId)
          .where('id', '=', appointmentId)
          .executeTakeFirst();
        if (current === undefined || !['pending', 'booked', 'arrived', 'checked-in'].includes(current.status))
          return false;
        await trx
          .updateTable('appointments')
          .set({
            status: 'cancelled',
            cancel_reason: reason,
            version: current.version + 1,
            updated_at: nowMs,
          })
          .where('id', '=', appointmentId)
          .execute();
        await trx
          .insertInto('appointment_status_history')
          .values({
            client_id: clientId,
            appointment_id: appointmentId,
            from_status: current.status,
            to_status: 'cancelled',
            reason,
            changed_by_user_id: null,
            created_at: nowMs,
          })
          .execute();
        await trx.deleteFrom('appointment_slot_units').where('appointment_id', '=', appointmentId).execute();
        return true;
      }),
  };
}
