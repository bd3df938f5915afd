/* The front desk's answer for one appointment (ids as strings, times as UTC instants with the location's zone). */
import { confirmationNumberOf } from '@scheduler/domain/messages/format';
import { providerDisplayName } from '@scheduler/domain/providers';
import type { FrontDeskAppointment } from '@scheduler/contract/admin/front-desk';
import type { AppointmentView } from './front-desk-repository.ts';

export function toAppointmentAnswer(view: AppointmentView): FrontDeskAppointment {
  return {
    appointmentId: String(view.id),
    confirmationNumber: confirmationNumberOf(view.id),
    status: view.status,
    startUtc: new Date(view.startAt).toISOString(),
    endUtc: new Date(view.endAt).toISOString(),
    timeZone: view.timeZone,
    patient: {
      patientId: String(view.patient.id),
      name: `${view.patient.firstName} ${view.patient.lastName}`,
    },
    provider: { providerId: String(view.provider.id), name: providerDisplayName(view.provider) },
    location: { locationId: String(view.location.id), name: view.location.name },
    service: { appointmentTypeId: String(view.service.id), name: view.service.name },
  };
}
