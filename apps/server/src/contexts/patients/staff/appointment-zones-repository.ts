/* The zones of the patient list's last and next appointments (issue 19: times in the location's zone). */
import type { Db } from '../../../platform/db/database.ts';

export interface AppointmentZonesRepository {
  /**
   * The location zone of each patient's appointment starting at the given instant (the list's
   * last and next appointments), keyed by `zoneKey(patientId, startAt)`. One statement per page;
   * scoped by client_id.
   */
  appointmentZonesOf(
    clientId: number,
    wanted: readonly { patientId: number; startAt: number }[],
  ): Promise<Map<string, string>>;
}

export const zoneKey = (patientId: number, startAt: number): string => `${patientId}:${startAt}`;

export function createAppointmentZonesRepository(db: Db): AppointmentZonesRepository {
  return {
    async appointmentZonesOf(clientId, wanted) {
      const zones = new Map<string, string>();
      if (wanted.length === 0) return zones;
      const patientIds = [...new Set(wanted.map((w) => w.patientId))];
      const starts = [...new Set(wanted.map((w) => w.startAt))];
      const rows = await db
        .selectFrom('appointments as a')
        .innerJoin('locations as l', 'l.id', 'a.location_id')
        .select(['a.patient_id', 'a.start_at', 'l.time_zone'])
        .where('a.client_id', '=', clientId)
        .where('a.patient_id', 'in', patientIds)
        .where('a.start_at', 'in', starts)
        .where('a.status', '<>', 'entered-in-error')
        .execute();
      for (const row of rows) zones.set(zoneKey(row.patient_id, Number(row.start_at)), row.time_zone);
      return zones;
    },
  };
}

/**
 * For a page of the patient list: a lookup of the zone of each patient's last / next appointment
 * (null when there is none, or when it is gone).
 */
export async function appointmentZoneLookup(
  repository: AppointmentZonesRepository,
  clientId: number,
  items: readonly { patientId: number; lastAppointmentAt: number | null; nextAppointmentAt: number | null }[],
): Promise<(patientId: number, at: number | null) => string | null> {
  const zones = await repository.appointmentZonesOf(
    clientId,
    items.flatMap((item) =>
      [item.lastAppointmentAt, item.nextAppointmentAt]
        .filter((at): at is number => at !== null)
        .map((startAt) => ({ patientId: item.patientId, startAt })),
    ),
  );
  return (patientId, at) => (at === null ? null : (zones.get(zoneKey(patientId, at)) ?? null));
}
