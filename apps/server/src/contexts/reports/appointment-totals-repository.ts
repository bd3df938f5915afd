/* The appointment report's totals: counts by status, channel and new patient (roll-up + edge rows). */
import type { Db } from '../../platform/db/database.ts';
import type { AppointmentStatus } from '../../platform/db/schema.ts';
import {
  DAY_MS,
  byStart,
  channelOf,
  rollupChannel,
  rollupChannelOf,
  splitRange,
} from './report-queries-repository.ts';
import type { ReportFilter, Span } from './report-queries-repository.ts';

/** One group of the totals: appointments per status, channel and new/existing patient. */
export interface TotalsGroup {
  status: AppointmentStatus;
  channel: string;
  isNewPatient: boolean;
  count: number;
}

/** Counts by (status, channel, new patient) of the appointments matching by start. */
export async function appointmentTotals(
  db: Db,
  clientId: number,
  filter: ReportFilter,
): Promise<TotalsGroup[]> {
  const fromRows = async (span: Span): Promise<TotalsGroup[]> => {
    const rows = await byStart(db, clientId, { ...filter, ...span })
      .select((eb) => [
        'appointments.status',
        'appointments.channel',
        'appointments.is_new_patient',
        eb.fn.countAll<number>().as('n'),
      ])
      .groupBy(['appointments.status', 'appointments.channel', 'appointments.is_new_patient'])
      .execute();
    return rows.map((row) => ({
      status: row.status,
      channel: channelOf(row.channel),
      isNewPatient: Number(row.is_new_patient) === 1,
      count: Number(row.n),
    }));
  };
  if (filter.providerId !== undefined) return fromRows(filter);
  const { units, edges } = splitRange(filter.from, filter.before, DAY_MS);
  const fromRollup = async (): Promise<TotalsGroup[]> => {
    if (units === undefined) return [];
    let query = db
      .selectFrom('report_appointments_daily')
      .select((eb) => [
        'status',
        'channel',
        'channel_null',
        'is_new_patient',
        eb.fn.sum<number>('appointments').as('n'),
      ])
      .where('client_id', '=', clientId)
      .where('day', '>=', units.first)
      .where('day', '<', units.end)
      // 0: the rows summed over every location / service.
      .where('location_id', '=', filter.locationId ?? 0)
      .where('service_id', '=', filter.serviceId ?? 0);
    if (filter.statuses !== undefined && filter.statuses.length > 0)
      query = query.where('status', 'in', [...filter.statuses]);
    if (filter.channel !== undefined) query = query.where(rollupChannel(filter));
    const rows = await query.groupBy(['status', 'channel', 'channel_null', 'is_new_patient']).execute();
    return rows.map((row) => ({
      status: row.status,
      channel: rollupChannelOf(row),
      isNewPatient: Number(row.is_new_patient) === 1,
      count: Number(row.n),
    }));
  };
  const parts = await Promise.all([fromRollup(), ...edges.map(fromRows)]);
  return parts.flat().filter((group) => group.count !== 0);
}
