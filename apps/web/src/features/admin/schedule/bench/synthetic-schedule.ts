/**
 * A synthetic day for the schedule's render benchmark (bench/frontend.ts): `providers` providers
 * at a Chicago location, each working 8:00–17:00 with an hour off at noon for a few, and
 * `appointments` appointments spread over them in mixed statuses. Deterministic.
 */
import { APPOINTMENT_STATUSES } from '@scheduler/domain/appointment-status';
import { confirmationNumberOf } from '@scheduler/domain/messages/format';
import { localDateTimeToInstant } from '@scheduler/domain/time-zone';
import type { ScheduleResponse } from '@scheduler/contract/admin/schedule';

const FIRST = ['Ana', 'Ben', 'Chloe', 'Dev', 'Elena', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jon'];
const LAST = ['Ruiz', 'Cole', 'Nguyen', 'Patel', 'Okafor', 'Lee', 'Moreau', 'Silva', 'Kowalski', 'Haddad'];
const SERVICES = ['Cleaning', 'Exam', 'Filling', 'Whitening', 'Consultation'];

export function syntheticSchedule(
  date: string,
  { providers = 20, appointments = 300, timeZone = 'America/Chicago' } = {},
): ScheduleResponse {
  const at = (minutes: number) => localDateTimeToInstant(date, minutes, timeZone).toISOString();
  const providerList = Array.from({ length: providers }, (_, index) => ({
    providerId: String(index + 1),
    displayName: `Dr. ${FIRST[index % FIRST.length] ?? ''} ${LAST[Math.floor(index / FIRST.length) % LAST.length] ?? ''}`,
    retired: false,
  }));
  const perProvider = Math.ceil(appointments / providers);
  // 8:00 to 17:00 is 540 minutes: appointments of 30 minutes (a few of 15 or 60) one after another.
  const list: ScheduleResponse['appointments'] = [];
  for (let index = 0; index < appointments; index++) {
    const provider = index % providers;
    const slot = Math.floor(index / providers);
    const minutes = 8 * 60 + Math.floor((slot * 540) / perProvider);
    const length = index % 7 === 0 ? 15 : index % 11 === 0 ? 60 : 30;
    const id = 1000 + index;
    list.push({
      appointmentId: String(id),
      providerId: String(provider + 1),
      startUtc: at(minutes),
      endUtc: at(minutes + length),
      status: APPOINTMENT_STATUSES[index % 6] ?? 'booked',
      patientId: String(5000 + index),
      patientName: `${FIRST[index % FIRST.length] ?? ''} ${LAST[(index * 7) % LAST.length] ?? ''}-${index}`,
      serviceName: SERVICES[index % SERVICES.length] ?? 'Exam',
      confirmationNumber: confirmationNumberOf(id),
    });
  }
  return {
    location: { locationId: '3', name: 'Lakeview', timeZone },
    from: date,
    to: date,
    providers: providerList,
    days: providerList.map((provider) => ({
      providerId: provider.providerId,
      date,
      hours: [{ startUtc: at(8 * 60), endUtc: at(17 * 60) }],
    })),
    timeOff: providerList
      .filter((_, index) => index % 4 === 0)
      .map((provider) => ({
        providerId: provider.providerId,
        startUtc: at(12 * 60),
        endUtc: at(13 * 60),
        thisLocationOnly: false,
      })),
    appointments: list,
    closures: [],
    holds: [],
  };
}
