/**
 * Issue 19 closures in the slot search and the booking re-check (issue 22 wiring): a location's
 * closed day has no slot there (engine input `closures`), counts as no business day for the
 * booking window, and a booking on it is refused as SLOT_TAKEN; the search stays at five
 * statements.
 */
import { randomUUID } from 'node:crypto';
import type { GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import {
  NOW,
  countingDb,
  createAppOn,
  createPublicFixture,
  newPatient,
  query,
} from '../../../test/public-api-fixture.ts';
import { testDatabases } from '../../../test/test-db.ts';

vi.mock(import('../../../platform/auth/password.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  hashPassword: (password: string) => Promise.resolve(`test-only$${password}`),
}));

const EMERGENCY = 'Emergency Dental Visit';
/** A Tuesday inside the fixture's window (15 business days from Wednesday 25 November 2026). */
const CLOSED = '2026-12-01';

describe.each(testDatabases())('closed days in the slot search and the booking on $name', (target) => {
  let f: PublicFixture;

  beforeAll(async () => {
    f = await createPublicFixture(target);
  });
  afterAll(async () => {
    await f.close();
  });

  const midtown = () => f.brightsmile.locations['midtown-manhattan'] ?? 0;
  const params = (extra: Record<string, string | number> = {}) => ({
    clientName: 'brightsmile',
    scheduler: 'main',
    appointmentTypeId: String(f.brightsmile.services[EMERGENCY]),
    locationId: String(midtown()),
    ...extra,
  });
  async function found(extra: Record<string, string | number> = {}): Promise<GetProvidersResponse> {
    const response = await f.app.inject({
      method: 'GET',
      url: `/api/scheduler/getProviders?${query(params(extra))}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GetProvidersResponse>();
  }
  async function close(locationId: number, dateLocal: string): Promise<void> {
    await f.t.db
      .insertInto('location_closures')
      .values({
        client_id: f.brightsmile.clientId,
        location_id: locationId,
        date_local: dateLocal,
        name: 'Staff training',
        created_at: NOW.getTime(),
      })
      .execute();
  }
  async function reopen(locationId: number, dateLocal: string): Promise<void> {
    await f.t.db
      .deleteFrom('location_closures')
      .where('location_id', '=', locationId)
      .where('date_local', '=', dateLocal)
      .execute();
  }

  it('offers no time on a closed day, moves the business-day window and books nothing there', async () => {
    const open = await found();
    expect(open.availableDates).toContain(CLOSED);
    expect(open.window.latestDate).toBe('2026-12-16');
    const onClosedDay = open.providers.flatMap((p) => p.slots).find((s) => s.dateLocal === CLOSED);
    expect(onClosedDay).toBeDefined();

    await close(midtown(), CLOSED);
    try {
      const closed = await found();
      expect(closed.availableDates).not.toContain(CLOSED);
      // 'How far out' counts 15 business days: a closed Tuesday is not one, so the window ends a day later.
      expect(closed.window.latestDate).toBe('2026-12-17');
      expect(closed.availableDates.at(-1)).toBe('2026-12-17');
      const slots = closed.providers.flatMap((p) => p.slots);
      expect(slots.length).toBeGreaterThan(0);
      expect(slots.some((s) => s.dateLocal === CLOSED)).toBe(false);
      const day = await found({ fromDate: CLOSED, days: 1 });
      expect(day.providers.flatMap((p) => p.slots)).toEqual([]);
      expect(day.timeGroups).toEqual([]);
      for (const provider of day.providers)
        if (provider.nextAvailableFrom) expect(provider.nextAvailableFrom.dateLocal > CLOSED).toBe(true);

      // The booking's re-check sees the closure too: the time offered before is refused.
      const slot = onClosedDay!;
      const before = await f.t.db
        .selectFrom('appointments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const response = await f.app.inject({
        method: 'PUT',
        url: '/api/scheduler/bookAppointment',
        payload: {
          clientSlug: 'brightsmile',
          schedulerSlug: 'main',
          locationId: slot.locationId,
          providerId: null,
          appointmentTypeId: String(f.brightsmile.services[EMERGENCY]),
          startUtc: slot.startUtc,
          patient: newPatient(),
          isExistingPatient: false,
          insurance: null,
          details: { reasonForVisit: 'Chipped tooth' },
          sessionId: `session-${randomUUID()}`,
          idempotencyKey: randomUUID(),
        },
      });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('SLOT_TAKEN');
      const after = await f.t.db
        .selectFrom('appointments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    } finally {
      await reopen(midtown(), CLOSED);
    }
    // Reopened: the day is offered again (no kept answer outlives the change).
    expect((await found()).availableDates).toContain(CLOSED);
  });

  it('closes one location only: the others keep their times that day', async () => {
    const all = { locationId: 'all' };
    const open = await found(all);
    const others = open.providers
      .flatMap((p) => p.slots)
      .filter((s) => s.dateLocal === CLOSED && s.locationId !== String(midtown()));
    expect(others.length).toBeGreaterThan(0);
    await close(midtown(), CLOSED);
    try {
      const closed = await found(all);
      const slots = closed.providers.flatMap((p) => p.slots).filter((s) => s.dateLocal === CLOSED);
      expect(slots.some((s) => s.locationId === String(midtown()))).toBe(false);
      for (const slot of others)
        expect(slots.some((s) => s.startUtc === slot.startUtc && s.locationId === slot.locationId)).toBe(
          true,
        );
    } finally {
      await reopen(midtown(), CLOSED);
    }
  });

  it('reads the closures within the five statements of a search', async () => {
    await close(midtown(), CLOSED);
    const counter = countingDb(f.t.db);
    const app = await createAppOn(f, { db: counter.db });
    try {
      counter.reset();
      const response = await app.inject({
        method: 'GET',
        url: `/api/scheduler/getProviders?${query(params())}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<GetProvidersResponse>().availableDates).not.toContain(CLOSED);
      expect(counter.count()).toBeLessThanOrEqual(5);
    } finally {
      await app.close();
      await reopen(midtown(), CLOSED);
    }
  });
});
