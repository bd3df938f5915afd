import type { Db } from '../../../platform/db/database.ts';
import { onePage } from '../../../platform/db/paging.ts';
import type { WaitlistStatus } from '../../../platform/db/schema.ts';

/** The staff waitlist: the paged list and status changes (always audited by the service). */

export interface WaitlistFilter {
  locationId?: number | undefined;
  providerId?: number | undefined;
  serviceId?: number | undefined;
  statuses: readonly WaitlistStatus[];
  page: number;
  pageSize: number;
}

export interface WaitlistRecord {
  entryId: number;
  status: WaitlistStatus;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  phone: string | null;
  email: string | null;
  preferredTimes: string | null;
  notes: string | null;
  patientId: number | null;
  location: { id: number; name: string; timeZone: string } | null;
  provider: { id: number; prefix: string | null; firstName: string; lastName: string } | null;
  service: { id: number; name: string } | null;
  createdAt: number;
}

export interface StaffWaitlistRepository {
  waitlist(clientId: number, filter: WaitlistFilter): Promise<{ items: WaitlistRecord[]; total: number }>;
  /** The zone of the brand's first location (for "today" when an entry has no location). */
  defaultTimeZone(clientId: number): Promise<string | undefined>;
  /** The status of one of the brand's waitlist entries (undefined: none with that id in the brand). */
  waitlistEntryStatus(clientId: number, entryId: number): Promise<WaitlistStatus | undefined>;
  /** Sets an entry's status; false when the brand has no such entry. */
  setWaitlistStatus(clientId: number, entryId: number, status: WaitlistStatus, now: number): Promise<boolean>;
  /** Whether the brand has this appointment. */
  hasAppointment(clientId: number, appointmentId: number): Promise<boolean>;
}

/** One page of the brand's entries (oldest first) with their location, provider and service, and the total. */
async function waitlistPage(
  db: Db,
  clientId: number,
  filter: WaitlistFilter,
): Promise<{ items: WaitlistRecord[]; total: number }> {
  let base = db.selectFrom('waitlist_entries').where('waitlist_entries.client_id', '=', clientId);
  if (filter.locationId !== undefined)
    base = base.where('waitlist_entries.location_id', '=', filter.locationId);
  if (filter.providerId !== undefined)
    base = base.where('waitlist_entries.provider_id', '=', filter.providerId);
  if (filter.serviceId !== undefined) base = base.where('waitlist_entries.service_id', '=', filter.serviceId);
  if (filter.statuses.length > 0) base = base.where('waitlist_entries.status', 'in', [...filter.statuses]);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await base
    .leftJoin('locations', (join) =>
      join
        .onRef('locations.id', '=', 'waitlist_entries.location_id')
        .onRef('locations.client_id', '=', 'waitlist_entries.client_id'),
    )
    .leftJoin('providers', (join) =>
      join
        .onRef('providers.id', '=', 'waitlist_entries.provider_id')
        .onRef('providers.client_id', '=', 'waitlist_entries.client_id'),
    )
    .leftJoin('services', (join) =>
      join
        .onRef('services.id', '=', 'waitlist_entries.service_id')
        .onRef('services.client_id', '=', 'waitlist_entries.client_id'),
    )
    .select([
      'waitlist_entries.id',
      'waitlist_entries.status',
      'waitlist_entries.first_name',
      'waitlist_entries.last_name',
      'waitlist_entries.date_of_birth',
      'waitlist_entries.phone',
      'waitlist_entries.email',
      'waitlist_entries.preferred_times',
      'waitlist_entries.notes',
      'waitlist_entries.patient_id',
      'waitlist_entries.created_at',
      'locations.id as location_id',
      'locations.name as location_name',
      'locations.time_zone',
      'providers.id as provider_id',
      'providers.prefix as provider_prefix',
      'providers.first_name as provider_first_name',
      'providers.last_name as provider_last_name',
      'services.id as service_id',
      'services.name as service_name',
    ])
    .orderBy('waitlist_entries.created_at', 'asc')
    .orderBy('waitlist_entries.id', 'asc')
    .$call(onePage(filter))
    .execute();
  return {
    total: Number(total?.n ?? 0),
    items: rows.map((row) => ({
      entryId: row.id,
      status: row.status,
      firstName: row.first_name,
      lastName: row.last_name,
      dateOfBirth: row.date_of_birth,
      phone: row.phone,
      email: row.email,
      preferredTimes: row.preferred_times,
      notes: row.notes,
      patientId: row.patient_id,
      createdAt: Number(row.created_at),
      location:
        row.location_id === null
          ? null
          : { id: row.location_id, name: row.location_name ?? '', timeZone: row.time_zone ?? 'UTC' },
      provider:
        row.provider_id === null
          ? null
          : {
              id: row.provider_id,
              prefix: row.provider_prefix,
              firstName: row.provider_first_name ?? '',
              lastName: row.provider_last_name ?? '',
            },
      service: row.service_id === null ? null : { id: row.service_id, name: row.service_name ?? '' },
    })),
  };
}

export function createStaffWaitlistRepository(db: Db): StaffWaitlistRepository {
  return {
    waitlist: (clientId, filter) => waitlistPage(db, clientId, filter),

    async defaultTimeZone(clientId) {
      const row = await db
        .selectFrom('locations')
        .select('time_zone')
        .where('client_id', '=', clientId)
        .orderBy('sort_order')
        .orderBy('id')
        .executeTakeFirst();
      return row?.time_zone;
    },

    async waitlistEntryStatus(clientId, entryId) {
      const row = await db
        .selectFrom('waitlist_entries')
        .select('status')
        .where('client_id', '=', clientId)
        .where('id', '=', entryId)
        .executeTakeFirst();
      return row?.status;
    },

    async setWaitlistStatus(clientId, entryId, status, now) {
      const result = await db
        .updateTable('waitlist_entries')
        .set({ status, updated_at: now })
        .where('client_id', '=', clientId)
        .where('id', '=', entryId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async hasAppointment(clientId, appointmentId) {
      const row = await db
        .selectFrom('appointments')
        .select('id')
        .where('client_id', '=', clientId)
        .where('id', '=', appointmentId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
