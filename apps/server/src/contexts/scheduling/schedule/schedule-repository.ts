/*
 * The SQL of the front desk's schedule (issue 19): one location, its providers, their working
 * hours there, their time off, the location's appointments and partners' unexpired holds
 * overlapping an instant range.
 * Every statement is scoped by client_id (and, on PostgreSQL, by the request's tenant: row-level
 * security, platform/db/tenant-context.ts).
 */
import type { Db } from '../../../platform/db/database.ts';
import type { AppointmentStatus } from '../../../platform/db/schema.ts';

export interface ScheduleLocationRecord {
  id: number;
  name: string;
  timeZone: string;
}

export interface ScheduleProviderRecord {
  id: number;
  prefix: string | null;
  firstName: string;
  lastName: string;
  retired: boolean;
}

export interface ScheduleHoursRecord {
  providerId: number;
  weekday: number;
  startMinute: number;
  endMinute: number;
  effectiveFrom: string | null;
  effectiveTo: string | null;
}

export interface ScheduleTimeOffRecord {
  providerId: number;
  locationId: number | null;
  startAt: number;
  endAt: number;
}

export interface ScheduleAppointmentRecord {
  id: number;
  providerId: number;
  startAt: number;
  endAt: number;
  status: AppointmentStatus;
  patientId: number;
  patientFirstName: string;
  patientLastName: string;
  serviceName: string;
}

export interface ScheduleHoldRecord {
  id: number;
  providerId: number;
  startAt: number;
  endAt: number;
  expiresAt: number;
  partnerName: string;
}

/** An instant range [fromMs, toMs). */
export interface InstantRange {
  fromMs: number;
  toMs: number;
}

export interface ScheduleRepository {
  findLocation(clientId: number, locationId: number): Promise<ScheduleLocationRecord | undefined>;
  /** Providers mapped to the location, and any other provider with an appointment there in `range`. */
  providersAt(clientId: number, locationId: number, range: InstantRange): Promise<ScheduleProviderRecord[]>;
  workingHours(
    clientId: number,
    locationId: number,
    providerIds: readonly number[],
  ): Promise<ScheduleHoursRecord[]>;
  /** Time off at this location or at every location, overlapping `range`. */
  timeOff(
    clientId: number,
    locationId: number,
    providerIds: readonly number[],
    range: InstantRange,
  ): Promise<ScheduleTimeOffRecord[]>;
  /** Every appointment at the location overlapping `range` (any status), by start. */
  appointments(
    clientId: number,
    locationId: number,
    range: InstantRange,
  ): Promise<ScheduleAppointmentRecord[]>;
  /** The shown providers' holds at the location overlapping `range` and unexpired at `nowMs`, by start. */
  holds(
    clientId: number,
    locationId: number,
    providerIds: readonly number[],
    range: InstantRange,
    nowMs: number,
  ): Promise<ScheduleHoldRecord[]>;
}

/** Every appointment at the location overlapping `range`, with the patient's name and the service. */
async function selectAppointments(
  db: Db,
  clientId: number,
  locationId: number,
  range: InstantRange,
): Promise<ScheduleAppointmentRecord[]> {
  const rows = await db
    .selectFrom('appointments as a')
    .innerJoin('patients as pt', (join) =>
      join.onRef('pt.id', '=', 'a.patient_id').onRef('pt.client_id', '=', 'a.client_id'),
    )
    .innerJoin('services as s', (join) =>
      join.onRef('s.id', '=', 'a.service_id').onRef('s.client_id', '=', 'a.client_id'),
    )
    .select([
      'a.id',
      'a.provider_id',
      'a.start_at',
      'a.end_at',
      'a.status',
      'a.patient_id',
      'pt.first_name',
      'pt.last_name',
      's.name as service_name',
    ])
    .where('a.client_id', '=', clientId)
    .where('a.location_id', '=', locationId)
    .where('a.end_at', '>', range.fromMs)
    .where('a.start_at', '<', range.toMs)
    .orderBy('a.start_at')
    .orderBy('a.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    providerId: row.provider_id,
    startAt: Number(row.start_at),
    endAt: Number(row.end_at),
    status: row.status,
    patientId: row.patient_id,
    patientFirstName: row.first_name,
    patientLastName: row.last_name,
    serviceName: row.service_name,
  }));
}

export function createScheduleRepository(db: Db): ScheduleRepository {
  return {
    async findLocation(clientId, locationId) {
      const row = await db
        .selectFrom('locations')
        .select(['id', 'name', 'time_zone'])
        .where('client_id', '=', clientId)
        .where('id', '=', locationId)
        .executeTakeFirst();
      return row && { id: row.id, name: row.name, timeZone: row.time_zone };
    },

    async providersAt(clientId, locationId, range) {
      const rows = await db
        .selectFrom('providers as p')
        .select(['p.id', 'p.prefix', 'p.first_name', 'p.last_name', 'p.retired_at'])
        .where('p.client_id', '=', clientId)
        .where((eb) =>
          eb.or([
            eb(
              'p.id',
              'in',
              eb
                .selectFrom('provider_locations')
                .select('provider_id')
                .where('client_id', '=', clientId)
                .where('location_id', '=', locationId),
            ),
            eb(
              'p.id',
              'in',
              eb
                .selectFrom('appointments')
                .select('provider_id')
                .where('client_id', '=', clientId)
                .where('location_id', '=', locationId)
                .where('end_at', '>', range.fromMs)
                .where('start_at', '<', range.toMs),
            ),
          ]),
        )
        .orderBy('p.sort_order')
        .orderBy('p.last_name')
        .orderBy('p.first_name')
        .orderBy('p.id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        prefix: row.prefix,
        firstName: row.first_name,
        lastName: row.last_name,
        retired: row.retired_at !== null,
      }));
    },

    async workingHours(clientId, locationId, providerIds) {
      if (providerIds.length === 0) return [];
      const rows = await db
        .selectFrom('working_hours')
        .select(['provider_id', 'weekday', 'start_minute', 'end_minute', 'effective_from', 'effective_to'])
        .where('client_id', '=', clientId)
        .where('location_id', '=', locationId)
        .where('provider_id', 'in', [...providerIds])
        .execute();
      return rows.map((row) => ({
        providerId: row.provider_id,
        weekday: row.weekday,
        startMinute: row.start_minute,
        endMinute: row.end_minute,
        effectiveFrom: row.effective_from,
        effectiveTo: row.effective_to,
      }));
    },

    async timeOff(clientId, locationId, providerIds, range) {
      if (providerIds.length === 0) return [];
      const rows = await db
        .selectFrom('time_off')
        .select(['provider_id', 'location_id', 'start_at', 'end_at'])
        .where('client_id', '=', clientId)
        .where('provider_id', 'in', [...providerIds])
        .where((eb) => eb.or([eb('location_id', 'is', null), eb('location_id', '=', locationId)]))
        .where('end_at', '>', range.fromMs)
        .where('start_at', '<', range.toMs)
        .orderBy('start_at')
        .execute();
      return rows.map((row) => ({
        providerId: row.provider_id,
        locationId: row.location_id,
        startAt: Number(row.start_at),
        endAt: Number(row.end_at),
      }));
    },

    appointments: (clientId, locationId, range) => selectAppointments(db, clientId, locationId, range),

    async holds(clientId, locationId, providerIds, range, nowMs) {
      if (providerIds.length === 0) return [];
      const rows = await db
        .selectFrom('slot_holds as h')
        .innerJoin('partner_clients as pc', (join) =>
          join.onRef('pc.id', '=', 'h.partner_id').onRef('pc.client_id', '=', 'h.client_id'),
        )
        .select(['h.id', 'h.provider_id', 'h.start_at', 'h.end_at', 'h.expires_at', 'pc.name'])
        .where('h.client_id', '=', clientId)
        .where('h.location_id', '=', locationId)
        .where('h.provider_id', 'in', [...providerIds])
        .where('h.end_at', '>', range.fromMs)
        .where('h.start_at', '<', range.toMs)
        // The expiry job may run late: a hold past its expiry claims nothing (partner-repository.ts).
        .where('h.expires_at', '>', nowMs)
        .orderBy('h.start_at')
        .orderBy('h.id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        providerId: row.provider_id,
        startAt: Number(row.start_at),
        endAt: Number(row.end_at),
        expiresAt: Number(row.expires_at),
        partnerName: row.name,
      }));
    },
  };
}
