/*
 * An appointment's status change, in one write transaction: re-read, check, update with the
 * version, history row, free the time.
 */
import type { Db } from '../../../platform/db/database.ts';
import type { AppointmentStatus } from '../../../platform/db/schema.ts';
import { inWriteTransaction } from '../../../platform/db/transaction.ts';
import { statusChangeEvent } from '../../messages/index.ts';
import type { AppointmentMessages } from '../../messages/index.ts';
import type { WaitlistOffers } from '../../waitlist/index.ts';

/** The appointment as the status change reads it inside its transaction. */
export interface AppointmentState {
  appointmentId: number;
  patientId: number;
  status: AppointmentStatus;
  version: number;
  startAt: number;
  /** The IANA zone of the appointment's location (its "day" is a local day there). */
  timeZone: string;
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

export interface StatusChangeRepository {
  /** In one write transaction: re-read, check, update with the version, history, free the time. */
  changeStatus(change: StatusChange): Promise<StatusChangeOutcome>;
}

export function createStatusChangeRepository(
  db: Db,
  messages?: AppointmentMessages,
  waitlistOffers?: WaitlistOffers,
): StatusChangeRepository {
  return {
    changeStatus: (change) =>
      inWriteTransaction(db, async (trx): Promise<StatusChangeOutcome> => {
        const current = await trx
          .selectFrom('appointments')
          .innerJoin('locations', (join) =>
            join
              .onRef('locations.id', '=', 'appointments.location_id')
              .onRef('locations.client_id', '=', 'appointments.client_id'),
          )
          .select([
            'appointments.id',
            'appointments.patient_id',
            'appointments.status',
            'appointments.version',
            'appointments.start_at',
            'appointments.end_at',
            'appointments.provider_id',
            'appointments.location_id',
            'appointments.service_id',
            'locations.time_zone',
          ])
          .where('appointments.client_id', '=', change.clientId)
          .where('appointments.id', '=', change.appointmentId)
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
          timeZone: current.time_zone,
        });
        const version = current.version + 1;
        const updated = await trx
          .updateTable('appointments')
          .set({
            status: change.to,
            version,
            updated_at: change.now,
            ...(change.to === 'cancelled'
              ? { cancel_reason: change.reason, cancelled_by: 'staff' as const }
              : {}),
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
        // "Confirmed" or the cancellation notice (queued reminders dropped), in this transaction (issue 17).
        const event = statusChangeEvent(current.status, change.to);
        if (event !== undefined)
          await messages?.plan(trx, { appointmentId: change.appointmentId, event, at: change.now });
        // Issue 18: a cancelled time is offered to the waitlist, in this transaction.
        if (change.to === 'cancelled' && change.releasesSlot && Number(current.start_at) > change.now)
          await waitlistOffers?.timeFreed(trx, {
            clientId: change.clientId,
            locationId: current.location_id,
            appointmentTypeId: current.service_id,
            providerId: current.provider_id,
            startUtcMs: Number(current.start_at),
            endUtcMs: Number(current.end_at),
            reason: 'cancelled',
            appointmentId: current.id,
          });
        return { kind: 'changed', from: current.status, patientId: current.patient_id, version };
      }),
  };
}
