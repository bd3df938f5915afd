/*
 * The SQL of the staff booking from the waitlist (POST bookFromWaitList). The booking runs in
 * the booking module's write transaction (`inWriteTransaction`, `bookingTransactionOf`), with the
 * waitlist entry's change and the audit row on the same connection: all of it commits, or none.
 */
import type { Db } from '../../../platform/db/database.ts';
import { createAuditLog } from '../../../platform/audit/audit-log.ts';
import type { AuditLog } from '../../../platform/audit/audit-log.ts';
import { createAuditRepository } from '../../../platform/audit/audit-repository.ts';
import { bookingTransactionOf, selectService } from '../../scheduling/index.ts';
import { inWriteTransaction } from '../../../platform/db/transaction.ts';
import type { BookedAppointment, BookingTransaction } from '../../scheduling/index.ts';
import type { LocationRecord } from '../../catalogue/index.ts';
import { selectLocations } from '../../catalogue/index.ts';
import type { AppointmentMessages } from '../../messages/index.ts';

/** The waitlist entry as the staff booking needs it (contact data stays inside the server). */
export interface WaitlistEntryForBooking {
  id: number;
  status: string;
  schedulerId: number | null;
  serviceId: number | null;
  patientId: number | null;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  phone: string | null;
  email: string | null;
  /** Issue 21: the language the patient joined in; the appointment booked from the entry keeps it. */
  language: 'en' | 'es';
}

export interface BookableService {
  id: number;
  name: string;
  durationMinutes: number;
}

/** The booking transaction plus what the staff booking changes on the same connection. */
export interface StaffBookingTransaction extends BookingTransaction {
  /** Marks a still-open entry (waiting or contacted) booked; false when it no longer is open. */
  markEntryBooked(clientId: number, entryId: number, nowMs: number): Promise<boolean>;
  /** The audit trail, written inside the transaction. */
  audit: AuditLog;
  /** The transaction's handle, for a caller's own statements (a waitlist offer's claim). */
  trx: Db;
}

export interface StaffBookingRepository {
  findEntry(clientId: number, entryId: number): Promise<WaitlistEntryForBooking | undefined>;
  findService(clientId: number, serviceId: number): Promise<BookableService | undefined>;
  /** The location, with whether it offers the service. */
  findLocation(clientId: number, locationId: number, serviceId: number): Promise<LocationRecord | undefined>;
  findByIdempotencyKey(clientId: number, key: string): Promise<BookedAppointment | undefined>;
  findAppointmentPatient(clientId: number, appointmentId: number): Promise<number | undefined>;
  inWriteTransaction<T>(work: (tx: StaffBookingTransaction) => Promise<T>): Promise<T>;
  /** The audit trail outside a transaction (a replayed answer). */
  audit: AuditLog;
}

export const OPEN_WAITLIST_STATUSES = ['waiting', 'contacted'] as const;

export function createStaffBookingRepository(
  db: Db,
  nowMs: () => number,
  messages?: AppointmentMessages,
): StaffBookingRepository {
  return {
    async findEntry(clientId, entryId) {
      const row = await db
        .selectFrom('waitlist_entries')
        .select([
          'id',
          'status',
          'scheduler_id',
          'service_id',
          'patient_id',
          'first_name',
          'last_name',
          'date_of_birth',
          'phone',
          'email',
          'language',
        ])
        .where('client_id', '=', clientId)
        .where('id', '=', entryId)
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          status: row.status,
          schedulerId: row.scheduler_id,
          serviceId: row.service_id,
          patientId: row.patient_id,
          firstName: row.first_name,
          lastName: row.last_name,
          dateOfBirth: row.date_of_birth,
          phone: row.phone,
          email: row.email,
          language: row.language === 'es' ? 'es' : 'en',
        }
      );
    },

    findService: (clientId, serviceId) => selectService(db, clientId, serviceId),

    async findLocation(clientId, locationId, serviceId) {
      const [location] = await selectLocations(db, clientId, { locationId, serviceId });
      return location;
    },

    findByIdempotencyKey: (clientId, key) => bookingTransactionOf(db).findByIdempotencyKey(clientId, key),

    async findAppointmentPatient(clientId, appointmentId) {
      const row = await db
        .selectFrom('appointments')
        .select('patient_id')
        .where('client_id', '=', clientId)
        .where('id', '=', appointmentId)
        .executeTakeFirst();
      return row?.patient_id;
    },

    inWriteTransaction: (work) =>
      inWriteTransaction(db, (trx) =>
        work({
          ...bookingTransactionOf(trx, messages),
          async markEntryBooked(clientId, entryId, now) {
            const result = await trx
              .updateTable('waitlist_entries')
              .set({ status: 'booked', updated_at: now })
              .where('client_id', '=', clientId)
              .where('id', '=', entryId)
              .where('status', 'in', [...OPEN_WAITLIST_STATUSES])
              .executeTakeFirst();
            return Number(result.numUpdatedRows) === 1;
          },
          audit: createAuditLog(createAuditRepository(trx), nowMs),
          trx,
        }),
      ),

    audit: createAuditLog(createAuditRepository(db), nowMs),
  };
}
