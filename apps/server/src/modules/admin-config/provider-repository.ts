import { sql } from 'kysely';
import type { Updateable } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { Gender, ProvidersTable } from '../../platform/db/schema.ts';
import { pagedRows } from './admin-records-repository.ts';
import type { ListSpec } from './admin-records-repository.ts';

export interface ProviderRecord {
  providerId: number;
  prefix: string | null;
  firstName: string;
  middleName: string | null;
  lastName: string;
  credentials: string | null;
  specialty: string | null;
  gender: Gender | null;
  bio: string | null;
  photoUrl: string | null;
  onlineBookable: boolean;
  acceptingNewPatients: boolean;
  sortOrder: number;
  version: number;
  updatedAt: number;
}

export interface ProviderListRecord extends ProviderRecord {
  locationIds: number[];
}

export interface ProviderDetailRecord extends ProviderListRecord {
  /** The versions of the provider's sets of locations, services and plans (read before the sets). */
  locationsVersion: number;
  servicesVersion: number;
  plansVersion: number;
  locations: { locationId: number; name: string; timeZone: string }[];
  services: { serviceId: number; name: string; serviceDuration: number; customDuration: number | null }[];
  plans: { planId: number; name: string; carrierId: number; carrierName: string }[];
  workingHours: {
    locationId: number;
    weekday: number;
    startMinute: number;
    endMinute: number;
    effectiveFrom: string | null;
    effectiveTo: string | null;
  }[];
  timeOff: {
    timeOffId: number;
    locationId: number | null;
    startAt: number;
    endAt: number;
    reason: string | null;
  }[];
}

export type ProviderSortKey = 'name' | 'sortOrder' | 'updatedAt';

export interface ProviderListQuery {
  page: number;
  pageSize: number;
  search?: string | undefined;
  /** A sort key, '-key' for descending. */
  sort: ProviderSortKey | `-${ProviderSortKey}`;
}

const byName = [{ text: 'providers.last_name' }, { text: 'providers.first_name' }] as const;

/** Search: the full name, with or without prefix and middle name; sort by name, order or last change. */
const PROVIDER_LIST: ListSpec<ProviderSortKey> = {
  searchColumns: [
    {
      expression: sql`coalesce(providers.prefix, '') || ' ' || providers.first_name || ' ' || coalesce(providers.middle_name, '') || ' ' || providers.last_name || ' ' || providers.first_name`,
    },
  ],
  sortColumns: {
    name: byName,
    sortOrder: ['providers.sort_order', ...byName],
    updatedAt: ['providers.updated_at', ...byName],
  },
  idColumn: 'providers.id',
};

/** The editable columns; absent keys are left as they are. */
export interface ProviderFields {
  prefix?: string | null;
  firstName?: string;
  middleName?: string | null;
  lastName?: string;
  credentials?: string | null;
  specialty?: string | null;
  gender?: Gender | null;
  bio?: string | null;
  photoUrl?: string | null;
  onlineBookable?: boolean;
  acceptingNewPatients?: boolean;
  sortOrder?: number;
}

export interface WorkingHoursRow {
  locationId: number;
  weekday: number;
  startMinute: number;
  endMinute: number;
  effectiveFrom: string | null;
  effectiveTo: string | null;
}

export interface TimeOffRow {
  locationId: number | null;
  startAt: number;
  endAt: number;
  reason: string | null;
}

export type ProviderUpdateOutcome =
  | { kind: 'ok' }
  | { kind: 'not-found' }
  | { kind: 'stale' }
  /** A working-hours or time-off row names a location the provider does not work at. */
  | { kind: 'invalid-location'; path: string };

export interface ProviderRepository {
  list(clientId: number, query: ProviderListQuery): Promise<{ items: ProviderListRecord[]; total: number }>;
  detail(clientId: number, providerId: number): Promise<ProviderDetailRecord | undefined>;
  update(input: {
    clientId: number;
    providerId: number;
    version: number;
    fields: ProviderFields;
    workingHours: WorkingHoursRow[] | undefined;
    timeOff: TimeOffRow[] | undefined;
    at: number;
  }): Promise<ProviderUpdateOutcome>;
  create(
    clientId: number,
    fields: ProviderFields & { firstName: string; lastName: string },
    at: number,
  ): Promise<number>;
  /** 'in-use' when appointments refer to the provider (turn off online booking instead). */
  delete(clientId: number, providerId: number): Promise<'ok' | 'not-found' | 'in-use'>;
}

const providerColumns = [
  'providers.id',
  'providers.prefix',
  'providers.first_name',
  'providers.middle_name',
  'providers.last_name',
  'providers.credentials',
  'providers.specialty',
  'providers.gender',
  'providers.bio',
  'providers.photo_url',
  'providers.online_bookable',
  'providers.accepting_new_patients',
  'providers.sort_order',
  'providers.version',
  'providers.updated_at',
] as const;

interface ProviderRow {
  id: number;
  prefix: string | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  credentials: string | null;
  specialty: string | null;
  gender: Gender | null;
  bio: string | null;
  photo_url: string | null;
  online_bookable: number;
  accepting_new_patients: number;
  sort_order: number;
  version: number;
  updated_at: number;
}

function toProvider(row: ProviderRow): ProviderRecord {
  return {
    providerId: row.id,
    prefix: row.prefix,
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    credentials: row.credentials,
    specialty: row.specialty,
    gender: row.gender,
    bio: row.bio,
    photoUrl: row.photo_url,
    onlineBookable: row.online_bookable === 1,
    acceptingNewPatients: row.accepting_new_patients === 1,
    sortOrder: row.sort_order,
    version: row.version,
    updatedAt: Number(row.updated_at),
  };
}

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

function toColumns(fields: ProviderFields): Updateable<ProvidersTable> {
  const columns: Updateable<ProvidersTable> = {};
  if (fields.prefix !== undefined) columns.prefix = fields.prefix;
  if (fields.firstName !== undefined) columns.first_name = fields.firstName;
  if (fields.middleName !== undefined) columns.middle_name = fields.middleName;
  if (fields.lastName !== undefined) columns.last_name = fields.lastName;
  if (fields.credentials !== undefined) columns.credentials = fields.credentials;
  if (fields.specialty !== undefined) columns.specialty = fields.specialty;
  if (fields.gender !== undefined) columns.gender = fields.gender;
  if (fields.bio !== undefined) columns.bio = fields.bio;
  if (fields.photoUrl !== undefined) columns.photo_url = fields.photoUrl;
  if (fields.onlineBookable !== undefined) columns.online_bookable = flag(fields.onlineBookable);
  if (fields.acceptingNewPatients !== undefined)
    columns.accepting_new_patients = flag(fields.acceptingNewPatients);
  if (fields.sortOrder !== undefined) columns.sort_order = fields.sortOrder;
  return columns;
}

async function locationIdsByProvider(db: Db, clientId: number, providerIds: readonly number[]) {
  const map = new Map<number, number[]>();
  if (providerIds.length === 0) return map;
  const rows = await db
    .selectFrom('provider_locations')
    .innerJoin('locations', 'locations.id', 'provider_locations.location_id')
    .select(['provider_locations.provider_id', 'provider_locations.location_id'])
    .where('provider_locations.client_id', '=', clientId)
    .where('provider_locations.provider_id', 'in', [...providerIds])
    .orderBy('locations.sort_order')
    .orderBy('locations.id')
    .execute();
  for (const row of rows) {
    const list = map.get(row.provider_id) ?? [];
    list.push(row.location_id);
    map.set(row.provider_id, list);
  }
  return map;
}

export function createProviderRepository(db: Db): ProviderRepository {
  return {
    async list(clientId, request) {
      const { rows, total } = await pagedRows(
        db.selectFrom('providers').where('providers.client_id', '=', clientId),
        PROVIDER_LIST,
        request,
        (query) => query.select(providerColumns),
      );
      const locations = await locationIdsByProvider(
        db,
        clientId,
        rows.map((row) => row.id),
      );
      return {
        total,
        items: rows.map((row) => ({ ...toProvider(row), locationIds: locations.get(row.id) ?? [] })),
      };
    },

    async detail(clientId, providerId) {
      const row = await db
        .selectFrom('providers')
        .select([
          ...providerColumns,
          'providers.locations_version',
          'providers.services_version',
          'providers.plans_version',
        ])
        .where('providers.client_id', '=', clientId)
        .where('providers.id', '=', providerId)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      const [locations, services, plans, workingHours, timeOff] = await Promise.all([
        db
          .selectFrom('provider_locations')
          .innerJoin('locations', 'locations.id', 'provider_locations.location_id')
          .select(['locations.id', 'locations.name', 'locations.time_zone'])
          .where('provider_locations.client_id', '=', clientId)
          .where('provider_locations.provider_id', '=', providerId)
          .orderBy('locations.sort_order')
          .orderBy('locations.id')
          .execute(),
        db
          .selectFrom('provider_services')
          .innerJoin('services', 'services.id', 'provider_services.service_id')
          .select([
            'services.id',
            'services.name',
            'services.duration_minutes as service_duration',
            'provider_services.duration_minutes as custom_duration',
          ])
          .where('provider_services.client_id', '=', clientId)
          .where('provider_services.provider_id', '=', providerId)
          .orderBy('services.sort_order')
          .orderBy('services.id')
          .execute(),
        db
          .selectFrom('provider_insurance_plans')
          .innerJoin('insurance_plans', 'insurance_plans.id', 'provider_insurance_plans.plan_id')
          .innerJoin('insurance_carriers', 'insurance_carriers.id', 'insurance_plans.carrier_id')
          .select([
            'insurance_plans.id',
            'insurance_plans.name',
            'insurance_carriers.id as carrier_id',
            'insurance_carriers.name as carrier_name',
          ])
          .where('provider_insurance_plans.client_id', '=', clientId)
          .where('provider_insurance_plans.provider_id', '=', providerId)
          .orderBy('insurance_carriers.name')
          .orderBy('insurance_plans.name')
          .execute(),
        db
          .selectFrom('working_hours')
          .select(['location_id', 'weekday', 'start_minute', 'end_minute', 'effective_from', 'effective_to'])
          .where('client_id', '=', clientId)
          .where('provider_id', '=', providerId)
          .orderBy('location_id')
          .orderBy('weekday')
          .orderBy('start_minute')
          .execute(),
        db
          .selectFrom('time_off')
          .select(['id', 'location_id', 'start_at', 'end_at', 'reason'])
          .where('client_id', '=', clientId)
          .where('provider_id', '=', providerId)
          .orderBy('start_at')
          .execute(),
      ]);
      return {
        ...toProvider(row),
        locationsVersion: row.locations_version,
        servicesVersion: row.services_version,
        plansVersion: row.plans_version,
        locationIds: locations.map((l) => l.id),
        locations: locations.map((l) => ({ locationId: l.id, name: l.name, timeZone: l.time_zone })),
        services: services.map((s) => ({
          serviceId: s.id,
          name: s.name,
          serviceDuration: s.service_duration,
          customDuration: s.custom_duration,
        })),
        plans: plans.map((p) => ({
          planId: p.id,
          name: p.name,
          carrierId: p.carrier_id,
          carrierName: p.carrier_name,
        })),
        workingHours: workingHours.map((w) => ({
          locationId: w.location_id,
          weekday: w.weekday,
          startMinute: w.start_minute,
          endMinute: w.end_minute,
          effectiveFrom: w.effective_from,
          effectiveTo: w.effective_to,
        })),
        timeOff: timeOff.map((t) => ({
          timeOffId: t.id,
          locationId: t.location_id,
          startAt: Number(t.start_at),
          endAt: Number(t.end_at),
          reason: t.reason,
        })),
      };
    },

    async update({ clientId, providerId, version, fields, workingHours, timeOff, at }) {
      return db.transaction().execute(async (trx): Promise<ProviderUpdateOutcome> => {
        // Every check comes before the first write, so a refused change writes nothing.
        const exists = await trx
          .selectFrom('providers')
          .select('id')
          .where('client_id', '=', clientId)
          .where('id', '=', providerId)
          .executeTakeFirst();
        if (exists === undefined) return { kind: 'not-found' };

        if (workingHours !== undefined || timeOff !== undefined) {
          const served = new Set(
            (
              await trx
                .selectFrom('provider_locations')
                .select('location_id')
                .where('client_id', '=', clientId)
                .where('provider_id', '=', providerId)
                .execute()
            ).map((row) => row.location_id),
          );
          const badHours = (workingHours ?? []).findIndex((row) => !served.has(row.locationId));
          if (badHours >= 0) return { kind: 'invalid-location', path: `workingHours.${badHours}.locationId` };
          const badTimeOff = (timeOff ?? []).findIndex(
            (row) => row.locationId !== null && !served.has(row.locationId),
          );
          if (badTimeOff >= 0) return { kind: 'invalid-location', path: `timeOff.${badTimeOff}.locationId` };
        }

        const result = await trx
          .updateTable('providers')
          .set({ ...toColumns(fields), version: sql<number>`version + 1`, updated_at: at })
          .where('client_id', '=', clientId)
          .where('id', '=', providerId)
          .where('version', '=', version)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return { kind: 'stale' };

        if (workingHours !== undefined) {
          await trx
            .deleteFrom('working_hours')
            .where('client_id', '=', clientId)
            .where('provider_id', '=', providerId)
            .execute();
          if (workingHours.length > 0) {
            await trx
              .insertInto('working_hours')
              .values(
                workingHours.map((row) => ({
                  client_id: clientId,
                  provider_id: providerId,
                  location_id: row.locationId,
                  weekday: row.weekday,
                  start_minute: row.startMinute,
                  end_minute: row.endMinute,
                  effective_from: row.effectiveFrom,
                  effective_to: row.effectiveTo,
                })),
              )
              .execute();
          }
        }
        if (timeOff !== undefined) {
          await trx
            .deleteFrom('time_off')
            .where('client_id', '=', clientId)
            .where('provider_id', '=', providerId)
            .execute();
          if (timeOff.length > 0) {
            await trx
              .insertInto('time_off')
              .values(
                timeOff.map((row) => ({
                  client_id: clientId,
                  provider_id: providerId,
                  location_id: row.locationId,
                  start_at: row.startAt,
                  end_at: row.endAt,
                  reason: row.reason,
                  created_at: at,
                })),
              )
              .execute();
          }
        }
        return { kind: 'ok' };
      });
    },

    async create(clientId, fields, at) {
      const columns = toColumns(fields);
      const row = await db
        .insertInto('providers')
        .values({
          client_id: clientId,
          prefix: columns.prefix ?? null,
          first_name: fields.firstName,
          middle_name: columns.middle_name ?? null,
          last_name: fields.lastName,
          credentials: columns.credentials ?? null,
          specialty: columns.specialty ?? null,
          gender: columns.gender ?? null,
          bio: columns.bio ?? null,
          photo_url: columns.photo_url ?? null,
          online_bookable: columns.online_bookable ?? 1,
          accepting_new_patients: columns.accepting_new_patients ?? 1,
          sort_order: columns.sort_order ?? 0,
          version: 1,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async delete(clientId, providerId) {
      return db.transaction().execute(async (trx) => {
        const exists = await trx
          .selectFrom('providers')
          .select('id')
          .where('client_id', '=', clientId)
          .where('id', '=', providerId)
          .executeTakeFirst();
        if (exists === undefined) return 'not-found' as const;
        const used = await trx
          .selectFrom('appointments')
          .select('id')
          .where('client_id', '=', clientId)
          .where('provider_id', '=', providerId)
          .limit(1)
          .executeTakeFirst();
        if (used !== undefined) return 'in-use' as const;
        await trx
          .deleteFrom('providers')
          .where('client_id', '=', clientId)
          .where('id', '=', providerId)
          .execute();
        return 'ok' as const;
      });
    },
  };
}
