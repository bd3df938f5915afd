import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { InsurancePlansTable, LocationsTable, ServicesTable } from '../../db/schema.ts';

/*
 * The brand's catalogue edited by the configuration screens: services (appointment types),
 * locations, insurance carriers and plans, and the widget's frame-ancestors allow-list.
 * Every statement filters by client_id. Deletes answer 'in-use' when appointments or patients'
 * insurance policies still refer to the record (the screens then offer to switch it off instead).
 */

export type DeleteOutcome = 'ok' | 'not-found' | 'in-use';

export interface ServiceAdminRecord {
  serviceId: number;
  name: string;
  description: string | null;
  durationMinutes: number;
  onlineEnabled: boolean;
  callToSchedule: boolean;
  newPatients: boolean;
  existingPatients: boolean;
  sortOrder: number;
  locationIds: number[];
}

export interface ServiceFields {
  name?: string;
  description?: string | null;
  durationMinutes?: number;
  onlineEnabled?: boolean;
  callToSchedule?: boolean;
  newPatients?: boolean;
  existingPatients?: boolean;
  sortOrder?: number;
}

export interface LocationAdminRecord {
  locationId: number;
  slug: string;
  name: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string;
  postalCode: string;
  latitude: number | null;
  longitude: number | null;
  timeZone: string;
  phone: string;
  onlineEnabled: boolean;
  waitlistEnabled: boolean;
  sortOrder: number;
}

export type LocationFields = Partial<Omit<LocationAdminRecord, 'locationId'>>;

export interface PlanRecord {
  planId: number;
  carrierId: number;
  name: string;
  insuranceTypeId: number | null;
  topRank: number | null;
  active: boolean;
}

export type PlanFields = Partial<Omit<PlanRecord, 'planId'>>;

export interface CatalogueRepository {
  listServices(clientId: number): Promise<ServiceAdminRecord[]>;
  findService(clientId: number, serviceId: number): Promise<ServiceAdminRecord | undefined>;
  createService(
    clientId: number,
    fields: ServiceFields & { name: string; durationMinutes: number },
    at: number,
  ): Promise<number>;
  updateService(clientId: number, serviceId: number, fields: ServiceFields, at: number): Promise<boolean>;
  deleteService(clientId: number, serviceId: number): Promise<DeleteOutcome>;

  listLocations(clientId: number): Promise<LocationAdminRecord[]>;
  findLocation(clientId: number, locationId: number): Promise<LocationAdminRecord | undefined>;
  slugTaken(clientId: number, slug: string, exceptLocationId?: number): Promise<boolean>;
  createLocation(
    clientId: number,
    fields: Omit<LocationAdminRecord, 'locationId'>,
    at: number,
  ): Promise<number>;
  updateLocation(clientId: number, locationId: number, fields: LocationFields, at: number): Promise<boolean>;
  deleteLocation(clientId: number, locationId: number): Promise<DeleteOutcome>;

  carrierNameTaken(clientId: number, name: string, exceptCarrierId?: number): Promise<boolean>;
  createCarrier(clientId: number, name: string, at: number): Promise<number>;
  renameCarrier(clientId: number, carrierId: number, name: string): Promise<boolean>;
  deleteCarrier(clientId: number, carrierId: number): Promise<DeleteOutcome>;
  ownsCarrier(clientId: number, carrierId: number): Promise<boolean>;
  ownsInsuranceType(clientId: number, insuranceTypeId: number): Promise<boolean>;
  findPlan(clientId: number, planId: number): Promise<PlanRecord | undefined>;
  createPlan(
    clientId: number,
    fields: PlanFields & { carrierId: number; name: string },
    at: number,
  ): Promise<number>;
  updatePlan(clientId: number, planId: number, fields: PlanFields, at: number): Promise<boolean>;
  deletePlan(clientId: number, planId: number): Promise<DeleteOutcome>;

  /** The widget's allow-list and the brand's slug; undefined for an unknown brand. */
  widget(clientId: number): Promise<{ slug: string; frameAncestors: string[] } | undefined>;
  setFrameAncestors(clientId: number, frameAncestors: readonly string[], at: number): Promise<void>;
}

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

function serviceColumns(fields: ServiceFields): Updateable<ServicesTable> {
  const columns: Updateable<ServicesTable> = {};
  if (fields.name !== undefined) columns.name = fields.name;
  if (fields.description !== undefined) columns.description = fields.description;
  if (fields.durationMinutes !== undefined) columns.duration_minutes = fields.durationMinutes;
  if (fields.onlineEnabled !== undefined) columns.online_enabled = flag(fields.onlineEnabled);
  if (fields.callToSchedule !== undefined) columns.call_to_schedule = flag(fields.callToSchedule);
  if (fields.newPatients !== undefined) columns.new_patients = flag(fields.newPatients);
  if (fields.existingPatients !== undefined) columns.existing_patients = flag(fields.existingPatients);
  if (fields.sortOrder !== undefined) columns.sort_order = fields.sortOrder;
  return columns;
}

function locationColumns(fields: LocationFields): Updateable<LocationsTable> {
  const columns: Updateable<LocationsTable> = {};
  if (fields.slug !== undefined) columns.slug = fields.slug;
  if (fields.name !== undefined) columns.name = fields.name;
  if (fields.addressLine1 !== undefined) columns.address_line1 = fields.addressLine1;
  if (fields.addressLine2 !== undefined) columns.address_line2 = fields.addressLine2;
  if (fields.city !== undefined) columns.city = fields.city;
  if (fields.state !== undefined) columns.state = fields.state;
  if (fields.postalCode !== undefined) columns.postal_code = fields.postalCode;
  if (fields.latitude !== undefined) columns.latitude = fields.latitude;
  if (fields.longitude !== undefined) columns.longitude = fields.longitude;
  if (fields.timeZone !== undefined) columns.time_zone = fields.timeZone;
  if (fields.phone !== undefined) columns.phone = fields.phone;
  if (fields.onlineEnabled !== undefined) columns.online_enabled = flag(fields.onlineEnabled);
  if (fields.waitlistEnabled !== undefined) columns.waitlist_enabled = flag(fields.waitlistEnabled);
  if (fields.sortOrder !== undefined) columns.sort_order = fields.sortOrder;
  return columns;
}

function planColumns(fields: PlanFields): Updateable<InsurancePlansTable> {
  const columns: Updateable<InsurancePlansTable> = {};
  if (fields.carrierId !== undefined) columns.carrier_id = fields.carrierId;
  if (fields.name !== undefined) columns.name = fields.name;
  if (fields.insuranceTypeId !== undefined) columns.insurance_type_id = fields.insuranceTypeId;
  if (fields.topRank !== undefined) columns.top_package_rank = fields.topRank;
  if (fields.active !== undefined) columns.active = flag(fields.active);
  return columns;
}

function parseFrameAncestors(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function createCatalogueRepository(db: Db): CatalogueRepository {
  async function servicesWhere(clientId: number, serviceId?: number): Promise<ServiceAdminRecord[]> {
    let query = db
      .selectFrom('services')
      .select([
        'id',
        'name',
        'description',
        'duration_minutes',
        'online_enabled',
        'call_to_schedule',
        'new_patients',
        'existing_patients',
        'sort_order',
      ])
      .where('client_id', '=', clientId);
    if (serviceId !== undefined) query = query.where('id', '=', serviceId);
    const rows = await query.orderBy('sort_order').orderBy('id').execute();
    if (rows.length === 0) return [];
    const links = await db
      .selectFrom('service_locations')
      .select(['service_id', 'location_id'])
      .where('client_id', '=', clientId)
      .where(
        'service_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('location_id')
      .execute();
    return rows.map((row) => ({
      serviceId: row.id,
      name: row.name,
      description: row.description,
      durationMinutes: row.duration_minutes,
      onlineEnabled: row.online_enabled === 1,
      callToSchedule: row.call_to_schedule === 1,
      newPatients: row.new_patients === 1,
      existingPatients: row.existing_patients === 1,
      sortOrder: row.sort_order,
      locationIds: links.filter((link) => link.service_id === row.id).map((link) => link.location_id),
    }));
  }

  async function locationsWhere(clientId: number, locationId?: number): Promise<LocationAdminRecord[]> {
    let query = db.selectFrom('locations').selectAll().where('client_id', '=', clientId);
    if (locationId !== undefined) query = query.where('id', '=', locationId);
    const rows = await query.orderBy('sort_order').orderBy('id').execute();
    return rows.map((row) => ({
      locationId: row.id,
      slug: row.slug,
      name: row.name,
      addressLine1: row.address_line1,
      addressLine2: row.address_line2,
      city: row.city,
      state: row.state,
      postalCode: row.postal_code,
      latitude: row.latitude === null ? null : Number(row.latitude),
      longitude: row.longitude === null ? null : Number(row.longitude),
      timeZone: row.time_zone,
      phone: row.phone,
      onlineEnabled: row.online_enabled === 1,
      waitlistEnabled: row.waitlist_enabled === 1,
      sortOrder: row.sort_order,
    }));
  }

  async function exists(
    table: 'services' | 'locations' | 'insurance_carriers' | 'insurance_plans' | 'insurance_types',
    clientId: number,
    id: number,
    executor: Db = db,
  ): Promise<boolean> {
    const row = await executor
      .selectFrom(table)
      .select('id')
      .where('client_id', '=', clientId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  return {
    listServices: (clientId) => servicesWhere(clientId),
    async findService(clientId, serviceId) {
      return (await servicesWhere(clientId, serviceId))[0];
    },
    async createService(clientId, fields, at) {
      const columns = serviceColumns(fields);
      const row = await db
        .insertInto('services')
        .values({
          client_id: clientId,
          name: fields.name,
          description: columns.description ?? null,
          duration_minutes: fields.durationMinutes,
          online_enabled: columns.online_enabled ?? 1,
          call_to_schedule: columns.call_to_schedule ?? 0,
          new_patients: columns.new_patients ?? 1,
          existing_patients: columns.existing_patients ?? 1,
          sort_order: columns.sort_order ?? 0,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async updateService(clientId, serviceId, fields, at) {
      const result = await db
        .updateTable('services')
        .set({ ...serviceColumns(fields), updated_at: at })
        .where('client_id', '=', clientId)
        .where('id', '=', serviceId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async deleteService(clientId, serviceId) {
      return db.transaction().execute(async (trx) => {
        if (!(await exists('services', clientId, serviceId, trx))) return 'not-found';
        const used = await trx
          .selectFrom('appointments')
          .select('id')
          .where('client_id', '=', clientId)
          .where('service_id', '=', serviceId)
          .limit(1)
          .executeTakeFirst();
        if (used !== undefined) return 'in-use';
        await trx
          .deleteFrom('services')
          .where('client_id', '=', clientId)
          .where('id', '=', serviceId)
          .execute();
        return 'ok';
      });
    },

    listLocations: (clientId) => locationsWhere(clientId),
    async findLocation(clientId, locationId) {
      return (await locationsWhere(clientId, locationId))[0];
    },
    async slugTaken(clientId, slug, exceptLocationId) {
      let query = db
        .selectFrom('locations')
        .select('id')
        .where('client_id', '=', clientId)
        .where('slug', '=', slug);
      if (exceptLocationId !== undefined) query = query.where('id', '!=', exceptLocationId);
      return (await query.executeTakeFirst()) !== undefined;
    },
    async createLocation(clientId, fields, at) {
      const row = await db
        .insertInto('locations')
        .values({
          client_id: clientId,
          slug: fields.slug,
          name: fields.name,
          address_line1: fields.addressLine1,
          address_line2: fields.addressLine2,
          city: fields.city,
          state: fields.state,
          postal_code: fields.postalCode,
          latitude: fields.latitude,
          longitude: fields.longitude,
          time_zone: fields.timeZone,
          phone: fields.phone,
          online_enabled: flag(fields.onlineEnabled),
          waitlist_enabled: flag(fields.waitlistEnabled),
          sort_order: fields.sortOrder,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async updateLocation(clientId, locationId, fields, at) {
      const result = await db
        .updateTable('locations')
        .set({ ...locationColumns(fields), updated_at: at })
        .where('client_id', '=', clientId)
        .where('id', '=', locationId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async deleteLocation(clientId, locationId) {
      return db.transaction().execute(async (trx) => {
        if (!(await exists('locations', clientId, locationId, trx))) return 'not-found';
        const used = await trx
          .selectFrom('appointments')
          .select('id')
          .where('client_id', '=', clientId)
          .where('location_id', '=', locationId)
          .limit(1)
          .executeTakeFirst();
        if (used !== undefined) return 'in-use';
        await trx
          .deleteFrom('locations')
          .where('client_id', '=', clientId)
          .where('id', '=', locationId)
          .execute();
        return 'ok';
      });
    },

    async carrierNameTaken(clientId, name, exceptCarrierId) {
      let query = db
        .selectFrom('insurance_carriers')
        .select('id')
        .where('client_id', '=', clientId)
        .where('name', '=', name);
      if (exceptCarrierId !== undefined) query = query.where('id', '!=', exceptCarrierId);
      return (await query.executeTakeFirst()) !== undefined;
    },
    async createCarrier(clientId, name, at) {
      const row = await db
        .insertInto('insurance_carriers')
        .values({ client_id: clientId, name, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async renameCarrier(clientId, carrierId, name) {
      const result = await db
        .updateTable('insurance_carriers')
        .set({ name })
        .where('client_id', '=', clientId)
        .where('id', '=', carrierId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async deleteCarrier(clientId, carrierId) {
      return db.transaction().execute(async (trx) => {
        if (!(await exists('insurance_carriers', clientId, carrierId, trx))) return 'not-found';
        const used = await trx
          .selectFrom('insurance_policies')
          .leftJoin('insurance_plans', 'insurance_plans.id', 'insurance_policies.plan_id')
          .select('insurance_policies.id')
          .where('insurance_policies.client_id', '=', clientId)
          .where((eb) =>
            eb.or([
              eb('insurance_policies.carrier_id', '=', carrierId),
              eb('insurance_plans.carrier_id', '=', carrierId),
            ]),
          )
          .limit(1)
          .executeTakeFirst();
        if (used !== undefined) return 'in-use';
        await trx
          .deleteFrom('insurance_carriers')
          .where('client_id', '=', clientId)
          .where('id', '=', carrierId)
          .execute();
        return 'ok';
      });
    },
    ownsCarrier: (clientId, carrierId) => exists('insurance_carriers', clientId, carrierId),
    ownsInsuranceType: (clientId, typeId) => exists('insurance_types', clientId, typeId),
    async findPlan(clientId, planId) {
      const row = await db
        .selectFrom('insurance_plans')
        .select(['id', 'carrier_id', 'name', 'insurance_type_id', 'top_package_rank', 'active'])
        .where('client_id', '=', clientId)
        .where('id', '=', planId)
        .executeTakeFirst();
      return (
        row && {
          planId: row.id,
          carrierId: row.carrier_id,
          name: row.name,
          insuranceTypeId: row.insurance_type_id,
          topRank: row.top_package_rank,
          active: row.active === 1,
        }
      );
    },
    async createPlan(clientId, fields, at) {
      const row = await db
        .insertInto('insurance_plans')
        .values({
          client_id: clientId,
          carrier_id: fields.carrierId,
          name: fields.name,
          insurance_type_id: fields.insuranceTypeId ?? null,
          top_package_rank: fields.topRank ?? null,
          active: flag(fields.active ?? true),
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async updatePlan(clientId, planId, fields, at) {
      const result = await db
        .updateTable('insurance_plans')
        .set({ ...planColumns(fields), updated_at: at })
        .where('client_id', '=', clientId)
        .where('id', '=', planId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async deletePlan(clientId, planId) {
      return db.transaction().execute(async (trx) => {
        if (!(await exists('insurance_plans', clientId, planId, trx))) return 'not-found';
        const used = await trx
          .selectFrom('insurance_policies')
          .select('id')
          .where('client_id', '=', clientId)
          .where('plan_id', '=', planId)
          .limit(1)
          .executeTakeFirst();
        if (used !== undefined) return 'in-use';
        await trx
          .deleteFrom('insurance_plans')
          .where('client_id', '=', clientId)
          .where('id', '=', planId)
          .execute();
        return 'ok';
      });
    },

    async widget(clientId) {
      const row = await db
        .selectFrom('clients')
        .select(['slug', 'frame_ancestors'])
        .where('id', '=', clientId)
        .executeTakeFirst();
      return row && { slug: row.slug, frameAncestors: parseFrameAncestors(row.frame_ancestors) };
    },
    async setFrameAncestors(clientId, frameAncestors, at) {
      await db
        .updateTable('clients')
        .set({ frame_ancestors: JSON.stringify(frameAncestors), updated_at: at })
        .where('id', '=', clientId)
        .execute();
    },
  };
}
