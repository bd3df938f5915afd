/* A patient's appointments, one appointment with its details, and its status history, for staff. */
import type { Db } from '../../../platform/db/database.ts';
import type { AppointmentStatus } from '../../../platform/db/schema.ts';
import { appointmentColumns, appointmentsWithNames, toAppointment } from './records.ts';
import type { AppointmentRecord } from './records.ts';

export interface AppointmentDetailRecord extends AppointmentRecord {
  schedulerId: number | null;
  notes: string | null;
  insurancePolicyId: number | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  updatedAt: number;
  /** Issue 18: who cancelled (patient online or staff), the patient's note, reschedules by the patient. */
  cancelledBy: 'patient' | 'staff' | null;
  cancelNote: string | null;
  rescheduleCount: number;
  rescheduledFromAt: number | null;
}

export interface StatusHistoryRecord {
  fromStatus: AppointmentStatus | null;
  toStatus: AppointmentStatus;
  reason: string | null;
  changedBy: { userId: number; name: string } | null;
  at: number;
}

export interface AppointmentReadRepository {
  /** Latest first, at most `limit`. */
  appointmentsOfPatient(clientId: number, patientId: number, limit: number): Promise<AppointmentRecord[]>;
  findAppointment(clientId: number, appointmentId: number): Promise<AppointmentDetailRecord | undefined>;
  /** Oldest first. */
  statusHistory(clientId: number, appointmentId: number): Promise<StatusHistoryRecord[]>;
}

export function createAppointmentReadRepository(db: Db): AppointmentReadRepository {
  return {
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
          'a.notes',
          'a.insurance_policy_id',
          'a.utm_source',
          'a.utm_medium',
          'a.utm_campaign',
          'a.updated_at',
          'a.cancelled_by',
          'a.cancel_note',
          'a.reschedule_count',
          'a.rescheduled_from_at',
        ])
        .where('a.client_id', '=', clientId)
        .where('a.id', '=', appointmentId)
        .executeTakeFirst();
      return (
        row && {
          ...toAppointment(row),
          schedulerId: row.scheduler_id,
          notes: row.notes,
          insurancePolicyId: row.insurance_policy_id,
          utmSource: row.utm_source,
          utmMedium: row.utm_medium,
          utmCampaign: row.utm_campaign,
          updatedAt: Number(row.updated_at),
          cancelledBy: row.cancelled_by,
          cancelNote: row.cancel_note,
          rescheduleCount: Number(row.reschedule_count),
          rescheduledFromAt: row.rescheduled_from_at === null ? null : Number(row.rescheduled_from_at),
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
  };
}
