/*
 * The SQL of PUT bookAppointment. The booking runs in ONE write transaction
 * (`inWriteTransaction`, platform/db/transaction.ts): on SQLite `BEGIN IMMEDIATE` takes the write lock at once (and
 * Kysely's connection mutex serialises the process), so the re-check and the inserts see a
 * stable database; on PostgreSQL (read committed) two racing bookings can both pass the
 * re-check, and the UNIQUE key of appointment_slot_units lets only one of them commit.
 */
import type { Db } from '../../../platform/db/database.ts';
import type { AppointmentStatus } from '../../../platform/db/schema.ts';
import { inWriteTransaction } from '../../../platform/db/transaction.ts';
import { findOrInsertPolicy, insertAppointment, savePatient } from './booking-writes-repository.ts';
import type { Campaign, NewAppointment, NewPatient, NewPolicy } from './booking-writes-repository.ts';
import { selectProvidersForService, selectWorkingHours } from '../slot-search/availability-repository.ts';
import type { ProviderQuery, WorkingHoursRecord } from '../slot-search/availability-repository.ts';
import { selectBusy } from '../slot-search/busy-repository.ts';
import type { BusyQuery, BusyRecord } from '../slot-search/busy-repository.ts';
import type { PatientCandidate, PendingContactChangeInput } from '../../patients/index.ts';
import {
  keepPendingContactChange,
  selectPatientCandidates,
  selectPatientProvider,
  selectUpcomingAppointment,
} from '../../patients/index.ts';
import type { PatientProvider, UpcomingAppointment } from '../../patients/index.ts';
import type { LocationRecord, BookableProvider } from '../../catalogue/index.ts';
import {
  listClosedDates,
  selectLocations,
  selectSchedulerScope,
  toLocationRecord,
} from '../../catalogue/index.ts';
import type { ScopeWithService } from '../../catalogue/index.ts';
import type { AppointmentMessages } from '../../messages/index.ts';
import type { PatientContactOnFile } from './notified-by.ts';

export interface BookingScope extends ScopeWithService {
  location: LocationRecord | undefined;
}

/** A booked appointment as the response needs it (and the patient key a replay is checked with). */
export interface BookedAppointment {
  appointmentId: number;
  status: AppointmentStatus;
  startAt: number;
  endAt: number;
  provider: Pick<BookableProvider, 'id' | 'prefix' | 'firstName' | 'lastName' | 'credentials'>;
  location: LocationRecord;
  service: { id: number; name: string };
  patient: { normalizedName: string; dateOfBirth: string };
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
  listProviders(query: ProviderQuery): Promise<BookableProvider[]>;
  listWorkingHours(query: Omit<ProviderQuery, 'planId'>): Promise<WorkingHoursRecord[]>;
  listBusy(query: BusyQuery): Promise<BusyRecord[]>;
  /** Issue 22: the locations' closed local dates in [fromDate, toDate] (contract 6), for the re-check. */
  listClosedDates(
    clientId: number,
    locationIds: readonly number[],
    fromDate: string,
    toDate: string,
  ): Promise<{ locationId: number; dateLocal: string }[]>;
  /** The matched patient's id (`existingId`, its record left as it is), else a new record; its id. */
  savePatient(existingId: number | undefined, patient: NewPatient): Promise<number>;
  /** What the request brought that differs from the matched patient's record, kept for staff (never applied). */
  keepPendingChange(change: PendingContactChangeInput): Promise<void>;
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
  /** Issue 16 (helper D): the booked patient's contact as on file, for the answer's `notifiedBy`. */
  findPatientContact(clientId: number, appointmentId: number): Promise<PatientContactOnFile | undefined>;
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
      'l.sort_order',
      'l.version as location_version',
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
    location: toLocationRecord({
      id: row.location_id,
      slug: row.location_slug,
      name: row.location_name,
      address_line1: row.address_line1,
      address_line2: row.address_line2,
      city: row.city,
      state: row.state,
      postal_code: row.postal_code,
      latitude: row.latitude,
      longitude: row.longitude,
      time_zone: row.time_zone,
      phone: row.phone,
      online_enabled: row.online_enabled,
      waitlist_enabled: row.waitlist_enabled,
      sort_order: row.sort_order,
      version: row.location_version,
    }),
    service: { id: row.service_id, name: row.service_name },
    patient: { normalizedName: row.normalized_name, dateOfBirth: row.date_of_birth },
  };
}

/** The booking transaction's operations on `trx` (the staff booking from the waitlist runs them in its own transaction). */
export function bookingTransactionOf(trx: Db, messages?: AppointmentMessages): BookingTransaction {
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
    listClosedDates: (clientId, locationIds, fromDate, toDate) =>
      listClosedDates(trx, clientId, locationIds, fromDate, toDate),

    savePatient: (existingId, patient) => savePatient(trx, existingId, patient),
    keepPendingChange: async (change) => {
      await keepPendingContactChange(trx, change);
    },
    findOrInsertPolicy: (policy) => findOrInsertPolicy(trx, policy),
    insertAppointment: async (appointment) => {
      const appointmentId = await insertAppointment(trx, appointment);
      // Its confirmation and reminders, made in this transaction (issue 17).
      await messages?.plan(trx, { appointmentId, event: 'booked', at: appointment.now });
      return appointmentId;
    },
  };
}

export function createBookingRepository(db: Db, messages?: AppointmentMessages): BookingRepository {
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

    inWriteTransaction: (work) => inWriteTransaction(db, (trx) => work(bookingTransactionOf(trx, messages))),

    async findPatientContact(clientId, appointmentId) {
      const row = await db
        .selectFrom('appointments as a')
        .innerJoin('patients as pt', 'pt.id', 'a.patient_id')
        .select(['pt.email', 'pt.phone', 'pt.email_permission', 'pt.sms_permission'])
        .where('a.client_id', '=', clientId)
        .where('a.id', '=', appointmentId)
        .executeTakeFirst();
      return (
        row && {
          email: row.email,
          phone: row.phone,
          emailPermission: row.email_permission === 1,
          smsPermission: row.sms_permission === 1,
        }
      );
    },

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
        // The cancellation notice; queued reminders dropped (issue 17).
        await messages?.plan(trx, { appointmentId, event: 'cancelled', at: nowMs });
        return true;
      }),
  };
}
