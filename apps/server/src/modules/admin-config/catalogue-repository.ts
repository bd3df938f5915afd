import { sql } from 'kysely';
import type { Updateable } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { InsurancePlansTable, LocationsTable, ServicesTable } from '../../platform/db/schema.ts';
import { pagedRows, versionedUpdate } from './admin-records-repository.ts';
import type { ListRequest, ListSpec, PagedRows, VersionedOutcome } from './admin-records-repository.ts';

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
  version: number;
  /** The version of the service's set of locations (read before the set). */
  locationsVersion: number;
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
  version: number;
}

export type LocationFields = Partial<Omit<LocationAdminRecord, 'locationId' | 'version'>>;

export interface PlanRecord {
  planId: number;
  carrierId: number;
  carrierName: string;
  name: string;
  insuranceTypeId: number | null;
  insuranceTypeName: string | null;
  topRank: number | null;
  active: boolean;
  version: number;
}

export type PlanFields = Partial<
  Omit<PlanRecord, 'planId' | 'carrierName' | 'insuranceTypeName' | 'version'>
>;

export interface CarrierRecord {
  carrierId: number;
  name: string;
  planCount: number;
  version: number;
}

export interface InsuranceTypeRecord {
  insuranceTypeId: number;
  name: string;
  sortOrder: number;
  planCount: number;
  version: number;
}

export type ServiceSortKey = 'name' | 'duration' | 'sortOrder';
export type LocationSortKey = 'name' | 'postalCode' | 'sortOrder';
export type CarrierSortKey = 'name' | 'planCount';
export type PlanSortKey = 'carrier' | 'name' | 'topRank';
export type InsuranceTypeSortKey = 'name' | 'sortOrder';

/** An edit of a versioned record: the version the editor read and the changed fields. */
export interface VersionedEdit<Fields> {
  id: number;
  version: number;
  fields: Fields;
  at: number;
}

export interface CatalogueRepository {
  listServices(
    clientId: number,
    request: ListRequest<ServiceSortKey>,
  ): Promise<PagedRows<ServiceAdminRecord>>;
  findService(clientId: number, serviceId: number): Promise<ServiceAdminRecord | undefined>;
  createService(
    clientId: number,
    fields: ServiceFields & { name: string; durationMinutes: number },
    at: number,
  ): Promise<number>;
  updateService(clientId: number, edit: VersionedEdit<ServiceFields>): Promise<VersionedOutcome>;
  deleteService(clientId: number, serviceId: number): Promise<DeleteOutcome>;

  listLocations(
    clientId: number,
    request: ListRequest<LocationSortKey>,
  ): Promise<PagedRows<LocationAdminRecord>>;
  findLocation(clientId: number, locationId: number): Promise<LocationAdminRecord | undefined>;
  slugTaken(clientId: number, slug: string, exceptLocationId?: number): Promise<boolean>;
  createLocation(
    clientId: number,
    fields: Omit<LocationAdminRecord, 'locationId' | 'version'>,
    at: number,
  ): Promise<number>;
  updateLocation(clientId: number, edit: VersionedEdit<LocationFields>): Promise<VersionedOutcome>;
  deleteLocation(clientId: number, locationId: number): Promise<DeleteOutcome>;

  listCarriers(clientId: number, request: ListRequest<CarrierSortKey>): Promise<PagedRows<CarrierRecord>>;
  findCarrier(clientId: number, carrierId: number): Promise<CarrierRecord | undefined>;
  carrierNameTaken(clientId: number, name: string, exceptCarrierId?: number): Promise<boolean>;
  createCarrier(clientId: number, name: string, at: number): Promise<number>;
  renameCarrier(clientId: number, edit: VersionedEdit<{ name: string }>): Promise<VersionedOutcome>;
  deleteCarrier(clientId: number, carrierId: number): Promise<DeleteOutcome>;
  ownsCarrier(clientId: number, carrierId: number): Promise<boolean>;
  ownsInsuranceType(clientId: number, insuranceTypeId: number): Promise<boolean>;
  listPlans(clientId: number, request: ListRequest<PlanSortKey>): Promise<PagedRows<PlanRecord>>;
  findPlan(clientId: number, planId: number): Promise<PlanRecord | undefined>;
  createPlan(
    clientId: number,
    fields: PlanFields & { carrierId: number; name: string },
    at: number,
  ): Promise<number>;
  updatePlan(clientId: number, edit: VersionedEdit<PlanFields>): Promise<VersionedOutcome>;
  deletePlan(clientId: number, planId: number): Promise<DeleteOutcome>;

  listInsuranceTypes(
    clientId: number,
    request: ListRequest<InsuranceTypeSortKey>,
  ): Promise<PagedRows<InsuranceTypeRecord>>;
  findInsuranceType(clientId: number, insuranceTypeId: number): Promise<InsuranceTypeRecord | undefined>;
  insuranceTypeNameTaken(clientId: number, name: string, exceptTypeId?: number): Promise<boolean>;
  createInsuranceType(clientId: number, fields: { name: string; sortOrder: number }): Promise<number>;
  updateInsuranceType(
    clientId: number,
    edit: VersionedEdit<{ name?: string | undefined; sortOrder?: number | undefined }>,
  ): Promise<VersionedOutcome>;
  /** 'in-use' while plans have the type. */
  deleteInsuranceType(clientId: number, insuranceTypeId: number): Promise<DeleteOutcome>;

  /** The widget's allow-list and the brand's slug; undefined for an unknown brand. */
  widget(clientId: number): Promise<{ slug: string; frameAncestors: string[]; version: number } | undefined>;
  /** Replaces the allow-list when `version` is still the stored one ('stale': nothing written). */
  setFrameAncestors(
    clientId: number,
    frameAncestors: readonly string[],
    version: number,
    at: number,
  ): Promise<'ok' | 'stale' | 'not-found'>;
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

const SERVICE_LIST: ListSpec<ServiceSortKey> = {
  searchColumns: ['services.name', 'services.description'],
  sortColumns: {
    name: [{ text: 'services.name' }],
    duration: ['services.duration_minutes', { text: 'services.name' }],
    sortOrder: ['services.sort_order', { text: 'services.name' }],
  },
  idColumn: 'services.id',
};

const LOCATION_LIST: ListSpec<LocationSortKey> = {
  searchColumns: [
    'locations.name',
    'locations.address_line1',
    'locations.city',
    'locations.state',
    'locations.postal_code',
  ],
  sortColumns: {
    name: [{ text: 'locations.name' }],
    postalCode: ['locations.postal_code', { text: 'locations.name' }],
    sortOrder: ['locations.sort_order', { text: 'locations.name' }],
  },
  idColumn: 'locations.id',
};

const plansOfCarrier = sql`(select count(*) from insurance_plans p where p.carrier_id = insurance_carriers.id)`;
const plansOfType = sql`(select count(*) from insurance_plans p where p.insurance_type_id = insurance_types.id)`;

const CARRIER_LIST: ListSpec<CarrierSortKey> = {
  searchColumns: ['insurance_carriers.name'],
  sortColumns: {
    name: [{ text: 'insurance_carriers.name' }],
    planCount: [{ expression: plansOfCarrier }, { text: 'insurance_carriers.name' }],
  },
  idColumn: 'insurance_carriers.id',
};

const PLAN_LIST: ListSpec<PlanSortKey> = {
  searchColumns: ['insurance_plans.name', 'insurance_carriers.name'],
  sortColumns: {
    carrier: [{ text: 'insurance_carriers.name' }, { text: 'insurance_plans.name' }],
    name: [{ text: 'insurance_plans.name' }, { text: 'insurance_carriers.name' }],
    // Ranked plans first (1, 2, …), then the others.
    topRank: [
      { expression: sql`coalesce(insurance_plans.top_package_rank, 1000000)` },
      { text: 'insurance_carriers.name' },
      { text: 'insurance_plans.name' },
    ],
  },
  idColumn: 'insurance_plans.id',
};

const INSURANCE_TYPE_LIST: ListSpec<InsuranceTypeSortKey> = {
  searchColumns: ['insurance_types.name'],
  sortColumns: {
    name: [{ text: 'insurance_types.name' }],
    sortOrder: ['insurance_types.sort_order', { text: 'insurance_types.name' }],
  },
  idColumn: 'insurance_types.id',
};

export function createCatalogueRepository(db: Db): CatalogueRepository {
  const serviceColumnList = [
    'services.id',
    'services.name',
    'services.description',
    'services.duration_minutes',
    'services.online_enabled',
    'services.call_to_schedule',
    'services.new_patients',
    'services.existing_patients',
    'services.sort_order',
    'services.version',
    'services.locations_version',
  ] as const;
  const servicesOf = (clientId: number) =>
    db.selectFrom('services').where('services.client_id', '=', clientId);

  async function withLocations(
    clientId: number,
    rows: readonly {
      id: number;
      name: string;
      description: string | null;
      duration_minutes: number;
      online_enabled: number;
      call_to_schedule: number;
      new_patients: number;
      existing_patients: number;
      sort_order: number;
      version: number;
      locations_version: number;
    }[],
  ): Promise<ServiceAdminRecord[]> {
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
      version: row.version,
      locationsVersion: row.locations_version,
    }));
  }

  const locationsOf = (clientId: number) =>
    db.selectFrom('locations').where('locations.client_id', '=', clientId);
  const toLocation = (row: {
    id: number;
    slug: string;
    name: string;
    address_line1: string;
    address_line2: string | null;
    city: string;
    state: string;
    postal_code: string;
    latitude: number | null;
    longitude: number | null;
    time_zone: string;
    phone: string;
    online_enabled: number;
    waitlist_enabled: number;
    sort_order: number;
    version: number;
  }): LocationAdminRecord => ({
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
    version: row.version,
  });

  const carriersOf = (clientId: number) =>
    db.selectFrom('insurance_carriers').where('insurance_carriers.client_id', '=', clientId);
  const selectCarrier = <Q extends ReturnType<typeof carriersOf>>(query: Q) =>
    query.select([
      'insurance_carriers.id',
      'insurance_carriers.name',
      'insurance_carriers.version',
      plansOfCarrier.$castTo<number | string>().as('plan_count'),
    ]);
  const toCarrier = (row: {
    id: number;
    name: string;
    version: number;
    plan_count: number | string;
  }): CarrierRecord => ({
    carrierId: row.id,
    name: row.name,
    planCount: Number(row.plan_count),
    version: row.version,
  });

  const plansOf = (clientId: number) =>
    db
      .selectFrom('insurance_plans')
      .innerJoin('insurance_carriers', 'insurance_carriers.id', 'insurance_plans.carrier_id')
      .leftJoin('insurance_types', 'insurance_types.id', 'insurance_plans.insurance_type_id')
      .where('insurance_plans.client_id', '=', clientId);
  const selectPlan = <Q extends ReturnType<typeof plansOf>>(query: Q) =>
    query.select([
      'insurance_plans.id',
      'insurance_plans.carrier_id',
      'insurance_carriers.name as carrier_name',
      'insurance_plans.name',
      'insurance_plans.insurance_type_id',
      'insurance_types.name as type_name',
      'insurance_plans.top_package_rank',
      'insurance_plans.active',
      'insurance_plans.version',
    ]);
  const toPlan = (row: {
    id: number;
    carrier_id: number;
    carrier_name: string;
    name: string;
    insurance_type_id: number | null;
    type_name: string | null;
    top_package_rank: number | null;
    active: number;
    version: number;
  }): PlanRecord => ({
    planId: row.id,
    carrierId: row.carrier_id,
    carrierName: row.carrier_name,
    name: row.name,
    insuranceTypeId: row.insurance_type_id,
    insuranceTypeName: row.type_name,
    topRank: row.top_package_rank,
    active: row.active === 1,
    version: row.version,
  });

  const typesOf = (clientId: number) =>
    db.selectFrom('insurance_types').where('insurance_types.client_id', '=', clientId);
  const selectType = <Q extends ReturnType<typeof typesOf>>(query: Q) =>
    query.select([
      'insurance_types.id',
      'insurance_types.name',
      'insurance_types.sort_order',
      'insurance_types.version',
      plansOfType.$castTo<number | string>().as('plan_count'),
    ]);
  const toType = (row: {
    id: number;
    name: string;
    sort_order: number;
    version: number;
    plan_count: number | string;
  }): InsuranceTypeRecord => ({
    insuranceTypeId: row.id,
    name: row.name,
    sortOrder: row.sort_order,
    planCount: Number(row.plan_count),
    version: row.version,
  });

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

  /** Deletes a record of the brand unless `inUse` finds a reference to it, in one transaction. */
  async function guardedDelete(
    table: 'services' | 'locations' | 'insurance_carriers' | 'insurance_plans' | 'insurance_types',
    clientId: number,
    id: number,
    inUse: (trx: Db) => Promise<boolean>,
  ): Promise<DeleteOutcome> {
    return db.transaction().execute(async (trx) => {
      if (!(await exists(table, clientId, id, trx))) return 'not-found';
      if (await inUse(trx)) return 'in-use';
      await trx.deleteFrom(table).where('client_id', '=', clientId).where('id', '=', id).execute();
      return 'ok';
    });
  }

  async function nameTaken(
    table: 'insurance_carriers' | 'insurance_types',
    clientId: number,
    name: string,
    exceptId: number | undefined,
  ): Promise<boolean> {
    let query = db
      .selectFrom(table)
      .select('id')
      .where('client_id', '=', clientId)
      .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`);
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  return {
    async listServices(clientId, request) {
      const { rows, total } = await pagedRows(servicesOf(clientId), SERVICE_LIST, request, (query) =>
        query.select(serviceColumnList),
      );
      return { rows: await withLocations(clientId, rows), total };
    },
    async findService(clientId, serviceId) {
      const rows = await servicesOf(clientId)
        .select(serviceColumnList)
        .where('services.id', '=', serviceId)
        .execute();
      return (await withLocations(clientId, rows))[0];
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
    updateService: (clientId, { id, version, fields, at }) =>
      versionedUpdate(
        db,
        { table: 'services', clientId, id, version },
        { ...serviceColumns(fields), updated_at: at },
      ),
    deleteService: (clientId, serviceId) =>
      guardedDelete('services', clientId, serviceId, async (trx) => {
        const used = await trx
          .selectFrom('appointments')
          .select('id')
          .where('client_id', '=', clientId)
          .where('service_id', '=', serviceId)
          .limit(1)
          .executeTakeFirst();
        return used !== undefined;
      }),

    async listLocations(clientId, request) {
      const { rows, total } = await pagedRows(locationsOf(clientId), LOCATION_LIST, request, (query) =>
        query.selectAll('locations'),
      );
      return { rows: rows.map(toLocation), total };
    },
    async findLocation(clientId, locationId) {
      const row = await locationsOf(clientId)
        .selectAll('locations')
        .where('locations.id', '=', locationId)
        .executeTakeFirst();
      return row && toLocation(row);
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
    updateLocation: (clientId, { id, version, fields, at }) =>
      versionedUpdate(
        db,
        { table: 'locations', clientId, id, version },
        { ...locationColumns(fields), updated_at: at },
      ),
    deleteLocation: (clientId, locationId) =>
      guardedDelete('locations', clientId, locationId, async (trx) => {
        const used = await trx
          .selectFrom('appointments')
          .select('id')
          .where('client_id', '=', clientId)
          .where('location_id', '=', locationId)
          .limit(1)
          .executeTakeFirst();
        return used !== undefined;
      }),

    async listCarriers(clientId, request) {
      const { rows, total } = await pagedRows(carriersOf(clientId), CARRIER_LIST, request, selectCarrier);
      return { rows: rows.map(toCarrier), total };
    },
    async findCarrier(clientId, carrierId) {
      const row = await selectCarrier(carriersOf(clientId))
        .where('insurance_carriers.id', '=', carrierId)
        .executeTakeFirst();
      return row && toCarrier(row);
    },
    carrierNameTaken: (clientId, name, exceptCarrierId) =>
      nameTaken('insurance_carriers', clientId, name, exceptCarrierId),
    async createCarrier(clientId, name, at) {
      const row = await db
        .insertInto('insurance_carriers')
        .values({ client_id: clientId, name, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    renameCarrier: (clientId, { id, version, fields }) =>
      versionedUpdate(db, { table: 'insurance_carriers', clientId, id, version }, { name: fields.name }),
    deleteCarrier: (clientId, carrierId) =>
      guardedDelete('insurance_carriers', clientId, carrierId, async (trx) => {
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
        return used !== undefined;
      }),
    ownsCarrier: (clientId, carrierId) => exists('insurance_carriers', clientId, carrierId),
    ownsInsuranceType: (clientId, typeId) => exists('insurance_types', clientId, typeId),

    async listPlans(clientId, request) {
      const { rows, total } = await pagedRows(plansOf(clientId), PLAN_LIST, request, selectPlan);
      return { rows: rows.map(toPlan), total };
    },
    async findPlan(clientId, planId) {
      const row = await selectPlan(plansOf(clientId))
        .where('insurance_plans.id', '=', planId)
        .executeTakeFirst();
      return row && toPlan(row);
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
    updatePlan: (clientId, { id, version, fields, at }) =>
      versionedUpdate(
        db,
        { table: 'insurance_plans', clientId, id, version },
        { ...planColumns(fields), updated_at: at },
      ),
    deletePlan: (clientId, planId) =>
      guardedDelete('insurance_plans', clientId, planId, async (trx) => {
        const used = await trx
          .selectFrom('insurance_policies')
          .select('id')
          .where('client_id', '=', clientId)
          .where('plan_id', '=', planId)
          .limit(1)
          .executeTakeFirst();
        return used !== undefined;
      }),

    async listInsuranceTypes(clientId, request) {
      const { rows, total } = await pagedRows(typesOf(clientId), INSURANCE_TYPE_LIST, request, selectType);
      return { rows: rows.map(toType), total };
    },
    async findInsuranceType(clientId, insuranceTypeId) {
      const row = await selectType(typesOf(clientId))
        .where('insurance_types.id', '=', insuranceTypeId)
        .executeTakeFirst();
      return row && toType(row);
    },
    insuranceTypeNameTaken: (clientId, name, exceptTypeId) =>
      nameTaken('insurance_types', clientId, name, exceptTypeId),
    async createInsuranceType(clientId, { name, sortOrder }) {
      const row = await db
        .insertInto('insurance_types')
        .values({ client_id: clientId, name, sort_order: sortOrder })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    updateInsuranceType: (clientId, { id, version, fields }) =>
      versionedUpdate(
        db,
        { table: 'insurance_types', clientId, id, version },
        { name: fields.name, sort_order: fields.sortOrder },
      ),
    deleteInsuranceType: (clientId, insuranceTypeId) =>
      guardedDelete('insurance_types', clientId, insuranceTypeId, async (trx) => {
        const used = await trx
          .selectFrom('insurance_plans')
          .select('id')
          .where('client_id', '=', clientId)
          .where('insurance_type_id', '=', insuranceTypeId)
          .limit(1)
          .executeTakeFirst();
        return used !== undefined;
      }),

    async widget(clientId) {
      const row = await db
        .selectFrom('clients')
        .select(['slug', 'frame_ancestors', 'frame_ancestors_version'])
        .where('id', '=', clientId)
        .executeTakeFirst();
      return (
        row && {
          slug: row.slug,
          frameAncestors: parseFrameAncestors(row.frame_ancestors),
          version: row.frame_ancestors_version,
        }
      );
    },
    async setFrameAncestors(clientId, frameAncestors, version, at) {
      const result = await db
        .updateTable('clients')
        .set({
          frame_ancestors: JSON.stringify(frameAncestors),
          frame_ancestors_version: sql<number>`frame_ancestors_version + 1`,
          updated_at: at,
        })
        .where('id', '=', clientId)
        .where('frame_ancestors_version', '=', version)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) return 'ok';
      const exists = await db
        .selectFrom('clients')
        .select('id')
        .where('id', '=', clientId)
        .executeTakeFirst();
      return exists === undefined ? 'not-found' : 'stale';
    },
  };
}
