/*
 * The slot search keeps busy periods and engine runs between requests (search-cache.ts). These tests
 * change appointments and time off behind the API's back — as another server instance, the seed or
 * a CLI would — and check that the very next search on a warm app answers as a fresh one does.
 */
import type { GetProvidersResponse } from '@scheduler/domain/schemas/scheduler-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import type { PublicFixture } from '../../test/public-api-fixture.ts';
import { NOW, countingDb, createAppOn, createPublicFixture, query } from '../../test/public-api-fixture.ts';
import { testDatabases } from '../../test/test-db.ts';
import { countBetween, keptBusyOf } from './search-cache.ts';

vi.mock(import('../auth/password.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  hashPassword: (password: string) => Promise.resolve(`test-only$${password}`),
}));

describe('keptBusyOf and countBetween', () => {
  it('merges touching and overlapping appointments, keeps time off apart, and counts starts', () => {
    const kept = keptBusyOf(
      '7',
      { appointments: [300, 400, 100, 200, 200, 250, 240, 260], timeOff: [50, 60] },
      3,
      0,
      1000,
    );
    expect(kept.periods.map((p) => [p.startUtc.getTime(), p.endUtc.getTime()])).toEqual([
      [50, 60],
      [100, 260],
      [300, 400],
    ]);
    expect(kept.periods.every((p) => p.providerId === '7')).toBe(true);
    expect(kept.starts).toEqual([100, 200, 240, 300]);
    expect(countBetween(kept.starts, 200, 300)).toBe(2);
    expect(countBetween(kept.starts, 0, 1000)).toBe(4);
    expect(countBetween(kept.starts, 401, 500)).toBe(0);
  });
});

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

  it('reads no busy periods again while nothing changed, and answers the same', async () => {
    const first = await search();
    counter.reset();
    const second = await search();
    expect(counter.count()).toBe(4);
    expect(second).toEqual(first);
    expect(second).toEqual(await freshSearch());
  });

  it('sees appointments and time off written behind its back at once', async () => {
    const before = await search();
    const provider = before.providers.find((p) => p.slots.length > 2)!;
    const slot = provider.slots[1]!;
    const start = Date.parse(slot.startUtc);
    const ids = { client_id: f.brightsmile.clientId, provider_id: Number(provider.providerId) };
    const patient = await f.t.db
      .selectFrom('patients')
      .select('id')
      .where('client_id', '=', f.brightsmile.clientId)
      .executeTakeFirstOrThrow();

    // A booking by someone else.
    const inserted = await f.t.db
      .insertInto('appointments')
      .values({
        ...ids,
        scheduler_id: f.brightsmile.schedulerId,
        location_id: Number(slot.locationId),
        service_id: f.brightsmile.services['Emergency Dental Visit']!,
        patient_id: patient.id,
        insurance_policy_id: null,
        start_at: start,
        end_at: start + 30 * 60_000,
        status: 'booked',
        is_new_patient: 0,
        idempotency_key: null,
        session_id: null,
        channel: 'phone',
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        utm_term: null,
        rwg_token: null,
        reason: null,
        notes: null,
        cancel_reason: null,
        version: 1,
        created_by_user_id: null,
        created_at: NOW.getTime(),
        updated_at: NOW.getTime(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const booked = await search();
    expect(slotsOf(booked, provider.providerId)).not.toContain(slot.startUtc);
    expect(booked).toEqual(await freshSearch());

    // Cancelled: the time is free again.
    await f.t.db
      .updateTable('appointments')
      .set({ status: 'cancelled' })
      .where('id', '=', inserted.id)
      .execute();
    const cancelled = await search();
    expect(slotsOf(cancelled, provider.providerId)).toContain(slot.startUtc);
    expect(cancelled).toEqual(before);

    // Moved to another provider and back to booked: the other provider loses the time if it had it.
    const other = before.providers.find((p) => p.providerId !== provider.providerId)!;
    await f.t.db
      .updateTable('appointments')
      .set({ status: 'booked', provider_id: Number(other.providerId) })
      .where('id', '=', inserted.id)
      .execute();
    const moved = await search();
    expect(slotsOf(moved, provider.providerId)).toContain(slot.startUtc);
    expect(slotsOf(moved, other.providerId)).not.toContain(slot.startUtc);
    expect(moved).toEqual(await freshSearch());

    // Deleted: as before.
    await f.t.db.deleteFrom('appointments').where('id', '=', inserted.id).execute();
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
