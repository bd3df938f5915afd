/*
 * Appointments to rebook (issue 19): the upcoming active appointments of one provider (listed when
 * it is retired), or those at one location inside given instants (its closed days, listed by the
 * catalogue's closures). One statement, by index: appointments by (provider_id, start_at) or
 * (location_id, start_at). Names patients: the callers audit every answer.
 */
import type { AppointmentToRebook } from '@scheduler/contract/admin/rebooking';
import { confirmationNumberOf } from '@scheduler/domain/messages/format';
import { providerDisplayName } from '@scheduler/domain/providers';
import type { Db } from '../../platform/db/database.ts';
import { activeAppointmentStatuses } from '../../platform/db/schema.ts';

/** At most this many are listed (a practice rebooks them by hand). */
export const MAX_APPOINTMENTS_TO_REBOOK = 500;

export type RebookFilter =
  | { providerId: number }
  /** [fromMs, toMs) instants, e.g. the location's closed days from local midnight to local midnight. */
  | { locationId: number; ranges: readonly { fromMs: number; toMs: number }[] };

export async function selectAppointmentsToRebook(
  db: Db,
  clientId: number,
  filter: RebookFilter,
  nowMs: number,
): Promise<AppointmentToRebook[]> {
  if ('ranges' in filter && filter.ranges.length === 0) return [];
  let query = db
    .selectFrom('appointments as a')
    .innerJoin('patients as pt', 'pt.id', 'a.patient_id')
    .innerJoin('locations as l', 'l.id', 'a.location_id')
    .innerJoin('providers as pr', 'pr.id', 'a.provider_id')
    .innerJoin('services as s', 's.id', 'a.service_id')
    .select([
      'a.id',
      'a.patient_id',
      'a.start_at',
      'a.end_at',
      'a.status',
      'a.location_id',
      'a.provider_id',
      'pt.first_name as patient_first',
      'pt.last_name as patient_last',
      'l.name as location_name',
      'l.time_zone',
      'pr.prefix',
      'pr.first_name',
      'pr.last_name',
      's.name as service_name',
    ])
    .where('a.client_id', '=', clientId)
    .where('a.status', 'in', [...activeAppointmentStatuses])
    .where('a.start_at', '>=', nowMs);
  if ('ranges' in filter) {
    const { ranges } = filter;
    query = query
      .where('a.location_id', '=', filter.locationId)
      .where((eb) =>
        eb.or(ranges.map((r) => eb.and([eb('a.start_at', '>=', r.fromMs), eb('a.start_at', '<', r.toMs)]))),
      );
  } else {
    query = query.where('a.provider_id', '=', filter.providerId);
  }
  const rows = await query.orderBy('a.start_at').orderBy('a.id').limit(MAX_APPOINTMENTS_TO_REBOOK).execute();
  return rows.map((row) => ({
    appointmentId: String(row.id),
    patientId: String(row.patient_id),
    patientName: `${row.patient_first} ${row.patient_last}`.trim(),
    startUtc: new Date(Number(row.start_at)).toISOString(),
    endUtc: new Date(Number(row.end_at)).toISOString(),
    timeZone: row.time_zone,
    locationId: String(row.location_id),
    locationName: row.location_name,
    providerId: String(row.provider_id),
    providerName: providerDisplayName({
      prefix: row.prefix,
      firstName: row.first_name,
      lastName: row.last_name,
    }),
    serviceName: row.service_name,
    status: row.status,
    confirmationNumber: confirmationNumberOf(row.id),
  }));
}
