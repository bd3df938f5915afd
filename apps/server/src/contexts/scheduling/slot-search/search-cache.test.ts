/*
 * The slot search keeps busy periods and engine runs between requests (search-cache.ts). These tests
 * change appointments and time off behind the API's back — as another server instance, the seed or
 * a CLI would — and check that the very next search on a warm app answers as a fresh one does.
 */
import { randomUUID } from 'node:crypto';
import type { GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../../app.ts';
import { buildApp } from '../../../app.ts';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import {
  NOW,
  bookSlotBehindApi,
  countingDb,
  createAppOn,
  createPublicFixture,
  newPatient,
  query,
  setSetting,
} from '../../../test/public-api-fixture.ts';
import { testDatabases } from '../../../test/test-db.ts';

vi.mock(import('../../../platform/auth/password.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  hashPassword: (password: string) => Promise.resolve(`test-only$${password}`),
}));

describe.each(testDatabases())('slot search kept between requests on $name', (target) => {
  let f: PublicFixture;
  let app: App;
  let counter: ReturnType<typeof countingDb>;

  beforeAll(async () => {
    f = await createPublicFixture(target);
    counter = countingDb(f.t.db);
    app = await createAppOn(f, { db: counter.db });
  });
  afterAll(async () => {
    await app.close();
    await f.close();
  });

  const url = (extra: Record<string, string> = {}) =>
    `/api/scheduler/getProviders?${query({
      clientName: 'brightsmile',
      scheduler: 'main',
      appointmentTypeId: String(f.brightsmile.services['Emergency Dental Visit']),
      locationId: 'all',
      ...extra,
    })}`;
  async function search(): Promise<GetProvidersResponse> {
    const response = await app.inject({ method: 'GET', url: url() });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GetProvidersResponse>();
  }
  /** A fresh app on the same database: nothing kept. */
  async function freshSearch(): Promise<GetProvidersResponse> {
    const fresh = await createAppOn(f);
    try {
      const response = await fresh.inject({ method: 'GET', url: url() });
      return response.json<GetProvidersResponse>();
    } finally {
      await fresh.close();
    }
  }
  const slotsOf = (body: GetProvidersResponse, providerId: string) =>
    body.providers.find((p) => p.providerId === providerId)?.slots.map((s) => s.startUtc) ?? [];

  it('answers a repeated search with one statement while nothing changed, the same answer', async () => {
    const first = await search();
    counter.reset();
    const second = await search();
    expect(counter.count()).toBe(1);
    expect(second).toEqual(first);
    expect(second).toEqual(await freshSearch());
  });

  it('computes concurrent identical searches once: the others wait for its answer', async () => {
    const counted = countingDb(f.t.db);
    const cold = await createAppOn(f, { db: counted.db });
    try {
      const responses = await Promise.all(
        Array.from({ length: 4 }, () => cold.inject({ method: 'GET', url: url() })),
      );
      for (const response of responses) expect(response.statusCode, response.body).toBe(200);
      expect(new Set(responses.map((response) => response.body)).size).toBe(1);
      // Statement 1 for each, statements 2–5 once (four computations would be 4 × 5).
      expect(counted.count()).toBeLessThanOrEqual(4 + 4);
      expect(responses[0]!.json()).toEqual(await freshSearch());
    } finally {
      await cold.close();
    }
  });

  it('reads again, in at most 5 statements, what a booking through another app instance changed', async () => {
    const before = await search();
    const provider = before.providers.find((p) => p.slots.length > 2)!;
    const slot = provider.slots[0]!;
    const other = await createAppOn(f);
    try {
      const booked = await other.inject({
        method: 'PUT',
        url: '/api/scheduler/bookAppointment',
        payload: {
          clientSlug: 'brightsmile',
          schedulerSlug: 'main',
          locationId: slot.locationId,
          providerId: provider.providerId,
          appointmentTypeId: String(f.brightsmile.services['Emergency Dental Visit']),
          startUtc: slot.startUtc,
          patient: newPatient(),
          isExistingPatient: false,
          insurance: null,
          details: { reasonForVisit: 'Chipped tooth' },
          sessionId: `session-${randomUUID()}`,
          idempotencyKey: randomUUID(),
        },
      });
      expect(booked.statusCode, booked.body).toBe(201);
    } finally {
      await other.close();
    }
    counter.reset();
    const after = await search();
    expect(counter.count()).toBeLessThanOrEqual(5);
    expect(slotsOf(after, provider.providerId)).not.toContain(slot.startUtc);
    expect(after).toEqual(await freshSearch());
    counter.reset();
    expect(await search()).toEqual(after);
    expect(counter.count()).toBe(1);
  });

  it('answers afresh once the clock moves the booking window (a new local day)', async () => {
    let clock = NOW;
    const appAt = async (now: () => Date) => {
      const built = await buildApp({ config: f.t.config, db: f.t.db, logger: false, now });
      await built.ready();
      return built;
    };
    const moving = await appAt(() => clock);
    try {
      const today = await moving.inject({ method: 'GET', url: url() });
      expect(today.statusCode, today.body).toBe(200);
      // A minute later, the same local day: the kept answer.
      clock = new Date(NOW.getTime() + 60_000);
      expect((await moving.inject({ method: 'GET', url: url() })).body).toBe(today.body);
      // A day later: a new window, as a fresh app computes it.
      clock = new Date(NOW.getTime() + 86_400_000);
      const tomorrow = await moving.inject({ method: 'GET', url: url() });
      expect(tomorrow.json<GetProvidersResponse>().window).not.toEqual(
        today.json<GetProvidersResponse>().window,
      );
      const fresh = await appAt(() => clock);
      try {
        expect(tomorrow.json()).toEqual((await fresh.inject({ method: 'GET', url: url() })).json());
      } finally {
        await fresh.close();
      }
    } finally {
      await moving.close();
    }
  });

  it('sees settings, hours, locations, providers and services changed behind its back at once', async () => {
    const before = await search();
    const provider = before.providers.find((p) => p.slots.length > 2)!;
    const providerId = Number(provider.providerId);
    const serviceId = f.brightsmile.services['Emergency Dental Visit']!;
    /** Applies a change, checks that the warm app answers as a fresh one, then undoes it. */
    async function changed(apply: () => Promise<unknown>, undo: () => Promise<unknown>): Promise<void> {
      await apply();
      const answer = await search();
      expect(answer).not.toEqual(before);
      expect(answer).toEqual(await freshSearch());
      await undo();
      expect(await search()).toEqual(before);
    }

    // 'How far out': 3 days.
    const stored = await f.t.db
      .selectFrom('scheduler_settings')
      .select('value')
      .where('scheduler_id', '=', f.brightsmile.schedulerId)
      .where('setting_group', '=', 'appointment')
      .where('setting_order', '=', 1)
      .executeTakeFirst();
    await changed(
      () => setSetting(f.t.db, f.brightsmile, 'appointment', 1, '3'),
      () => setSetting(f.t.db, f.brightsmile, 'appointment', 1, stored?.value ?? null),
    );
    // One row of the provider's working hours moved by an hour.
    const hours = await f.t.db
      .selectFrom('working_hours')
      .select(['id', 'start_minute'])
      .where('provider_id', '=', providerId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await changed(
      () =>
        f.t.db
          .updateTable('working_hours')
          .set({ start_minute: hours.start_minute + 60 })
          .where('id', '=', hours.id)
          .execute(),
      () =>
        f.t.db
          .updateTable('working_hours')
          .set({ start_minute: hours.start_minute })
          .where('id', '=', hours.id)
          .execute(),
    );
    // The provider no longer bookable online.
    await changed(
      () =>
        f.t.db.updateTable('providers').set({ online_bookable: 0 }).where('id', '=', providerId).execute(),
      () =>
        f.t.db.updateTable('providers').set({ online_bookable: 1 }).where('id', '=', providerId).execute(),
    );
    // The provider's own duration for the service.
    await changed(
      () =>
        f.t.db
          .updateTable('provider_services')
          .set({ duration_minutes: 90 })
          .where('provider_id', '=', providerId)
          .where('service_id', '=', serviceId)
          .execute(),
      () =>
        f.t.db
          .updateTable('provider_services')
          .set({ duration_minutes: null })
          .where('provider_id', '=', providerId)
          .where('service_id', '=', serviceId)
          .execute(),
    );
    // The location of the provider's first slot offline.
    const locationId = Number(provider.slots[0]!.locationId);
    await changed(
      () => f.t.db.updateTable('locations').set({ online_enabled: 0 }).where('id', '=', locationId).execute(),
      () => f.t.db.updateTable('locations').set({ online_enabled: 1 }).where('id', '=', locationId).execute(),
    );
    // The provider no longer at that location.
    const placed = await f.t.db
      .selectFrom('provider_locations')
      .selectAll()
      .where('provider_id', '=', providerId)
      .where('location_id', '=', locationId)
      .executeTakeFirstOrThrow();
    await changed(
      () =>
        f.t.db
          .deleteFrom('provider_locations')
          .where('provider_id', '=', providerId)
          .where('location_id', '=', locationId)
          .execute(),
      () => f.t.db.insertInto('provider_locations').values(placed).execute(),
    );
  });

  it('sees appointments and time off written behind its back at once', async () => {
    const before = await search();
    const provider = before.providers.find((p) => p.slots.length > 2)!;
    const slot = provider.slots[1]!;
    const start = Date.parse(slot.startUtc);
    const ids = { client_id: f.brightsmile.clientId, provider_id: Number(provider.providerId) };

    // A booking by someone else.
    const inserted = await bookSlotBehindApi(
      f,
      slot,
      provider.providerId,
      f.brightsmile.services['Emergency Dental Visit']!,
    );
    const booked = await search();
    expect(slotsOf(booked, provider.providerId)).not.toContain(slot.startUtc);
    expect(booked).toEqual(await freshSearch());

    // Cancelled: the time is free again.
    await f.t.db
      .updateTable('appointments')
      .set({ status: 'cancelled' })
      .where('id', '=', inserted)
      .execute();
    const cancelled = await search();
    expect(slotsOf(cancelled, provider.providerId)).toContain(slot.startUtc);
    expect(cancelled).toEqual(before);

    // Moved to another provider and back to booked: the other provider loses the time if it had it.
    const other = before.providers.find((p) => p.providerId !== provider.providerId)!;
    await f.t.db
      .updateTable('appointments')
      .set({ status: 'booked', provider_id: Number(other.providerId) })
      .where('id', '=', inserted)
      .execute();
    const moved = await search();
    expect(slotsOf(moved, provider.providerId)).toContain(slot.startUtc);
    expect(slotsOf(moved, other.providerId)).not.toContain(slot.startUtc);
    expect(moved).toEqual(await freshSearch());

    // Deleted: as before.
    await f.t.db.deleteFrom('appointments').where('id', '=', inserted).execute();
    expect(await search()).toEqual(before);

    // Time off over the slot's day.
    const timeOff = await f.t.db
      .insertInto('time_off')
      .values({
        ...ids,
        location_id: null,
        start_at: start - 3_600_000,
        end_at: start + 3_600_000,
        reason: 'Course',
        created_at: NOW.getTime(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const away = await search();
    expect(slotsOf(away, provider.providerId)).not.toContain(slot.startUtc);
    expect(away).toEqual(await freshSearch());
    await f.t.db.deleteFrom('time_off').where('id', '=', timeOff.id).execute();
    expect(await search()).toEqual(before);
  });
});
