import type { Permission } from '@scheduler/domain/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { seedIfEmpty } from '../../platform/db/seed/seed.ts';
import { loginAsDemo } from '../../test/staff-login.ts';
import type { StaffLogin } from '../../test/staff-login.ts';
import type { TestDatabase } from '../../test/test-db.ts';
import { createTestApp, testDatabases } from '../../test/test-db.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

interface EndpointCase {
  name: string;
  method: Method;
  permission: Permission;
  /** Path and query for a brand. */
  url: (clientId: number) => string;
  /** The body for a brand (built at call time: versions and sets change). */
  payload?: (clientId: number) => Promise<Record<string, unknown>>;
  okStatus?: number;
}

const STALE_MESSAGE = 'This record was changed by someone else. Reload to see the latest version.';

describe.each(testDatabases())('staff-only scheduler API on $name', (target) => {
  let t: TestDatabase;
  let app: App;
  let brightsmileId: number;
  let northsideId: number;
  let schedulerId: number;
  let northsideSchedulerId: number;
  let providerId: number;
  let northsideProviderId: number;
  let serviceId: number;
  let planId: number;
  let locationId: number;
  let carrierId: number;
  let insuranceTypeId: number;
  /** An insurance type no plan uses, made for the DELETE case. */
  let spareTypeId: number;
  let patientId: number;
  let northsidePatientId: number;
  const as: Partial<Record<'owner' | 'admin' | 'staff' | 'viewer', StaffLogin>> = {};
  const session = (role: 'owner' | 'admin' | 'staff' | 'viewer'): StaffLogin => as[role]!;

  const firstId = async (
    table:
      | 'schedulers'
      | 'providers'
      | 'services'
      | 'locations'
      | 'insurance_carriers'
      | 'insurance_types'
      | 'insurance_plans'
      | 'patients',
    clientId: number,
  ): Promise<number> =>
    (
      await t.db
        .selectFrom(table)
        .select('id')
        .where('client_id', '=', clientId)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    t = await target.create();
    await seedIfEmpty(t.db, Date.now());
    app = await createTestApp(t);
    await app.ready();
    const clients = await t.db.selectFrom('clients').select(['id', 'slug']).execute();
    brightsmileId = clients.find((c) => c.slug === 'brightsmile')!.id;
    northsideId = clients.find((c) => c.slug === 'northside')!.id;
    schedulerId = await firstId('schedulers', brightsmileId);
    northsideSchedulerId = await firstId('schedulers', northsideId);
    providerId = (
      await t.db
        .selectFrom('provider_locations')
        .select('provider_id')
        .where('client_id', '=', brightsmileId)
        .orderBy('provider_id')
        .executeTakeFirstOrThrow()
    ).provider_id;
    northsideProviderId = await firstId('providers', northsideId);
    serviceId = await firstId('services', brightsmileId);
    planId = await firstId('insurance_plans', brightsmileId);
    locationId = await firstId('locations', brightsmileId);
    carrierId = await firstId('insurance_carriers', brightsmileId);
    insuranceTypeId = await firstId('insurance_types', brightsmileId);
    spareTypeId = (
      await t.db
        .insertInto('insurance_types')
        .values({ client_id: brightsmileId, name: 'Spare type for DELETE', sort_order: 99 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    patientId = (
      await t.db
        .selectFrom('appointments')
        .select('patient_id')
        .where('client_id', '=', brightsmileId)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).patient_id;
    northsidePatientId = await firstId('patients', northsideId);
    for (const role of ['owner', 'admin', 'staff', 'viewer'] as const)
      as[role] = await loginAsDemo(app, role);
  });
  afterAll(async () => {
    await app?.close();
    await t?.destroy();
  });

  const versionOf = async (
    table: 'services' | 'locations' | 'insurance_carriers' | 'insurance_types' | 'insurance_plans',
    id: number,
  ): Promise<number> =>
    (await t.db.selectFrom(table).select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;
  const providerVersion = async (id: number): Promise<number> =>
    (await t.db.selectFrom('providers').select('version').where('id', '=', id).executeTakeFirstOrThrow())
      .version;
  const settingsVersion = async (): Promise<number> =>
    (
      await t.db
        .selectFrom('schedulers')
        .select('settings_version')
        .where('id', '=', schedulerId)
        .executeTakeFirstOrThrow()
    ).settings_version;
  /** The version of a map set or of the widget allow-list (migration 007). */
  const setVersionOf = async (
    table: 'providers' | 'locations' | 'services' | 'insurance_plans' | 'clients',
    column:
      | 'locations_version'
      | 'services_version'
      | 'plans_version'
      | 'providers_version'
      | 'frame_ancestors_version',
    id: number,
  ): Promise<number> => {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => eb.ref(column as never).as('v'))
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return Number((row as { v: number | string }).v);
  };
  const locationsOf = async (id: number): Promise<number[]> =>
    (
      await t.db
        .selectFrom('provider_locations')
        .select('location_id')
        .where('provider_id', '=', id)
        .execute()
    ).map((row) => row.location_id);

  const cases: EndpointCase[] = [
    {
      name: 'getAssignConfig',
      method: 'GET',
      permission: 'config:read',
      url: (c) => `/api/scheduler/getAssignConfig?clientId=${c}&ruleId=${schedulerId}`,
    },
    {
      name: 'getAllProviders',
      method: 'GET',
      permission: 'config:read',
      url: (c) => `/api/scheduler/getAllProviders?clientId=${c}`,
    },
    {
      name: 'getProviderByProviderId',
      method: 'GET',
      permission: 'config:read',
      url: (c) => `/api/scheduler/getProviderByProviderId?clientId=${c}&providerId=${providerId}`,
    },
    {
      name: 'providerLocationMap',
      method: 'GET',
      permission: 'config:read',
      url: (c) => `/api/scheduler/providerLocationMap?clientId=${c}`,
    },
    {
      name: 'getProviderAppointmentMap',
      method: 'GET',
      permission: 'config:read',
      url: (c) => `/api/scheduler/getProviderAppointmentMap?clientId=${c}`,
    },
    {
      name: 'getProviderInsurance',
      method: 'GET',
      permission: 'config:read',
      url: (c) => `/api/scheduler/getProviderInsurance?clientId=${c}`,
    },
    {
      name: 'getServiceLocationMapping',
      method: 'GET',
      permission: 'config:read',
      url: (c) => `/api/scheduler/getServiceLocationMapping?clientId=${c}`,
    },
    {
      name: 'getInsuranceProviderMap',
      method: 'GET',
      permission: 'config:read',
      url: (c) => `/api/scheduler/getInsuranceProviderMap?clientId=${c}`,
    },
    {
      name: 'insurance/getInsuranceControlData',
      method: 'GET',
      permission: 'config:read',
      url: (c) => `/api/scheduler/insurance/getInsuranceControlData?clientId=${c}`,
    },
    {
      name: 'insurance/getProviderByInsurancePlan',
      method: 'GET',
      permission: 'config:read',
      url: (c) => `/api/scheduler/insurance/getProviderByInsurancePlan?clientId=${c}&planId=${planId}`,
    },
    {
      name: 'getPatientAppointments',
      method: 'GET',
      permission: 'patients:read',
      url: (c) => `/api/scheduler/getPatientAppointments?clientId=${c}&patientId=${patientId}`,
    },
    {
      name: 'getWaitList',
      method: 'GET',
      permission: 'waitlist:read',
      url: (c) => `/api/scheduler/getWaitList?clientId=${c}`,
    },
    {
      name: 'providerLocationMapAssign',
      method: 'POST',
      permission: 'config:write',
      url: () => '/api/scheduler/providerLocationMapAssign',
      payload: async (c) => ({
        clientId: c,
        providerId,
        locationIds: await locationsOf(providerId),
        version: await setVersionOf('providers', 'locations_version', providerId),
      }),
    },
    {
      name: 'insertApptProviderMap',
      method: 'POST',
      permission: 'config:write',
      url: () => '/api/scheduler/insertApptProviderMap',
      payload: async (c) => ({
        clientId: c,
        providerId,
        services: (
          await t.db
            .selectFrom('provider_services')
            .select(['service_id', 'duration_minutes'])
            .where('provider_id', '=', providerId)
            .execute()
        ).map((row) => ({ appointmentTypeId: row.service_id, durationMinutes: row.duration_minutes })),
        version: await setVersionOf('providers', 'services_version', providerId),
      }),
    },
    {
      name: 'createServiceLocationConfig',
      method: 'POST',
      permission: 'config:write',
      url: () => '/api/scheduler/createServiceLocationConfig',
      payload: async (c) => ({
        clientId: c,
        appointmentTypeId: serviceId,
        locationIds: (
          await t.db
            .selectFrom('service_locations')
            .select('location_id')
            .where('service_id', '=', serviceId)
            .execute()
        ).map((row) => row.location_id),
        version: await setVersionOf('services', 'locations_version', serviceId),
      }),
    },
    {
      name: 'createLocationProviderConfig',
      method: 'POST',
      permission: 'config:write',
      url: () => '/api/scheduler/createLocationProviderConfig',
      payload: async (c) => {
        const locationId = (await locationsOf(providerId))[0]!;
        const providerIds = (
          await t.db
            .selectFrom('provider_locations')
            .select('provider_id')
            .where('location_id', '=', locationId)
            .execute()
        ).map((row) => row.provider_id);
        return {
          clientId: c,
          locationId,
          providerIds,
          version: await setVersionOf('locations', 'providers_version', locationId),
        };
      },
    },
    {
      name: 'createInsuranceProviderConfig',
      method: 'POST',
      permission: 'config:write',
      url: () => '/api/scheduler/createInsuranceProviderConfig',
      payload: async (c) => ({
        clientId: c,
        providerId,
        planIds: (
          await t.db
            .selectFrom('provider_insurance_plans')
            .select('plan_id')
            .where('provider_id', '=', providerId)
            .execute()
        ).map((row) => row.plan_id),
        version: await setVersionOf('providers', 'plans_version', providerId),
      }),
    },
    {
      name: 'updateProviderInfo',
      method: 'PATCH',
      permission: 'config:write',
      url: () => '/api/scheduler/updateProviderInfo',
      payload: async (c) => ({
        clientId: c,
        providerId,
        version: await providerVersion(providerId),
        acceptingNewPatients: true,
      }),
    },
    {
      name: 'updateConfig',
      method: 'PATCH',
      permission: 'config:write',
      url: () => '/api/scheduler/updateConfig',
      payload: (c) =>
        settingsVersion().then((version) => ({
          clientId: c,
          ruleId: schedulerId,
          version,
          settings: [{ group: 'appointment', order: 17, value: 'No' }],
        })),
    },
    {
      name: 'admin/services',
      method: 'GET',
      permission: 'config:read',
      url: (c) => `/api/scheduler/admin/services?clientId=${c}`,
    },
    {
      name: 'admin/locations',
      method: 'GET',
      permission: 'config:read',
      url: (c) => `/api/scheduler/admin/locations?clientId=${c}`,
    },
    {
      name: 'admin/widget',
      method: 'GET',
      permission: 'config:read',
      url: (c) => `/api/scheduler/admin/widget?clientId=${c}`,
    },
    {
      name: 'PUT admin/widget',
      method: 'PUT',
      permission: 'config:write',
      url: () => '/api/scheduler/admin/widget',
      payload: async (c) => ({
        clientId: c,
        frameAncestors: ['https://www.brightsmile.example', 'http://localhost:*'],
        version: await setVersionOf('clients', 'frame_ancestors_version', brightsmileId),
      }),
    },
    {
      name: 'POST admin/insurance/carriers',
      method: 'POST',
      permission: 'config:write',
      url: () => '/api/scheduler/admin/insurance/carriers',
      payload: (c) =>
        Promise.resolve({ clientId: c, name: `Carrier ${Math.random().toString(36).slice(2)}` }),
      okStatus: 201,
    },
    // Paged lists, versioned edits and insurance types.
    ...(
      [
        ['admin/services', 'config:read'],
        ['admin/locations', 'config:read'],
        ['admin/insurance/carriers', 'config:read'],
        ['admin/insurance/plans', 'config:read'],
        ['admin/insurance/types', 'config:read'],
      ] as const
    ).map(([path, permission]): EndpointCase => ({
      name: `paged ${path}`,
      method: 'GET',
      permission,
      url: (c) => `/api/scheduler/${path}?clientId=${c}&page=1&pageSize=5&search=a&sort=-name`,
    })),
    {
      name: 'paged config/users',
      method: 'GET',
      permission: 'users:manage',
      url: (c) => `/api/config/users?clientId=${c}&page=1&pageSize=5&search=demo&sort=email`,
    },
    {
      name: 'PATCH admin/services/:serviceId',
      method: 'PATCH',
      permission: 'config:write',
      url: () => `/api/scheduler/admin/services/${serviceId}`,
      payload: async (c) => ({ clientId: c, version: await versionOf('services', serviceId), sortOrder: 0 }),
    },
    {
      name: 'PATCH admin/locations/:locationId',
      method: 'PATCH',
      permission: 'config:write',
      url: () => `/api/scheduler/admin/locations/${locationId}`,
      payload: async (c) => ({
        clientId: c,
        version: await versionOf('locations', locationId),
        onlineEnabled: true,
      }),
    },
    {
      name: 'PATCH admin/insurance/carriers/:carrierId',
      method: 'PATCH',
      permission: 'config:write',
      url: () => `/api/scheduler/admin/insurance/carriers/${carrierId}`,
      payload: async (c) => ({
        clientId: c,
        version: await versionOf('insurance_carriers', carrierId),
        name: (
          await t.db
            .selectFrom('insurance_carriers')
            .select('name')
            .where('id', '=', carrierId)
            .executeTakeFirstOrThrow()
        ).name,
      }),
    },
    {
      name: 'PATCH admin/insurance/plans/:planId',
      method: 'PATCH',
      permission: 'config:write',
      url: () => `/api/scheduler/admin/insurance/plans/${planId}`,
      payload: async (c) => ({
        clientId: c,
        version: await versionOf('insurance_plans', planId),
        active: true,
      }),
    },
    {
      name: 'POST admin/insurance/types',
      method: 'POST',
      permission: 'config:write',
      url: () => '/api/scheduler/admin/insurance/types',
      payload: (c) => Promise.resolve({ clientId: c, name: `Type ${Math.random().toString(36).slice(2)}` }),
      okStatus: 201,
    },
    {
      name: 'PATCH admin/insurance/types/:insuranceTypeId',
      method: 'PATCH',
      permission: 'config:write',
      url: () => `/api/scheduler/admin/insurance/types/${insuranceTypeId}`,
      payload: async (c) => ({
        clientId: c,
        version: await versionOf('insurance_types', insuranceTypeId),
        sortOrder: 1,
      }),
    },
    {
      name: 'DELETE admin/insurance/types/:insuranceTypeId',
      method: 'DELETE',
      permission: 'config:write',
      url: (c) => `/api/scheduler/admin/insurance/types/${spareTypeId}?clientId=${c}`,
    },
  ];

  /** A role that lacks each permission, and one that has it. */
  const refusedRole: Record<string, 'admin' | 'staff' | 'viewer'> = {
    'config:read': 'staff',
    'config:write': 'staff',
    'patients:read': 'viewer',
    'waitlist:read': 'viewer',
    'users:manage': 'admin',
  };
  const allowedRole: Record<string, 'owner' | 'admin' | 'staff'> = {
    'config:read': 'admin',
    'config:write': 'admin',
    'patients:read': 'staff',
    'waitlist:read': 'staff',
    'users:manage': 'owner',
  };

  const call = async (endpoint: EndpointCase, clientId: number, headers: Record<string, string>) =>
    app.inject({
      method: endpoint.method,
      url: endpoint.url(clientId),
      headers,
      ...(endpoint.payload === undefined ? {} : { payload: await endpoint.payload(clientId) }),
    });

  describe.each(cases)('$method $name', (endpoint) => {
    it('refuses anonymous callers with 401', async () => {
      const response = await call(endpoint, brightsmileId, {});
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    });

    it('refuses a user of another brand with 403', async () => {
      const response = await call(endpoint, northsideId, session('admin').bearerHeaders);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    });

    it('refuses a role without the permission with 403', async () => {
      const role = refusedRole[endpoint.permission]!;
      const response = await call(endpoint, brightsmileId, session(role).bearerHeaders);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    });

    it('answers a role with the permission', async () => {
      const role = allowedRole[endpoint.permission]!;
      const response = await call(endpoint, brightsmileId, session(role).bearerHeaders);
      expect(response.statusCode, response.body).toBe(endpoint.okStatus ?? 200);
    });
  });

  describe('settings', () => {
    it('shows every setting with its default, then the change made by updateConfig at once', async () => {
      const before = await app.inject({
        method: 'GET',
        url: `/api/scheduler/getAssignConfig?clientId=${brightsmileId}&ruleId=${schedulerId}`,
        headers: session('admin').bearerHeaders,
      });
      const config = before.json<{
        definitions: { key: string; value: string; isDefault: boolean; kind: { type: string } }[];
      }>();
      expect(config.definitions).toHaveLength(30);
      expect(config.definitions.find((d) => d.key === 'widgetColor')?.kind).toEqual({ type: 'color' });
      // Issue 21: the patients' default language and the Spanish thank-you messages ('' = not translated).
      expect(config.definitions.find((d) => d.key === 'defaultLanguage')).toMatchObject({
        value: 'en',
        isDefault: true,
        kind: {
          type: 'enum',
          options: [
            { value: 'en', label: 'English' },
            { value: 'es', label: 'Español' },
          ],
        },
      });
      expect(config.definitions.find((d) => d.key === 'thankYouPrimaryEs')).toMatchObject({
        value: '',
        isDefault: true,
        kind: { type: 'text', maxLength: 500, optional: true },
      });

      const update = await app.inject({
        method: 'PATCH',
        url: '/api/scheduler/updateConfig',
        headers: session('admin').cookieHeaders,
        payload: {
          clientId: brightsmileId,
          ruleId: schedulerId,
          version: await settingsVersion(),
          settings: [
            { group: 'appointment', order: 1, value: 21 },
            { group: 'appointment', order: 20, value: '#12ab9f' },
            { group: 'thankYouScreen', order: 3, value: false },
            { group: 'appointment', order: 21, value: 'es' },
            { group: 'thankYouScreen', order: 5, value: ' Llame a nuestro consultorio si tiene preguntas. ' },
          ],
        },
      });
      expect(update.statusCode, update.body).toBe(200);

      const after = await app.inject({
        method: 'GET',
        url: `/api/scheduler/getAssignConfig?clientId=${brightsmileId}&ruleId=${schedulerId}`,
        headers: session('owner').bearerHeaders,
      });
      const body = after.json<{
        settings: { group: string; order: number; value: string }[];
        definitions: { key: string; value: string; isDefault: boolean }[];
      }>();
      const byKey = Object.fromEntries(body.definitions.map((d) => [d.key, d]));
      expect(byKey.howFarOut).toMatchObject({ value: '21', isDefault: false });
      expect(byKey.widgetColor).toMatchObject({ value: '#12AB9F', isDefault: false });
      expect(byKey.defaultLanguage).toMatchObject({ value: 'es', isDefault: false });
      expect(byKey.thankYouSecondaryEs).toMatchObject({
        value: 'Llame a nuestro consultorio si tiene preguntas.',
        isDefault: false,
      });
      expect(byKey.autoConfirm).toMatchObject({ value: 'No', isDefault: false });
      expect(body.settings).toEqual(
        expect.arrayContaining([{ group: 'appointment', order: 1, value: '21' }]),
      );

      const audit = await t.db
        .selectFrom('audit_log')
        .select(['action', 'details'])
        .where('client_id', '=', brightsmileId)
        .where('action', '=', 'scheduler.settings.update')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.details ?? '{}')).toEqual({
        changed: [
          'appointment.1',
          'appointment.20',
          'thankYouScreen.3',
          'appointment.21',
          'thankYouScreen.5',
        ],
      });
    });

    it('refuses invalid values and unknown settings field by field', async () => {
      const response = await app.inject({
        method: 'PATCH',
        url: '/api/scheduler/updateConfig',
        headers: session('admin').bearerHeaders,
        payload: {
          clientId: brightsmileId,
          ruleId: schedulerId,
          version: await settingsVersion(),
          settings: [
            { group: 'appointment', order: 1, value: 999 },
            { group: 'appointment', order: 99, value: 'x' },
          ],
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION' } });
    });

    it("answers 404 for another brand's scheduler", async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/scheduler/getAssignConfig?clientId=${brightsmileId}&ruleId=${northsideSchedulerId}`,
        headers: session('owner').bearerHeaders,
      });
      expect(response.statusCode).toBe(404);
    });

    it("uses the session's active brand when clientId is absent", async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/scheduler/getAssignConfig?ruleId=${schedulerId}`,
        headers: session('admin').bearerHeaders,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ clientId: String(brightsmileId) });
    });
  });

  describe('providers', () => {
    it('pages, searches and sorts providers on the server', async () => {
      const total = (
        await t.db
          .selectFrom('providers')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('client_id', '=', brightsmileId)
          .executeTakeFirstOrThrow()
      ).n;
      const get = async (query: string) =>
        (
          await app.inject({
            method: 'GET',
            url: `/api/scheduler/getAllProviders?clientId=${brightsmileId}&${query}`,
            headers: session('admin').bearerHeaders,
          })
        ).json<{
          items: { providerId: string; lastName: string; firstName: string }[];
          total: number;
          page: number;
        }>();
      const first = await get('page=1&pageSize=5');
      expect(first.items).toHaveLength(5);
      expect(Number(first.total)).toBe(Number(total));
      const second = await get('page=2&pageSize=5');
      expect(second.items.map((p) => p.providerId)).not.toContain(first.items[0]!.providerId);
      const names = (await get('pageSize=100')).items.map((p) => p.lastName);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      const reversed = (await get('pageSize=100&sort=-name')).items.map((p) => p.lastName);
      expect(reversed).toEqual([...names].reverse());
      const someone = first.items[0]!;
      const found = await get(`search=${encodeURIComponent(someone.lastName.toUpperCase())}`);
      expect(found.items.map((p) => p.providerId)).toContain(someone.providerId);
      expect((await get('search=zzz%25_nobody')).total).toBe(0);
    });

    it("answers 404 for another brand's provider", async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/scheduler/getProviderByProviderId?clientId=${brightsmileId}&providerId=${northsideProviderId}`,
        headers: session('owner').bearerHeaders,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    });

    it('updates a provider with its version and refuses a stale version with 409', async () => {
      const detail = await app.inject({
        method: 'GET',
        url: `/api/scheduler/getProviderByProviderId?clientId=${brightsmileId}&providerId=${providerId}`,
        headers: session('admin').bearerHeaders,
      });
      const provider = detail.json<{ provider: { version: number; locations: { locationId: string }[] } }>()
        .provider;
      const locationId = Number(provider.locations[0]!.locationId);
      const update = await app.inject({
        method: 'PATCH',
        url: '/api/scheduler/updateProviderInfo',
        headers: session('admin').cookieHeaders,
        payload: {
          clientId: brightsmileId,
          providerId,
          version: provider.version,
          bio: 'Gentle care for the whole family.',
          credentials: 'DDS',
          photoUrl: 'https://images.example.com/p.jpg',
          workingHours: [
            { locationId, weekday: 1, startTime: '08:00', endTime: '12:00' },
            { locationId, weekday: 1, startTime: '13:00', endTime: '17:30' },
            { locationId, weekday: 3, startTime: '09:00', endTime: '24:00', effectiveFrom: '2026-01-01' },
          ],
          timeOff: [
            {
              locationId: null,
              startUtc: '2027-01-04T00:00:00Z',
              endUtc: '2027-01-06T00:00:00Z',
              reason: 'Conference',
            },
          ],
        },
      });
      expect(update.statusCode, update.body).toBe(200);
      const updated = update.json<{
        provider: { version: number; bio: string; workingHours: unknown[]; timeOff: { reason: string }[] };
      }>().provider;
      expect(updated.version).toBe(provider.version + 1);
      expect(updated.bio).toBe('Gentle care for the whole family.');
      expect(updated.workingHours).toEqual([
        {
          locationId: String(locationId),
          weekday: 1,
          startTime: '08:00',
          endTime: '12:00',
          effectiveFrom: null,
          effectiveTo: null,
        },
        {
          locationId: String(locationId),
          weekday: 1,
          startTime: '13:00',
          endTime: '17:30',
          effectiveFrom: null,
          effectiveTo: null,
        },
        {
          locationId: String(locationId),
          weekday: 3,
          startTime: '09:00',
          endTime: '24:00',
          effectiveFrom: '2026-01-01',
          effectiveTo: null,
        },
      ]);
      expect(updated.timeOff).toMatchObject([{ reason: 'Conference', startUtc: '2027-01-04T00:00:00.000Z' }]);

      const stale = await app.inject({
        method: 'PATCH',
        url: '/api/scheduler/updateProviderInfo',
        headers: session('owner').bearerHeaders,
        payload: { clientId: brightsmileId, providerId, version: provider.version, bio: 'Overwritten?' },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ error: { code: 'CONFLICT', message: STALE_MESSAGE } });
      const bio = (
        await t.db
          .selectFrom('providers')
          .select('bio')
          .where('id', '=', providerId)
          .executeTakeFirstOrThrow()
      ).bio;
      expect(bio).toBe('Gentle care for the whole family.');
    });

    it('refuses overlapping hours and hours at a location the provider does not work at', async () => {
      const version = await providerVersion(providerId);
      const served = await locationsOf(providerId);
      const other = (
        await t.db
          .selectFrom('locations')
          .select('id')
          .where('client_id', '=', brightsmileId)
          .where('id', 'not in', served)
          .executeTakeFirst()
      )?.id;
      const overlap = await app.inject({
        method: 'PATCH',
        url: '/api/scheduler/updateProviderInfo',
        headers: session('admin').bearerHeaders,
        payload: {
          clientId: brightsmileId,
          providerId,
          version,
          workingHours: [
            { locationId: served[0], weekday: 2, startTime: '08:00', endTime: '12:00' },
            { locationId: served[0], weekday: 2, startTime: '11:00', endTime: '13:00' },
          ],
        },
      });
      expect(overlap.statusCode).toBe(400);
      if (other !== undefined) {
        const elsewhere = await app.inject({
          method: 'PATCH',
          url: '/api/scheduler/updateProviderInfo',
          headers: session('admin').bearerHeaders,
          payload: {
            clientId: brightsmileId,
            providerId,
            version,
            workingHours: [{ locationId: other, weekday: 2, startTime: '08:00', endTime: '12:00' }],
          },
        });
        expect(elsewhere.statusCode).toBe(400);
        expect(elsewhere.json()).toMatchObject({
          error: { code: 'VALIDATION', details: { fields: [{ path: 'workingHours.0.locationId' }] } },
        });
        // The refused change left the version (and everything else) as it was.
        expect(await providerVersion(providerId)).toBe(version);
      }
    });

    it('creates and deletes a provider without appointments; refuses to delete one with appointments', async () => {
      const created = await app.inject({
        method: 'POST',
        url: '/api/scheduler/admin/providers',
        headers: session('admin').bearerHeaders,
        payload: {
          clientId: brightsmileId,
          firstName: 'Nora',
          lastName: 'Newcomer',
          prefix: 'Dr.',
          gender: 'F',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<{ provider: { providerId: string; name: string; version: number } }>().provider;
      expect(id).toMatchObject({ name: 'Dr. Nora Newcomer', version: 1 });
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/scheduler/admin/providers/${id.providerId}?clientId=${brightsmileId}`,
        headers: session('admin').bearerHeaders,
      });
      expect(removed.statusCode).toBe(200);
      const busy = await app.inject({
        method: 'DELETE',
        url: `/api/scheduler/admin/providers/${providerId}?clientId=${brightsmileId}`,
        headers: session('admin').bearerHeaders,
      });
      expect(busy.statusCode).toBe(409);
    });
  });

  describe('optimistic concurrency of the map writes and the widget allow-list', () => {
    type Counter = Parameters<typeof setVersionOf>;
    interface SetWrite {
      name: string;
      method: 'POST' | 'PUT';
      url: string;
      /** Where the set's version lives. */
      counter: () => Promise<Counter>;
      /** The body (without version) that sets the set to `ids`. */
      body: (ids: unknown) => Record<string, unknown>;
      /** The set as stored, comparable. */
      read: () => Promise<unknown>;
      /** A set different from the stored one. */
      other: () => Promise<unknown>;
      /** The read route and how to find the set's version in its answer. */
      versionRead: { url: () => string; pick: (body: never) => number | undefined };
    }
    const brandIds = async (table: 'locations' | 'services' | 'providers' | 'insurance_plans') =>
      (
        await t.db
          .selectFrom(table)
          .select('id')
          .where('client_id', '=', brightsmileId)
          .orderBy('id')
          .execute()
      ).map((row) => row.id);
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    const firstLocation = async () => (await locationsOf(providerId)).sort((a, b) => a - b)[0]!;
    const linkIds = async (
      table: 'provider_locations' | 'service_locations' | 'provider_insurance_plans',
      column: 'location_id' | 'provider_id' | 'plan_id',
      where: 'provider_id' | 'service_id' | 'location_id' | 'plan_id',
      id: number,
    ) =>
      sorted(
        (
          (await t.db
            .selectFrom(table)
            .select(column as never)
            .where(where as never, '=', id as never)
            .execute()) as Record<string, number>[]
        ).map((row) => Number(row[column])),
      );

    const writes: SetWrite[] = [
      {
        name: 'providerLocationMapAssign',
        method: 'POST',
        url: '/api/scheduler/providerLocationMapAssign',
        counter: () => Promise.resolve(['providers', 'locations_version', providerId]),
        body: (ids) => ({ clientId: brightsmileId, providerId, locationIds: ids }),
        read: () => linkIds('provider_locations', 'location_id', 'provider_id', providerId),
        other: () => brandIds('locations'),
        versionRead: {
          url: () => `/api/scheduler/providerLocationMap?clientId=${brightsmileId}`,
          pick: (body: { providers: { providerId: string; locationsVersion: number }[] }) =>
            body.providers.find((p) => p.providerId === String(providerId))?.locationsVersion,
        },
      },
      {
        name: 'insertApptProviderMap',
        method: 'POST',
        url: '/api/scheduler/insertApptProviderMap',
        counter: () => Promise.resolve(['providers', 'services_version', providerId]),
        body: (services) => ({ clientId: brightsmileId, providerId, services }),
        read: async () =>
          (
            await t.db
              .selectFrom('provider_services')
              .select(['service_id', 'duration_minutes'])
              .where('provider_id', '=', providerId)
              .orderBy('service_id')
              .execute()
          ).map((row) => ({ appointmentTypeId: row.service_id, durationMinutes: row.duration_minutes })),
        other: async () =>
          (await brandIds('services')).map((id) => ({ appointmentTypeId: id, durationMinutes: 45 })),
        versionRead: {
          url: () => `/api/scheduler/getProviderAppointmentMap?clientId=${brightsmileId}`,
          pick: (body: { providers: { providerId: string; servicesVersion: number }[] }) =>
            body.providers.find((p) => p.providerId === String(providerId))?.servicesVersion,
        },
      },
      {
        name: 'createServiceLocationConfig',
        method: 'POST',
        url: '/api/scheduler/createServiceLocationConfig',
        counter: () => Promise.resolve(['services', 'locations_version', serviceId]),
        body: (ids) => ({ clientId: brightsmileId, appointmentTypeId: serviceId, locationIds: ids }),
        read: () => linkIds('service_locations', 'location_id', 'service_id', serviceId),
        other: async () => (await brandIds('locations')).slice(0, 1),
        versionRead: {
          url: () => `/api/scheduler/getServiceLocationMapping?clientId=${brightsmileId}`,
          pick: (body: { services: { appointmentTypeId: string; locationsVersion: number }[] }) =>
            body.services.find((s) => s.appointmentTypeId === String(serviceId))?.locationsVersion,
        },
      },
      {
        name: 'createLocationProviderConfig',
        method: 'POST',
        url: '/api/scheduler/createLocationProviderConfig',
        counter: async () => ['locations', 'providers_version', await firstLocation()],
        body: () => ({}),
        read: async () => linkIds('provider_locations', 'provider_id', 'location_id', await firstLocation()),
        other: () => brandIds('providers'),
        versionRead: {
          url: () => `/api/scheduler/providerLocationMap?clientId=${brightsmileId}`,
          pick: () => undefined,
        },
      },
      {
        name: 'createInsuranceProviderConfig (a provider’s plans)',
        method: 'POST',
        url: '/api/scheduler/createInsuranceProviderConfig',
        counter: () => Promise.resolve(['providers', 'plans_version', providerId]),
        body: (ids) => ({ clientId: brightsmileId, providerId, planIds: ids }),
        read: () => linkIds('provider_insurance_plans', 'plan_id', 'provider_id', providerId),
        other: () => brandIds('insurance_plans'),
        versionRead: {
          url: () => `/api/scheduler/getProviderInsurance?clientId=${brightsmileId}&providerId=${providerId}`,
          pick: (body: { providers: { plansVersion: number }[] }) => body.providers[0]?.plansVersion,
        },
      },
      {
        name: 'createInsuranceProviderConfig (a plan’s providers)',
        method: 'POST',
        url: '/api/scheduler/createInsuranceProviderConfig',
        counter: () => Promise.resolve(['insurance_plans', 'providers_version', planId]),
        body: (ids) => ({ clientId: brightsmileId, planId, providerIds: ids }),
        read: () => linkIds('provider_insurance_plans', 'provider_id', 'plan_id', planId),
        other: async () => (await brandIds('providers')).slice(0, 2),
        versionRead: {
          url: () =>
            `/api/scheduler/insurance/getProviderByInsurancePlan?clientId=${brightsmileId}&planId=${planId}`,
          pick: (body: { providersVersion: number }) => body.providersVersion,
        },
      },
      {
        name: 'PUT admin/widget',
        method: 'PUT',
        url: '/api/scheduler/admin/widget',
        counter: () => Promise.resolve(['clients', 'frame_ancestors_version', brightsmileId]),
        body: (sites) => ({ clientId: brightsmileId, frameAncestors: sites }),
        read: async () =>
          JSON.parse(
            (
              await t.db
                .selectFrom('clients')
                .select('frame_ancestors')
                .where('id', '=', brightsmileId)
                .executeTakeFirstOrThrow()
            ).frame_ancestors,
          ) as unknown,
        other: () => Promise.resolve(['https://changed.example']),
        versionRead: {
          url: () => `/api/scheduler/admin/widget?clientId=${brightsmileId}`,
          pick: (body: { version: number }) => body.version,
        },
      },
    ];
    const bodyOf = async (write: SetWrite, set: unknown) => {
      const counter = await write.counter();
      // The location-side write names the location its counter is on.
      return write.name === 'createLocationProviderConfig'
        ? { clientId: brightsmileId, locationId: counter[2], providerIds: set }
        : write.body(set);
    };
    const send = async (write: SetWrite, set: unknown, version: unknown, headers: Record<string, string>) => {
      const body = await bodyOf(write, set);
      return app.inject({
        method: write.method,
        url: write.url,
        headers,
        payload: version === undefined ? body : { ...body, version },
      });
    };

    describe.each(writes)('$name', (write) => {
      it('accepts the version the read returned, bumps it, and refuses the old one with 409 writing nothing', async () => {
        const original = await write.read();
        const changed = await write.other();
        expect(changed).not.toEqual(original);
        const version = await setVersionOf(...(await write.counter()));
        const read = await app.inject({
          method: 'GET',
          url: write.versionRead.url(),
          headers: session('admin').bearerHeaders,
        });
        expect(read.statusCode).toBe(200);
        const picked = write.versionRead.pick(read.json<never>());
        if (picked !== undefined) expect(picked).toBe(version);

        const fresh = await send(write, changed, version, session('admin').cookieHeaders);
        expect(fresh.statusCode, fresh.body).toBe(200);
        expect(fresh.json<{ version: number }>().version).toBe(version + 1);
        expect(await setVersionOf(...(await write.counter()))).toBe(version + 1);
        const afterFresh = await write.read();
        expect(afterFresh).not.toEqual(original);

        // A second editor who read the same version tries to put the original set back.
        const stale = await send(write, original, version, session('owner').bearerHeaders);
        expect(stale.statusCode).toBe(409);
        expect(stale.json()).toMatchObject({ error: { code: 'CONFLICT', message: STALE_MESSAGE } });
        expect(await write.read()).toEqual(afterFresh);
        expect(await setVersionOf(...(await write.counter()))).toBe(version + 1);

        // Restore with the current version.
        const restore = await send(write, original, version + 1, session('admin').bearerHeaders);
        expect(restore.statusCode, restore.body).toBe(200);
        expect(await write.read()).toEqual(original);
      });

      it('refuses a write without a version with 400', async () => {
        const response = await send(write, await write.read(), undefined, session('admin').bearerHeaders);
        expect(response.statusCode).toBe(400);
      });

      it('refuses a user of another brand with 403 and anonymous callers with 401', async () => {
        const version = await setVersionOf(...(await write.counter()));
        const crossBrand = await app.inject({
          method: write.method,
          url: write.url,
          headers: session('admin').bearerHeaders,
          payload: { ...(await bodyOf(write, await write.read())), clientId: northsideId, version },
        });
        expect(crossBrand.statusCode).toBe(403);
        const anonymous = await send(write, await write.read(), version, {});
        expect(anonymous.statusCode).toBe(401);
        expect(await setVersionOf(...(await write.counter()))).toBe(version);
      });
    });

    it('bumps the other side: a provider’s new location changes that location’s set version', async () => {
      const served = await locationsOf(providerId);
      const added = (await brandIds('locations')).find((id) => !served.includes(id));
      if (added === undefined) return;
      const before = await setVersionOf('locations', 'providers_version', added);
      const response = await app.inject({
        method: 'POST',
        url: '/api/scheduler/providerLocationMapAssign',
        headers: session('admin').bearerHeaders,
        payload: {
          clientId: brightsmileId,
          providerId,
          locationIds: [...served, added],
          version: await setVersionOf('providers', 'locations_version', providerId),
        },
      });
      expect(response.statusCode).toBe(200);
      expect(await setVersionOf('locations', 'providers_version', added)).toBe(before + 1);
      const restore = await app.inject({
        method: 'POST',
        url: '/api/scheduler/providerLocationMapAssign',
        headers: session('admin').bearerHeaders,
        payload: {
          clientId: brightsmileId,
          providerId,
          locationIds: served,
          version: response.json<{ version: number }>().version,
        },
      });
      expect(restore.statusCode).toBe(200);
    });
  });

  describe('maps', () => {
    it('replaces the set of locations of a provider and shows it in providerLocationMap', async () => {
      const served = await locationsOf(providerId);
      const keep = served.slice(0, 1);
      const assign = await app.inject({
        method: 'POST',
        url: '/api/scheduler/providerLocationMapAssign',
        headers: session('admin').cookieHeaders,
        payload: {
          clientId: brightsmileId,
          providerId,
          locationIds: [...keep, ...keep],
          version: await setVersionOf('providers', 'locations_version', providerId),
        },
      });
      expect(assign.statusCode).toBe(200);
      expect(assign.json()).toMatchObject({ providerId: String(providerId), locationIds: keep.map(String) });
      const map = await app.inject({
        method: 'GET',
        url: `/api/scheduler/providerLocationMap?clientId=${brightsmileId}`,
        headers: session('admin').bearerHeaders,
      });
      const row = map
        .json<{ providers: { providerId: string; locationIds: string[] }[] }>()
        .providers.find((p) => p.providerId === String(providerId));
      expect(row?.locationIds).toEqual(keep.map(String));
      // Restore the original set.
      await app.inject({
        method: 'POST',
        url: '/api/scheduler/providerLocationMapAssign',
        headers: session('admin').bearerHeaders,
        payload: {
          clientId: brightsmileId,
          providerId,
          locationIds: served,
          version: await setVersionOf('providers', 'locations_version', providerId),
        },
      });
    });

    it('refuses ids of another brand with 404 and changes nothing', async () => {
      const northsideLocation = (
        await t.db
          .selectFrom('locations')
          .select('id')
          .where('client_id', '=', northsideId)
          .executeTakeFirstOrThrow()
      ).id;
      const before = await locationsOf(providerId);
      const response = await app.inject({
        method: 'POST',
        url: '/api/scheduler/providerLocationMapAssign',
        headers: session('admin').bearerHeaders,
        payload: {
          clientId: brightsmileId,
          providerId,
          locationIds: [northsideLocation],
          version: await setVersionOf('providers', 'locations_version', providerId),
        },
      });
      expect(response.statusCode).toBe(404);
      expect(await locationsOf(providerId)).toEqual(before);
      const plan = await app.inject({
        method: 'POST',
        url: '/api/scheduler/createInsuranceProviderConfig',
        headers: session('admin').bearerHeaders,
        payload: {
          clientId: brightsmileId,
          planId,
          providerIds: [northsideProviderId],
          version: await setVersionOf('insurance_plans', 'providers_version', planId),
        },
      });
      expect(plan.statusCode).toBe(404);
    });

    it('sets the providers accepting a plan and lists them by plan', async () => {
      const assign = await app.inject({
        method: 'POST',
        url: '/api/scheduler/createInsuranceProviderConfig',
        headers: session('admin').bearerHeaders,
        payload: {
          clientId: brightsmileId,
          planId,
          providerIds: [providerId],
          version: await setVersionOf('insurance_plans', 'providers_version', planId),
        },
      });
      expect(assign.statusCode).toBe(200);
      expect(assign.json()).toMatchObject({ planId: String(planId), providerIds: [String(providerId)] });
      const byPlan = await app.inject({
        method: 'GET',
        url: `/api/scheduler/insurance/getProviderByInsurancePlan?clientId=${brightsmileId}&planId=${planId}`,
        headers: session('admin').bearerHeaders,
      });
      expect(
        byPlan.json<{ providers: { providerId: string }[] }>().providers.map((p) => p.providerId),
      ).toEqual([String(providerId)]);
      const control = await app.inject({
        method: 'GET',
        url: `/api/scheduler/insurance/getInsuranceControlData?clientId=${brightsmileId}`,
        headers: session('admin').bearerHeaders,
      });
      const data = control.json<{
        topPackages: { rank: number }[];
        carriers: { plans: unknown[] }[];
        types: unknown[];
      }>();
      expect(data.topPackages.map((p) => p.rank)).toEqual(
        [...data.topPackages.map((p) => p.rank)].sort((a, b) => a - b),
      );
      expect(data.carriers.length).toBeGreaterThan(0);
      expect(data.types.length).toBeGreaterThan(0);
    });
  });

  describe('patient data is audited', () => {
    it("writes an audit row for each read of a patient's appointments", async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/scheduler/getPatientAppointments?clientId=${brightsmileId}&patientId=${patientId}`,
        headers: session('staff').bearerHeaders,
        remoteAddress: '203.0.113.77',
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json<{ patient: { patientId: string }; appointments: { startUtc: string }[] }>();
      expect(body.patient.patientId).toBe(String(patientId));
      expect(body.appointments.length).toBeGreaterThan(0);
      const staffId = (
        await t.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'staff@demo.health')
          .executeTakeFirstOrThrow()
      ).id;
      const row = await t.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'patient.appointments.read')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        client_id: brightsmileId,
        user_id: staffId,
        record_type: 'patient',
        record_id: String(patientId),
        ip: '203.0.113.77',
      });
      expect(Math.abs(Number(row.created_at) - Date.now())).toBeLessThan(60_000);
    });

    it("answers 404 for another brand's patient", async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/scheduler/getPatientAppointments?clientId=${brightsmileId}&patientId=${northsidePatientId}`,
        headers: session('owner').bearerHeaders,
      });
      expect(response.statusCode).toBe(404);
    });

    it('lists the waitlist with contact details and age, filtered, and audits the read', async () => {
      const all = await app.inject({
        method: 'GET',
        url: `/api/scheduler/getWaitList?clientId=${brightsmileId}&status=all&pageSize=100`,
        headers: session('staff').bearerHeaders,
      });
      expect(all.statusCode).toBe(200);
      const body = all.json<{
        total: number;
        items: {
          waitlistEntryId: string;
          age: number | null;
          dateOfBirth: string | null;
          location: { locationId: string } | null;
        }[];
      }>();
      expect(body.total).toBeGreaterThan(0);
      const withAge = body.items.find((item) => item.dateOfBirth !== null);
      if (withAge) expect(withAge.age).toBeGreaterThanOrEqual(0);
      const located = body.items.find((item) => item.location !== null);
      if (located) {
        const filtered = await app.inject({
          method: 'GET',
          url: `/api/scheduler/getWaitList?clientId=${brightsmileId}&status=all&locationId=${located.location!.locationId}`,
          headers: session('staff').bearerHeaders,
        });
        const items = filtered.json<{ items: { location: { locationId: string } | null }[] }>().items;
        expect(items.every((item) => item.location?.locationId === located.location!.locationId)).toBe(true);
      }
      const row = await t.db
        .selectFrom('audit_log')
        .select(['details', 'record_type'])
        .where('action', '=', 'waitlist.read')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(row.record_type).toBe('waitlist');
      expect(JSON.parse(row.details ?? '{}')).toMatchObject({ filters: { status: 'all' } });
    });
  });

  describe('catalogue CRUD', () => {
    it('creates a location with coordinates from its ZIP code and refuses an unknown ZIP or a taken slug', async () => {
      const created = await app.inject({
        method: 'POST',
        url: '/api/scheduler/admin/locations',
        headers: session('admin').bearerHeaders,
        payload: {
          clientId: brightsmileId,
          slug: 'Boston-Back-Bay',
          name: 'BrightSmile Back Bay',
          addressLine1: '500 Boylston St',
          postalCode: '02116',
          timeZone: 'America/New_York',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const location = created.json<{
        location: { slug: string; latitude: number; longitude: number; city: string; state: string };
      }>().location;
      expect(location.slug).toBe('boston-back-bay');
      expect(location.latitude).toBeCloseTo(42.35, 1);
      expect(location.longitude).toBeCloseTo(-71.07, 1);
      expect(location.state).toBe('MA');

      const badZip = await app.inject({
        method: 'POST',
        url: '/api/scheduler/admin/locations',
        headers: session('admin').bearerHeaders,
        payload: {
          clientId: brightsmileId,
          slug: 'nowhere',
          name: 'Nowhere',
          addressLine1: '1 Main St',
          postalCode: '00000',
          timeZone: 'America/New_York',
        },
      });
      expect(badZip.statusCode).toBe(400);
      expect(badZip.json()).toMatchObject({ error: { details: { fields: [{ path: 'postalCode' }] } } });

      const taken = await app.inject({
        method: 'POST',
        url: '/api/scheduler/admin/locations',
        headers: session('admin').bearerHeaders,
        payload: {
          clientId: brightsmileId,
          slug: 'boston-back-bay',
          name: 'Again',
          addressLine1: '1 Main St',
          postalCode: '02116',
          timeZone: 'America/New_York',
        },
      });
      expect(taken.statusCode).toBe(400);
    });

    it('creates, edits and deletes a service', async () => {
      const created = await app.inject({
        method: 'POST',
        url: '/api/scheduler/admin/services',
        headers: session('admin').bearerHeaders,
        payload: { clientId: brightsmileId, name: 'Night Guard Fitting', durationMinutes: 30 },
      });
      expect(created.statusCode, created.body).toBe(201);
      const service = created.json<{ service: { appointmentTypeId: string; onlineEnabled: boolean } }>()
        .service;
      expect(service.onlineEnabled).toBe(true);
      const edited = await app.inject({
        method: 'PATCH',
        url: `/api/scheduler/admin/services/${service.appointmentTypeId}`,
        headers: session('admin').bearerHeaders,
        payload: { clientId: brightsmileId, version: 1, onlineEnabled: false, durationMinutes: 45 },
      });
      expect(edited.json()).toMatchObject({ service: { onlineEnabled: false, durationMinutes: 45 } });
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/scheduler/admin/services/${service.appointmentTypeId}?clientId=${brightsmileId}`,
        headers: session('admin').bearerHeaders,
      });
      expect(deleted.statusCode).toBe(200);
      const inUse = await app.inject({
        method: 'DELETE',
        url: `/api/scheduler/admin/services/${serviceId}?clientId=${brightsmileId}`,
        headers: session('admin').bearerHeaders,
      });
      expect(inUse.statusCode).toBe(409);
    });

    it("refuses a plan under another brand's carrier", async () => {
      const northsideCarrier = (
        await t.db
          .selectFrom('insurance_carriers')
          .select('id')
          .where('client_id', '=', northsideId)
          .executeTakeFirstOrThrow()
      ).id;
      const response = await app.inject({
        method: 'POST',
        url: '/api/scheduler/admin/insurance/plans',
        headers: session('admin').bearerHeaders,
        payload: { clientId: brightsmileId, carrierId: northsideCarrier, name: 'Sneaky Plan' },
      });
      expect(response.statusCode).toBe(400);
    });

    it('keeps the widget allow-list to valid site origins', async () => {
      const bad = await app.inject({
        method: 'PUT',
        url: '/api/scheduler/admin/widget',
        headers: session('admin').bearerHeaders,
        payload: {
          clientId: brightsmileId,
          frameAncestors: ["https://ok.example 'unsafe-inline'"],
          version: await setVersionOf('clients', 'frame_ancestors_version', brightsmileId),
        },
      });
      expect(bad.statusCode).toBe(400);
      const good = await app.inject({
        method: 'PUT',
        url: '/api/scheduler/admin/widget',
        headers: session('admin').bearerHeaders,
        payload: {
          clientId: brightsmileId,
          frameAncestors: ['https://*.brightsmile.example', 'HTTPS://www.partner.example:8443'],
          version: await setVersionOf('clients', 'frame_ancestors_version', brightsmileId),
        },
      });
      expect(good.json()).toMatchObject({
        frameAncestors: ['https://*.brightsmile.example', 'https://www.partner.example:8443'],
      });
    });
  });

  describe('paged lists: page, pageSize, search and sort done by the server', () => {
    type Item = Record<string, unknown>;
    interface ListCase {
      url: string;
      role: 'admin' | 'owner';
      /** The fields the search looks in. */
      searchFields: string[];
      sortKeys: string[];
    }
    const lists: ListCase[] = [
      {
        url: '/api/scheduler/admin/services',
        role: 'admin',
        searchFields: ['name', 'description'],
        sortKeys: ['name', 'duration', 'sortOrder'],
      },
      {
        url: '/api/scheduler/admin/locations',
        role: 'admin',
        searchFields: ['name', 'addressLine1', 'city', 'state', 'postalCode'],
        sortKeys: ['name', 'postalCode', 'sortOrder'],
      },
      {
        url: '/api/scheduler/admin/insurance/carriers',
        role: 'admin',
        searchFields: ['name'],
        sortKeys: ['name', 'planCount'],
      },
      {
        url: '/api/scheduler/admin/insurance/plans',
        role: 'admin',
        searchFields: ['name', 'carrierName'],
        sortKeys: ['carrier', 'name', 'topRank'],
      },
      {
        url: '/api/scheduler/admin/insurance/types',
        role: 'admin',
        searchFields: ['name'],
        sortKeys: ['name', 'sortOrder'],
      },
      {
        url: '/api/config/users',
        role: 'owner',
        searchFields: ['displayName', 'email'],
        sortKeys: ['name', 'email', 'lastLogin'],
      },
    ];
    const list = async (
      { url, role }: ListCase,
      query: Record<string, string | number>,
    ): Promise<{
      statusCode: number;
      body: { items: Item[]; page: number; pageSize: number; total: number };
    }> => {
      const params = new URLSearchParams({ clientId: String(brightsmileId) });
      for (const [key, value] of Object.entries(query)) params.set(key, String(value));
      const response = await app.inject({
        method: 'GET',
        url: `${url}?${params.toString()}`,
        headers: session(role).bearerHeaders,
      });
      return { statusCode: response.statusCode, body: response.json() };
    };

    it.each(lists)('$url: pages, sorts both ways and reports the total', async (listCase) => {
      for (const key of listCase.sortKeys) {
        const all = await list(listCase, { pageSize: 100, sort: key });
        expect(all.statusCode).toBe(200);
        expect(all.body.total).toBe(all.body.items.length);
        expect(all.body.total).toBeGreaterThanOrEqual(2);
        const page2 = await list(listCase, { pageSize: 2, page: 2, sort: key });
        expect(page2.body).toMatchObject({ page: 2, pageSize: 2, total: all.body.total });
        expect(page2.body.items).toEqual(all.body.items.slice(2, 4));
        const descending = await list(listCase, { pageSize: 100, sort: `-${key}` });
        expect(descending.body.items).toEqual([...all.body.items].reverse());
      }
    });

    const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
    it.each(lists)('$url: searches case-insensitively in its text fields', async (listCase) => {
      const all = (await list(listCase, { pageSize: 100 })).body.items;
      const sample = textOf(all[1]?.[listCase.searchFields[0]!]);
      const needle = sample.slice(1, 4).toUpperCase();
      const expected = all.filter((item) =>
        listCase.searchFields.some((field) =>
          textOf(item[field]).toLowerCase().includes(needle.toLowerCase()),
        ),
      );
      const found = await list(listCase, { pageSize: 100, search: needle });
      expect(found.body.total).toBe(expected.length);
      expect(found.body.items).toEqual(expected);
      // LIKE wildcards are matched literally.
      const wildcard = await list(listCase, { search: '%_%' });
      expect(wildcard.body).toMatchObject({ items: [], total: 0 });
    });

    it.each(lists)(
      '$url: refuses a page size over 100, an unknown sort and a page below 1',
      async (listCase) => {
        const refused: Record<string, string | number>[] = [
          { pageSize: 101 },
          { pageSize: 0 },
          { sort: 'password' },
          { page: 0 },
        ];
        for (const query of refused) {
          const response = await list(listCase, query);
          expect(response.statusCode, JSON.stringify(query)).toBe(400);
          expect(response.body).toMatchObject({ error: { code: 'VALIDATION' } });
        }
      },
    );
  });

  describe('optimistic concurrency: a stale version is refused with 409 and writes nothing', () => {
    interface VersionedCase {
      name: string;
      table: 'services' | 'locations' | 'insurance_carriers' | 'insurance_types' | 'insurance_plans';
      id: () => number;
      url: (id: number) => string;
      change: (round: number) => Record<string, unknown>;
    }
    const versioned: VersionedCase[] = [
      {
        name: 'service',
        table: 'services',
        id: () => serviceId,
        url: (id) => `/api/scheduler/admin/services/${id}`,
        change: (round) => ({ description: `Edited ${round}` }),
      },
      {
        name: 'location',
        table: 'locations',
        id: () => locationId,
        url: (id) => `/api/scheduler/admin/locations/${id}`,
        change: (round) => ({ phone: `(555) 010-00${round}` }),
      },
      {
        name: 'insurance carrier',
        table: 'insurance_carriers',
        id: () => carrierId,
        url: (id) => `/api/scheduler/admin/insurance/carriers/${id}`,
        change: (round) => ({ name: `Renamed Carrier ${round}` }),
      },
      {
        name: 'insurance plan',
        table: 'insurance_plans',
        id: () => planId,
        url: (id) => `/api/scheduler/admin/insurance/plans/${id}`,
        change: (round) => ({ name: `Renamed Plan ${round}` }),
      },
      {
        name: 'insurance type',
        table: 'insurance_types',
        id: () => insuranceTypeId,
        url: (id) => `/api/scheduler/admin/insurance/types/${id}`,
        change: (round) => ({ name: `Renamed Type ${round}` }),
      },
    ];
    const rowOf = (table: VersionedCase['table'], id: number) =>
      t.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it.each(versioned)('$name: the first edit wins, the second with the same version gets 409', async (c) => {
      const id = c.id();
      const read = await versionOf(c.table, id);
      const patch = (round: number, version: number) =>
        app.inject({
          method: 'PATCH',
          url: c.url(id),
          headers: session('admin').bearerHeaders,
          payload: { clientId: brightsmileId, version, ...c.change(round) },
        });
      const first = await patch(1, read);
      expect(first.statusCode, first.body).toBe(200);
      expect(Object.values(first.json<Record<string, { version: number }>>())[0]?.version).toBe(read + 1);
      const before = await rowOf(c.table, id);

      const stale = await patch(2, read);
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ error: { code: 'CONFLICT', message: STALE_MESSAGE } });
      expect(await rowOf(c.table, id)).toEqual(before);

      const missing = await app.inject({
        method: 'PATCH',
        url: c.url(2_000_000_000),
        headers: session('admin').bearerHeaders,
        payload: { clientId: brightsmileId, version: 1, ...c.change(3) },
      });
      expect(missing.statusCode).toBe(404);
      const noVersion = await app.inject({
        method: 'PATCH',
        url: c.url(id),
        headers: session('admin').bearerHeaders,
        payload: { clientId: brightsmileId, ...c.change(4) },
      });
      expect(noVersion.statusCode).toBe(400);
      expect(await rowOf(c.table, id)).toEqual(before);
    });

    it('updateConfig: a stale settings version gets 409 and changes no setting', async () => {
      const read = (
        await app.inject({
          method: 'GET',
          url: `/api/scheduler/getAssignConfig?clientId=${brightsmileId}&ruleId=${schedulerId}`,
          headers: session('admin').bearerHeaders,
        })
      ).json<{ version: number }>().version;
      const update = (value: number) =>
        app.inject({
          method: 'PATCH',
          url: '/api/scheduler/updateConfig',
          headers: session('admin').bearerHeaders,
          payload: {
            clientId: brightsmileId,
            ruleId: schedulerId,
            version: read,
            settings: [{ group: 'appointment', order: 1, value }],
          },
        });
      const first = await update(30);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json<{ version: number }>().version).toBe(read + 1);
      const settingsBefore = await t.db
        .selectFrom('scheduler_settings')
        .selectAll()
        .where('scheduler_id', '=', schedulerId)
        .orderBy('id')
        .execute();

      const stale = await update(45);
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ error: { code: 'CONFLICT', message: STALE_MESSAGE } });
      expect(
        await t.db
          .selectFrom('scheduler_settings')
          .selectAll()
          .where('scheduler_id', '=', schedulerId)
          .orderBy('id')
          .execute(),
      ).toEqual(settingsBefore);
      expect(await settingsVersion()).toBe(read + 1);
    });
  });

  describe('insurance types', () => {
    const typesUrl = '/api/scheduler/admin/insurance/types';
    const post = (payload: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: typesUrl,
        headers: session('admin').bearerHeaders,
        payload: { clientId: brightsmileId, ...payload },
      });

    it('creates, renames and deletes a type, refusing duplicates, bad input and a type in use', async () => {
      const created = await post({ name: 'Vision Plus', sortOrder: 7 });
      expect(created.statusCode, created.body).toBe(201);
      const type = created.json<{
        insuranceType: { insuranceTypeId: string; name: string; sortOrder: number; version: number };
      }>().insuranceType;
      expect(type).toMatchObject({ name: 'Vision Plus', sortOrder: 7, version: 1, planCount: 0 });

      const duplicate = await post({ name: '  vision PLUS ' });
      expect(duplicate.statusCode).toBe(400);
      expect(duplicate.json()).toMatchObject({
        error: { code: 'VALIDATION', details: { fields: [{ path: 'name' }] } },
      });
      for (const bad of [{ name: '' }, { name: 'x'.repeat(61) }, { name: 'Ok', sortOrder: -1 }, {}]) {
        const response = await post(bad);
        expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      }

      const renamed = await app.inject({
        method: 'PATCH',
        url: `${typesUrl}/${type.insuranceTypeId}`,
        headers: session('admin').bearerHeaders,
        payload: { clientId: brightsmileId, version: 1, name: 'Vision Premium' },
      });
      expect(renamed.json()).toMatchObject({ insuranceType: { name: 'Vision Premium', version: 2 } });

      const listed = await app.inject({
        method: 'GET',
        url: `${typesUrl}?clientId=${brightsmileId}&search=vision%20prem`,
        headers: session('viewer').bearerHeaders,
      });
      expect(listed.statusCode).toBe(403);
      const found = await app.inject({
        method: 'GET',
        url: `${typesUrl}?clientId=${brightsmileId}&search=vision%20prem`,
        headers: session('admin').bearerHeaders,
      });
      expect(found.json()).toMatchObject({ total: 1, items: [{ insuranceTypeId: type.insuranceTypeId }] });

      // In use by a plan: refused, and the type stays.
      const plan = await app.inject({
        method: 'POST',
        url: '/api/scheduler/admin/insurance/plans',
        headers: session('admin').bearerHeaders,
        payload: {
          clientId: brightsmileId,
          carrierId,
          name: 'Vision Gold',
          insuranceTypeId: type.insuranceTypeId,
        },
      });
      expect(plan.statusCode, plan.body).toBe(201);
      expect(plan.json()).toMatchObject({ plan: { insuranceTypeName: 'Vision Premium', version: 1 } });
      const del = (id: string | number, clientId = brightsmileId) =>
        app.inject({
          method: 'DELETE',
          url: `${typesUrl}/${id}?clientId=${clientId}`,
          headers: session('admin').bearerHeaders,
        });
      const inUse = await del(type.insuranceTypeId);
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json()).toMatchObject({ error: { code: 'CONFLICT' } });

      const planId = plan.json<{ plan: { planId: string } }>().plan.planId;
      await app.inject({
        method: 'DELETE',
        url: `/api/scheduler/admin/insurance/plans/${planId}?clientId=${brightsmileId}`,
        headers: session('admin').bearerHeaders,
      });
      expect((await del(type.insuranceTypeId)).statusCode).toBe(200);
      expect((await del(type.insuranceTypeId)).statusCode).toBe(404);
      const gone = await t.db
        .selectFrom('insurance_types')
        .select('id')
        .where('id', '=', Number(type.insuranceTypeId))
        .executeTakeFirst();
      expect(gone).toBeUndefined();
    });

    it("answers another brand's type as missing (404) and leaves it alone", async () => {
      const northsideType = await firstId('insurance_types', northsideId);
      const rename = await app.inject({
        method: 'PATCH',
        url: `${typesUrl}/${northsideType}`,
        headers: session('admin').bearerHeaders,
        payload: { clientId: brightsmileId, version: 1, name: 'Hijacked' },
      });
      expect(rename.statusCode).toBe(404);
      const remove = await app.inject({
        method: 'DELETE',
        url: `${typesUrl}/${northsideType}?clientId=${brightsmileId}`,
        headers: session('admin').bearerHeaders,
      });
      expect(remove.statusCode).toBe(404);
      const row = await t.db
        .selectFrom('insurance_types')
        .select('name')
        .where('id', '=', northsideType)
        .executeTakeFirstOrThrow();
      expect(row.name).not.toBe('Hijacked');
    });
  });

  it('documents the staff endpoints in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    for (const path of [
      '/api/config/login',
      '/api/config/user',
      '/api/config/clients',
      '/api/config/switch/clients',
      '/api/config/logout',
      '/api/config/users',
      '/api/scheduler/adminLogin',
      '/api/scheduler/getAssignConfig',
      '/api/scheduler/updateConfig',
      '/api/scheduler/updateProviderInfo',
      '/api/scheduler/getWaitList',
      '/api/scheduler/admin/locations',
      '/api/scheduler/admin/insurance/plans',
      '/api/scheduler/admin/insurance/carriers',
      '/api/scheduler/admin/insurance/types',
      '/api/scheduler/admin/insurance/types/{insuranceTypeId}',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
