import { randomUUID } from 'node:crypto';
import type { GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import { SLOT_LINK_MALFORMED_MESSAGE, SLOT_LINK_NOT_FOUND_MESSAGE } from '@scheduler/contract/slot-link';
import type { SlotLinkResponse } from '@scheduler/contract/slot-link';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import { createAppOn, createPublicFixture, newPatient, query } from '../../../test/public-api-fixture.ts';
import { testDatabases } from '../../../test/test-db.ts';
import { slotIdOf } from '../fhir/ids.ts';

// The demo's staff passwords play no part here: skip scrypt (about 1 s of CPU per seed).
vi.mock(import('../../../platform/auth/password.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  hashPassword: (password: string) => Promise.resolve(`test-only$${password}`),
}));

const EMERGENCY = 'Emergency Dental Visit';

describe.each(testDatabases())('GET /api/scheduler/slotLink on $name', (target) => {
  let f: PublicFixture;

  beforeAll(async () => {
    f = await createPublicFixture(target);
  });
  afterAll(async () => {
    await f.close();
  });

  const emergency = () => f.brightsmile.services[EMERGENCY] ?? 0;
  const loc = (slug: string) => f.brightsmile.locations[slug] ?? 0;
  const provider = (lastName: string) => f.brightsmile.providers[lastName] ?? 0;

  async function slotLink(slot: string, scope: { clientName?: string; scheduler?: string } = {}) {
    return f.app.inject({
      method: 'GET',
      url: `/api/scheduler/slotLink?${query({ clientName: 'brightsmile', scheduler: 'main', ...scope, slot })}`,
    });
  }
  async function found(slot: string): Promise<SlotLinkResponse> {
    const response = await slotLink(slot);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json<SlotLinkResponse>();
  }
  async function providers(params: Record<string, string | number>): Promise<GetProvidersResponse> {
    const response = await f.app.inject({
      method: 'GET',
      url: `/api/scheduler/getProviders?${query({ clientName: 'brightsmile', scheduler: 'main', isExistingPatient: 'false', ...params })}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GetProvidersResponse>();
  }

  it('names the slot of a deep link and finds it free exactly when the booking API offers it', async () => {
    const midtown = loc('midtown-manhattan');
    const search = await providers({ appointmentTypeId: emergency(), locationId: midtown });
    const offered = search.providers.flatMap((card) =>
      card.slots.slice(0, 2).map((slot) => ({ providerId: Number(card.providerId), slot })),
    );
    expect(offered.length).toBeGreaterThan(2);
    for (const { providerId, slot } of offered.slice(0, 4)) {
      const startMs = Date.parse(slot.startUtc);
      const id = slotIdOf({ providerId, locationId: midtown, serviceId: emergency(), startMs });
      expect(await found(id)).toEqual({
        appointmentTypeId: String(emergency()),
        locationId: String(midtown),
        providerId: String(providerId),
        startUtc: new Date(startMs).toISOString(),
        timeZone: 'America/New_York',
        free: true,
      });
      // A minute later is no slot of the search: the same link is not free.
      const off = slotIdOf({
        providerId,
        locationId: midtown,
        serviceId: emergency(),
        startMs: startMs + 60_000,
      });
      expect((await found(off)).free).toBe(false);
    }
  });

  it('answers free: false once the time is booked (the same search as the booking API)', async () => {
    const midtown = loc('midtown-manhattan');
    const search = await providers({
      appointmentTypeId: emergency(),
      locationId: midtown,
      providerId: provider('Carter'),
    });
    const slot = search.providers[0]?.slots.at(-1);
    if (slot === undefined) throw new Error('Dr. Carter has no slot');
    const id = slotIdOf({
      providerId: provider('Carter'),
      locationId: midtown,
      serviceId: emergency(),
      startMs: Date.parse(slot.startUtc),
    });
    expect((await found(id)).free).toBe(true);
    const booked = await f.app.inject({
      method: 'PUT',
      url: '/api/scheduler/bookAppointment',
      payload: {
        clientSlug: 'brightsmile',
        schedulerSlug: 'main',
        locationId: String(midtown),
        providerId: String(provider('Carter')),
        appointmentTypeId: String(emergency()),
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
    expect((await found(id)).free).toBe(false);
  });

  it('answers free: false for a time the search does not offer (night, past, outside the window)', async () => {
    const key = {
      providerId: provider('Carter'),
      locationId: loc('midtown-manhattan'),
      serviceId: emergency(),
    };
    // 3:00 at night in New York, inside the window.
    expect((await found(slotIdOf({ ...key, startMs: Date.parse('2026-12-01T08:00:00Z') }))).free).toBe(false);
    // Before now, and a year out.
    expect((await found(slotIdOf({ ...key, startMs: Date.parse('2026-11-20T15:00:00Z') }))).free).toBe(false);
    expect((await found(slotIdOf({ ...key, startMs: Date.parse('2027-11-30T15:00:00Z') }))).free).toBe(false);
  });

  it('answers free: false when the search refuses the provider (not bookable online) or a new patient', async () => {
    // Dr. Patel (santa-monica, Tuesdays 8:00–14:00 Pacific) cannot be booked online.
    const patel = await found(
      slotIdOf({
        providerId: provider('Patel'),
        locationId: loc('santa-monica'),
        serviceId: emergency(),
        startMs: Date.parse('2026-12-01T17:00:00Z'),
      }),
    );
    expect(patel).toMatchObject({ free: false, timeZone: 'America/Los_Angeles' });
    // Dr. Torres takes no new patients: the published view (a new patient) has none of his times.
    const torres = await found(
      slotIdOf({
        providerId: provider('Torres'),
        locationId: loc('santa-monica'),
        serviceId: emergency(),
        startMs: Date.parse('2026-12-01T17:00:00Z'),
      }),
    );
    expect(torres.free).toBe(false);
  });

  it('refuses a malformed slot id with 400 naming slot', async () => {
    for (const slot of [
      '',
      'abc',
      '1-2-3',
      '01-2-3-4',
      '1-2-3-4-5',
      '1-2-3--4',
      '1-2-3-999999999999',
      ' 1-2 -3-4',
    ]) {
      const response = await slotLink(slot);
      expect(response.statusCode, slot).toBe(400);
      // (An empty one fails the query schema, whose answer leads with the generic message.)
      expect(response.json()).toMatchObject({
        error: {
          code: 'VALIDATION',
          details: {
            fields: [expect.objectContaining({ path: 'slot', message: SLOT_LINK_MALFORMED_MESSAGE })],
          },
        },
      });
    }
  });

  it('answers 404 for a provider, location or service the brand does not offer together', async () => {
    const startMs = Date.parse('2026-12-01T15:00:00Z');
    const good = {
      providerId: provider('Carter'),
      locationId: loc('midtown-manhattan'),
      serviceId: emergency(),
    };
    const northside = f.northside;
    const otherProvider = Object.values(northside.providers)[0] ?? 0;
    const otherLocation = Object.values(northside.locations)[0] ?? 0;
    const otherService = Object.values(northside.services)[0] ?? 0;
    const cases = [
      { ...good, providerId: 999_999 },
      { ...good, locationId: 999_999 },
      { ...good, serviceId: 999_999 },
      { ...good, providerId: otherProvider },
      { ...good, locationId: otherLocation },
      { ...good, serviceId: otherService },
      // Dr. Patel works at santa-monica only.
      { ...good, providerId: provider('Patel') },
    ];
    for (const key of cases) {
      const response = await slotLink(slotIdOf({ ...key, startMs }));
      expect(response.statusCode, JSON.stringify(key)).toBe(404);
      expect(response.json()).toMatchObject({
        error: { code: 'NOT_FOUND', message: SLOT_LINK_NOT_FOUND_MESSAGE },
      });
    }
    // The same slot in another brand's booking page, or an unknown scheduler.
    expect((await slotLink(slotIdOf({ ...good, startMs }), { clientName: 'northside' })).statusCode).toBe(
      404,
    );
    expect((await slotLink(slotIdOf({ ...good, startMs }), { scheduler: 'nope' })).statusCode).toBe(404);
    expect((await slotLink(slotIdOf({ ...good, startMs }), { clientName: 'no-such-brand' })).statusCode).toBe(
      404,
    );
  });

  it('is rate-limited like the public reads', async () => {
    const app = await createAppOn(f, { config: { rateLimitReadsPerMinute: 2 } });
    try {
      const url = `/api/scheduler/slotLink?${query({ clientName: 'brightsmile', scheduler: 'main', slot: 'x' })}`;
      for (let i = 0; i < 2; i++) expect((await app.inject({ method: 'GET', url })).statusCode).toBe(400);
      const limited = await app.inject({ method: 'GET', url });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    } finally {
      await app.close();
    }
  });
});
