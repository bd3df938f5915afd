import type { Permission } from '@scheduler/domain/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { seedIfEmpty } from '../../db/seed/seed.ts';
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
  let patientId: number;
  let northsidePatientId: number;
  const as: Partial<Record<'owner' | 'admin' | 'staff' | 'viewer', StaffLogin>> = {};
  const session = (role: 'owner' | 'admin' | 'staff' | 'viewer'): StaffLogin => as[role]!;

  const firstId = async (
    table: 'schedulers' | 'providers' | 'services' | 'insurance_plans' | 'patients',
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

  const providerVersion = async (id: number): Promise<number> =>
    (await t.db.selectFrom('providers').select('version').where('id', '=', id).executeTakeFirstOrThrow())
      .version;
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
      payload: async (c) => ({ clientId: c, providerId, locationIds: await locationsOf(providerId) }),
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
        return { clientId: c, locationId, providerIds };
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
        Promise.resolve({
          clientId: c,
          ruleId: schedulerId,
          settings: [{ group: 'appointment', order: 17, value: 'No' }],
        }),
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
      payload: (c) =>
        Promise.resolve({
          clientId: c,
          frameAncestors: ['https://www.brightsmile.example', 'http://localhost:*'],
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
  ];

  /** A role that lacks each permission, and one that has it. */
  const refusedRole: Record<string, 'staff' | 'viewer'> = {
    'config:read': 'staff',
    'config:write': 'staff',
    'patients:read': 'viewer',
    'waitlist:read': 'viewer',
  };
  const allowedRole: Record<string, 'admin' | 'staff'> = {
    'config:read': 'admin',
    'config:write': 'admin',
    'patients:read': 'staff',
    'waitlist:read': 'staff',
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
      expect(config.definitions).toHaveLength(20);
      expect(config.definitions.find((d) => d.key === 'widgetColor')?.kind).toEqual({ type: 'color' });

      const update = await app.inject({
        method: 'PATCH',
        url: '/api/scheduler/updateConfig',
        headers: session('admin').cookieHeaders,
        payload: {
          clientId: brightsmileId,
          ruleId: schedulerId,
          settings: [
            { group: 'appointment', order: 1, value: 21 },
            { group: 'appointment', order: 20, value: '#12ab9f' },
            { group: 'thankYouScreen', order: 3, value: false },
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
        changed: ['appointment.1', 'appointment.20', 'thankYouScreen.3'],
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

  describe('maps', () => {
    it('replaces the set of locations of a provider and shows it in providerLocationMap', async () => {
      const served = await locationsOf(providerId);
      const keep = served.slice(0, 1);
      const assign = await app.inject({
        method: 'POST',
        url: '/api/scheduler/providerLocationMapAssign',
        headers: session('admin').cookieHeaders,
        payload: { clientId: brightsmileId, providerId, locationIds: [...keep, ...keep] },
      });
      expect(assign.statusCode).toBe(200);
      expect(assign.json()).toEqual({ providerId: String(providerId), locationIds: keep.map(String) });
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
        payload: { clientId: brightsmileId, providerId, locationIds: served },
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
        payload: { clientId: brightsmileId, providerId, locationIds: [northsideLocation] },
      });
      expect(response.statusCode).toBe(404);
      expect(await locationsOf(providerId)).toEqual(before);
      const plan = await app.inject({
        method: 'POST',
        url: '/api/scheduler/createInsuranceProviderConfig',
        headers: session('admin').bearerHeaders,
        payload: { clientId: brightsmileId, planId, providerIds: [northsideProviderId] },
      });
      expect(plan.statusCode).toBe(404);
    });

    it('sets the providers accepting a plan and lists them by plan', async () => {
      const assign = await app.inject({
        method: 'POST',
        url: '/api/scheduler/createInsuranceProviderConfig',
        headers: session('admin').bearerHeaders,
        payload: { clientId: brightsmileId, planId, providerIds: [providerId] },
      });
      expect(assign.statusCode).toBe(200);
      expect(assign.json()).toEqual({ planId: String(planId), providerIds: [String(providerId)] });
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
        payload: { clientId: brightsmileId, onlineEnabled: false, durationMinutes: 45 },
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
        payload: { clientId: brightsmileId, frameAncestors: ["https://ok.example 'unsafe-inline'"] },
      });
      expect(bad.statusCode).toBe(400);
      const good = await app.inject({
        method: 'PUT',
        url: '/api/scheduler/admin/widget',
        headers: session('admin').bearerHeaders,
        payload: {
          clientId: brightsmileId,
          frameAncestors: ['https://*.brightsmile.example', 'HTTPS://www.partner.example:8443'],
        },
      });
      expect(good.json()).toMatchObject({
        frameAncestors: ['https://*.brightsmile.example', 'https://www.partner.example:8443'],
      });
    });
  });

  it('documents the staff endpoints in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json<{
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
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
