/*
 * Issue 19, "Providers": retiring a provider keeps it for history, takes it out of every bookable
 * list (the slot search, kept searches included), shows it as retired in the staff list, lists its
 * upcoming appointments for rebooking, and can be undone. Both databases.
 */
import { randomUUID } from 'node:crypto';
import type { GetProvidersResponse, SlotResponse } from '@scheduler/contract/scheduler-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activeAppointmentStatuses } from '../../platform/db/schema.ts';
import type { PublicFixture } from '../../test/public-api-fixture.ts';
import { NOW, createPublicFixture, newPatient, query } from '../../test/public-api-fixture.ts';
import { loginAsDemo } from '../../test/staff-login.ts';
import type { StaffLogin } from '../../test/staff-login.ts';
import { testDatabases } from '../../test/test-db.ts';

vi.mock(import('../../platform/auth/password.ts'), async (original) =>
  (await import('../../test/fast-passwords.ts')).fastPasswords(original),
);

const STALE = 'This record was changed by someone else. Reload to see the latest version.';

describe.each(testDatabases())('retiring a provider on $name', (target) => {
  let f: PublicFixture;
  let owner: StaffLogin;
  let staff: StaffLogin;
  let clientId: number;
  /** An online provider of brightsmile with slots and upcoming appointments. */
  let providerId: number;
  let serviceId: number;

  beforeAll(async () => {
    f = await createPublicFixture(target);
    owner = await loginAsDemo(f.app, 'owner');
    staff = await loginAsDemo(f.app, 'staff');
    clientId = f.brightsmile.clientId;
    const row = await f.t.db
      .selectFrom('appointments as a')
      .innerJoin('providers as p', 'p.id', 'a.provider_id')
      .select(['a.provider_id', 'a.service_id'])
      .where('a.client_id', '=', clientId)
      .where('p.online_bookable', '=', 1)
      .where('a.status', 'in', [...activeAppointmentStatuses])
      .where('a.start_at', '>', NOW.getTime())
      .orderBy('a.provider_id')
      .executeTakeFirstOrThrow();
    providerId = row.provider_id;
    serviceId = row.service_id;
  });
  afterAll(async () => {
    await f.close();
  });

  const version = async () =>
    (
      await f.t.db
        .selectFrom('providers')
        .select('version')
        .where('id', '=', providerId)
        .executeTakeFirstOrThrow()
    ).version;

  const patch = (login: StaffLogin, body: Record<string, unknown>, id = providerId, brand = clientId) =>
    f.app.inject({
      method: 'PATCH',
      url: `/api/scheduler/admin/providers/${id}`,
      headers: login.cookieHeaders,
      payload: { clientId: brand, ...body },
    });

  const searchedProviderIds = async (): Promise<string[]> => {
    const response = await f.app.inject({
      method: 'GET',
      url: `/api/scheduler/getProviders?${query({
        clientName: 'brightsmile',
        scheduler: 'main',
        appointmentTypeId: serviceId,
        locationId: 'all',
      })}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<GetProvidersResponse>()
      .providers.filter((p) => p.slots.length > 0)
      .map((p) => p.providerId);
  };

  /** A free slot of the provider (from the public search). */
  const freeSlot = async (): Promise<SlotResponse> => {
    const response = await f.app.inject({
      method: 'GET',
      url: `/api/scheduler/getProviders?${query({
        clientName: 'brightsmile',
        scheduler: 'main',
        appointmentTypeId: serviceId,
        locationId: 'all',
        providerId,
      })}`,
    });
    const slot = response.json<GetProvidersResponse>().providers[0]?.slots.at(-1);
    if (slot === undefined) throw new Error('the provider has no free slot');
    return slot;
  };

  const book = (slot: SlotResponse) =>
    f.app.inject({
      method: 'PUT',
      url: '/api/scheduler/bookAppointment',
      payload: {
        clientSlug: 'brightsmile',
        schedulerSlug: 'main',
        locationId: slot.locationId,
        providerId: String(providerId),
        appointmentTypeId: String(serviceId),
        startUtc: slot.startUtc,
        patient: newPatient(),
        isExistingPatient: false,
        insurance: null,
        details: {},
        sessionId: `session-${randomUUID()}`,
        idempotencyKey: randomUUID(),
      },
    });

  const listed = async (status?: string): Promise<{ providerId: string; retiredAt: string | null }[]> => {
    const response = await f.app.inject({
      method: 'GET',
      url: `/api/scheduler/getAllProviders?${query({ clientId, pageSize: 100, status })}`,
      headers: owner.cookieHeaders,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: { providerId: string; retiredAt: string | null }[] }>().items;
  };

  const upcomingIds = async (): Promise<string[]> =>
    (
      await f.t.db
        .selectFrom('appointments')
        .select('id')
        .where('provider_id', '=', providerId)
        .where('status', 'in', [...activeAppointmentStatuses])
        .where('start_at', '>=', NOW.getTime())
        .orderBy('start_at')
        .orderBy('id')
        .execute()
    ).map((row) => String(row.id));

  it('refuses staff (no config:write) and a stale version, changing nothing', async () => {
    const before = await version();
    expect((await patch(staff, { retired: true, version: before })).statusCode).toBe(403);
    const stale = await patch(owner, { retired: true, version: before + 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ error: { message: string } }>().error.message).toBe(STALE);
    const missing = await patch(owner, { retired: true });
    expect(missing.statusCode).toBe(400);
    expect(await version()).toBe(before);
    expect(
      (
        await f.t.db
          .selectFrom('providers')
          .select('retired_at')
          .where('id', '=', providerId)
          .executeTakeFirstOrThrow()
      ).retired_at,
    ).toBeNull();
  });

  it("answers another brand's provider as a missing one", async () => {
    const northsideProvider = f.northside.providers[Object.keys(f.northside.providers)[0]!]!;
    const foreign = await patch(owner, { retired: true, version: 1 }, northsideProvider);
    const missing = await patch(owner, { retired: true, version: 1 }, 2_000_000_000);
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
  });

  it('retires: out of the slot search (a kept search too), retired in the list, upcoming appointments listed and audited', async () => {
    // A first search keeps its answer; the retirement must not let it be reused.
    expect(await searchedProviderIds()).toContain(String(providerId));
    const slot = await freeSlot();
    const expected = await upcomingIds();
    expect(expected.length).toBeGreaterThan(0);
    const counter = async () =>
      Number(
        (
          await f.t.db
            .selectFrom('search_config_versions')
            .select('version')
            .where('client_id', '=', clientId)
            .executeTakeFirstOrThrow()
        ).version,
      );
    const counterBefore = await counter();

    const response = await patch(owner, { retired: true, version: await version() });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{
      provider: { providerId: string; retiredAt: string | null };
      appointmentsToRebook: {
        appointmentId: string;
        patientName: string;
        timeZone: string;
        providerId: string;
      }[];
    }>();
    expect(body.provider.retiredAt).toBe(NOW.toISOString());
    expect(body.appointmentsToRebook.map((a) => a.appointmentId)).toEqual(expected);
    expect(body.appointmentsToRebook.every((a) => a.providerId === String(providerId))).toBe(true);
    expect(body.appointmentsToRebook[0]!.patientName).not.toBe('');
    expect(await counter()).toBeGreaterThan(counterBefore);

    expect(await searchedProviderIds()).not.toContain(String(providerId));
    // A time found before the retirement can no longer be booked.
    const refused = await book(slot);
    expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(await upcomingIds()).toEqual(expected);
    expect((await listed()).map((p) => p.providerId)).not.toContain(String(providerId));
    const retired = await listed('retired');
    expect(retired).toEqual([
      expect.objectContaining({ providerId: String(providerId), retiredAt: NOW.toISOString() }),
    ]);
    expect((await listed('all')).map((p) => p.providerId)).toContain(String(providerId));

    // Kept for history: its appointments are all still there.
    expect(await upcomingIds()).toEqual(expected);
    const audit = await f.t.db
      .selectFrom('audit_log')
      .select(['action', 'record_id', 'details'])
      .where('action', '=', 'provider.retire')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.record_id).toBe(String(providerId));
    expect(JSON.stringify(audit[0]!.details)).toContain(expected[0]!);
  });

  it('lists the upcoming appointments again for anyone with patients:read, audited', async () => {
    const response = await f.app.inject({
      method: 'GET',
      url: `/api/scheduler/admin/providers/${providerId}/upcoming-appointments?clientId=${clientId}`,
      headers: staff.cookieHeaders,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response.json<{ appointments: { appointmentId: string }[] }>().appointments.map((a) => a.appointmentId),
    ).toEqual(await upcomingIds());
    const rows = await f.t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'provider.appointments.read')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
  });

  it('retiring a retired provider changes nothing; restoring makes it bookable again', async () => {
    const current = await version();
    const again = await patch(owner, { retired: true, version: current });
    expect(again.statusCode).toBe(200);
    expect(await version()).toBe(current);

    const restored = await patch(owner, { retired: false, version: current });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<{ provider: { retiredAt: string | null } }>().provider.retiredAt).toBeNull();
    expect(await version()).toBe(current + 1);
    expect(await searchedProviderIds()).toContain(String(providerId));
    expect((await listed()).map((p) => p.providerId)).toContain(String(providerId));
    const booked = await book(await freeSlot());
    expect(booked.statusCode, booked.body).toBe(201);
    expect(
      await f.t.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'provider.restore')
        .execute(),
    ).toHaveLength(1);
  });
});
