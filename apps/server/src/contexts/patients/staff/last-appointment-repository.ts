/* Each patient's last appointment, for GET getPatientsAndLastAppointments (issue 16). */
import type { Db } from '../../../platform/db/database.ts';
import { UNCOUNTED_STATUSES } from './patient-search-repository.ts';
import { appointmentColumns, appointmentsWithNames, toAppointment } from './records.ts';
import type { AppointmentRecord } from './records.ts';

export interface LastAppointmentRepository {
  /**
   * Each patient's last appointment: the latest that began at or before `now`, cancelled and
   * entered-in-error aside (the one `lastAppointmentAt` dates); the later id on a tie. Patients
   * without one are absent. One statement for the whole page.
   */
  lastAppointmentsOf(
    clientId: number,
    patientIds: readonly number[],
    now: number,
  ): Promise<Map<number, AppointmentRecord>>;
}

export function createLastAppointmentRepository(db: Db): LastAppointmentRepository {
  return {
    async lastAppointmentsOf(clientId, patientIds, now) {
      const found = new Map<number, AppointmentRecord>();
      if (patientIds.length === 0) return found;
      const latest = db
        .selectFrom('appointments')
        .select((eb) => ['patient_id', eb.fn.max('start_at').as('last_at')])
        .where('client_id', '=', clientId)
        .where('patient_id', 'in', [...patientIds])
        .where('start_at', '<=', now)
        .where('status', 'not in', UNCOUNTED_STATUSES)
        .groupBy('patient_id')
        .as('m');
      const rows = await appointmentsWithNames(db)
        .innerJoin(latest, (join) =>
          join.onRef('m.patient_id', '=', 'a.patient_id').onRef('m.last_at', '=', 'a.start_at'),
        )
        .select(appointmentColumns)
        .where('a.client_id', '=', clientId)
        .where('a.status', 'not in', UNCOUNTED_STATUSES)
        .orderBy('a.id', 'desc')
        .execute();
      for (const row of rows) {
        const appointment = toAppointment(row);
        if (!found.has(appointment.patientId)) found.set(appointment.patientId, appointment);
      }
      return found;
    },
  };
}
