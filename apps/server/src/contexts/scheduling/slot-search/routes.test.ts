import { computeBookingWindow } from '@scheduler/domain/booking-window';
import { BOOKING_MESSAGES } from '@scheduler/domain/messages';
import { getProvidersResponseSchema } from '@scheduler/contract/scheduler-api';
import type { GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import { resolveSettings } from '@scheduler/domain/settings';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activeAppointmentStatuses } from '../../../platform/db/schema.ts';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import {
  NOW,
  bookSlotBehindApi,
  countingDb,
  createAppOn,
  createPublicFixture,
  query,
  setSetting,
} from '../../../test/public-api-fixture.ts';
import { testDatabases } from '../../../test/test-db.ts';

// The demo's staff passwords play no part here: skip scrypt (about 1 s of CPU per seed).
vi.mock(import('../../../platform/auth/password.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  hashPassword: (password: string) => Promise.resolve(`test-only$${password}`),
}));

const EMERGENCY = 'Emergency Dental Visit';

describe.each(testDatabases())('GET /api/scheduler/getProviders on $name', (target) => {
  let f: PublicFixture;

  beforeAll(async () => {
    f = await createPublicFixture(target);
  });
  afterAll(async () => {
    await f.close();
  });

  async function search(params: Record<string, string | number | undefined>, clientName = 'brightsmile') {
    return f.app.inject({
      method: 'GET',
      url: `/api/scheduler/getProviders?${query({ clientName, scheduler: 'main', ...params })}`,
    });
  }
  async function found(params: Record<string, string | number | undefined>, clientName?: string) {
    const response = await search(params, clientName);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<GetProvidersResponse>();
    // The route writes its answer without a check at run time (routes.ts): every answer here
    // must be exactly what the response schema accepts, nothing stripped or changed.
    expect(getProvidersResponseSchema.parse(body)).toEqual(body);
    return body;
  }
  const emergency = () => String(f.brightsmile.services[EMERGENCY]);
  const loc = (slug: string) => String(f.brightsmile.locations[slug]);

  describe('slots and the booking window', () => {
    it('offers online providers only, alphabetically by last name, with slots inside the window', async () => {
      const body = await found({ appointmentTypeId: emergency(), locationId: 'all' });
      const names = body.providers.map((p) => p.lastName);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      expect(names).toContain('Carter');
      expect(names).not.toContain('Patel'); // not bookable online
      expect(body.providers.every((p) => !p.noCapacity && p.slots.length > 0)).toBe(true);

      const settings = resolveSettings(
        await f.t.db
          .selectFrom('scheduler_settings')
          .select(['setting_group as group', 'setting_order as order', 'value'])
          .where('scheduler_id', '=', f.brightsmile.schedulerId)
          .execute(),
      );
      const zones = new Map(
        (
          await f.t.db
            .selectFrom('locations')
            .select(['id', 'time_zone'])
            .where('client_id', '=', f.brightsmile.clientId)
            .execute()
        ).map((l) => [String(l.id), l.time_zone]),
      );
      let checked = 0;
      for (const provider of body.providers) {
        for (const slot of provider.slots) {
          const window = computeBookingWindow(settings, NOW, zones.get(slot.locationId) ?? '');
          const start = Date.parse(slot.startUtc);
          expect(start).toBeGreaterThanOrEqual(window.earliest.getTime());
          expect(start).toBeLessThan(window.latestExclusive.getTime());
          expect(slot.dateLocal <= window.latestDate).toBe(true);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(500);
    });

    it('starts at local midnight of the next business day and ends with the 15th business day', async () => {
      const body = await found({ appointmentTypeId: emergency(), locationId: loc('midtown-manhattan') });
      // 'How soon' 1 business day from Wednesday 25 November: Thursday 00:00 in New York.
      expect(body.window).toEqual({
        earliest: '2026-11-26T05:00:00.000Z',
        latestDate: '2026-12-16',
        latestExclusive: '2026-12-17T05:00:00.000Z',
      });
      expect(body.availableDates[0]).toBe('2026-11-26');
      expect(body.availableDates.at(-1)).toBe('2026-12-16');
      const all = body.providers.flatMap((p) => p.slots);
      expect(all.some((s) => s.dateLocal === '2026-11-25')).toBe(false);
      expect(all.some((s) => s.dateLocal > '2026-12-16')).toBe(false);
      expect(all.every((s) => s.locationId === loc('midtown-manhattan'))).toBe(true);
    });

    it('narrows the slots to fromDate and days, keeping nextAvailable and availableDates whole', async () => {
      const whole = await found({ appointmentTypeId: emergency(), locationId: loc('midtown-manhattan') });
      const day = await found({
        appointmentTypeId: emergency(),
        locationId: loc('midtown-manhattan'),
        fromDate: '2026-12-01',
        days: 2,
      });
      const dates = new Set(day.providers.flatMap((p) => p.slots.map((s) => s.dateLocal)));
      expect([...dates].sort()).toEqual(['2026-12-01', '2026-12-02']);
      expect(day.availableDates).toEqual(whole.availableDates);
      expect(day.providers.map((p) => p.nextAvailable)).toEqual(whole.providers.map((p) => p.nextAvailable));
      expect(day.timeGroups.every((g) => g.dateLocal === '2026-12-01' || g.dateLocal === '2026-12-02')).toBe(
        true,
      );
    });

    it('gives each provider its first time on or after fromDate (never an earlier day)', async () => {
      const whole = await found({ appointmentTypeId: emergency(), locationId: loc('midtown-manhattan') });
      expect(whole.providers.every((p) => p.nextAvailableFrom === undefined)).toBe(true);
      const fromDate = whole.availableDates[3] ?? '2026-12-01';
      const day = await found({
        appointmentTypeId: emergency(),
        locationId: loc('midtown-manhattan'),
        fromDate,
        days: 1,
      });
      for (const provider of day.providers) {
        const next = provider.nextAvailableFrom;
        expect(next).toBeDefined();
        if (next) expect(next.dateLocal >= fromDate).toBe(true);
        const firstAfter = whole.providers
          .find((p) => p.providerId === provider.providerId)
          ?.slots.find((slot) => slot.dateLocal >= fromDate);
        expect(next ?? null).toEqual(firstAfter ?? null);
      }
    });

    it('leaves out the slots of a provider taken by an appointment', async () => {
      const providerId = String(f.brightsmile.providers.Carter);
      const body = await found({
        appointmentTypeId: emergency(),
        locationId: loc('midtown-manhattan'),
        providerId,
      });
      const busy = await f.t.db
        .selectFrom('appointments')
        .select(['start_at', 'end_at'])
        .where('provider_id', '=', Number(providerId))
        .where('status', 'in', [...activeAppointmentStatuses])
        .execute();
      expect(busy.length).toBeGreaterThan(0);
      for (const slot of body.providers[0]?.slots ?? []) {
        const start = Date.parse(slot.startUtc);
        const end = start + 30 * 60_000;
        expect(busy.some((a) => Number(a.start_at) < end && start < Number(a.end_at))).toBe(false);
      }
    });
  });

  describe('refusals', () => {
    it('refuses a call-to-schedule service with the spec message', async () => {
      const response = await search({
        appointmentTypeId: String(f.brightsmile.services['Orthodontic Consultation']),
        locationId: 'all',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        error: { code: 'CALL_TO_SCHEDULE', message: BOOKING_MESSAGES.CALL_TO_SCHEDULE },
      });
    });

    it('refuses a service that is not online', async () => {
      const response = await search({
        appointmentTypeId: String(f.brightsmile.services['Root Canal Therapy']),
        locationId: 'all',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        error: { code: 'SERVICE_NOT_ONLINE', message: BOOKING_MESSAGES.SERVICE_NOT_ONLINE },
      });
    });

    it('refuses a location that is online-off', async () => {
      const response = await search(
        {
          appointmentTypeId: String(f.northside.services['Sick Visit']),
          locationId: String(f.northside.locations.evanston),
        },
        'northside',
      );
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        error: { code: 'LOCATION_OFFLINE', message: BOOKING_MESSAGES.LOCATION_OFFLINE },
      });
    });

    it('refuses a provider who cannot be booked online when asked for directly', async () => {
      const response = await search({
        appointmentTypeId: emergency(),
        locationId: loc('santa-monica'),
        providerId: String(f.brightsmile.providers.Patel),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        error: { code: 'PROVIDER_NOT_ONLINE', message: BOOKING_MESSAGES.PROVIDER_NOT_ONLINE },
      });
    });

    it('refuses existing patients when appointment 13 is No', async () => {
      await setSetting(f.t.db, f.brightsmile, 'appointment', 13, 'No');
      try {
        const response = await search({
          appointmentTypeId: emergency(),
          locationId: 'all',
          isExistingPatient: 'true',
        });
        expect(response.statusCode).toBe(422);
        expect(response.json()).toMatchObject({
          error: { code: 'EXISTING_PATIENTS_BLOCKED', message: BOOKING_MESSAGES.EXISTING_PATIENTS_BLOCKED },
        });
        const newPatient = await search({
          appointmentTypeId: emergency(),
          locationId: 'all',
          isExistingPatient: 'false',
        });
        expect(newPatient.statusCode).toBe(200);
      } finally {
        await setSetting(f.t.db, f.brightsmile, 'appointment', 13, null);
      }
    });

    it('answers an unknown ZIP code with a 400 that names it', async () => {
      const response = await search({
        appointmentTypeId: emergency(),
        locationId: 'all',
        postalCode: '00000',
        distance: 10,
      });
      expect(response.statusCode).toBe(400);
      const body = response.json<{
        error: { code: string; message: string; details: { fields: { path: string }[] } };
      }>();
      expect(body.error.code).toBe('VALIDATION');
      expect(body.error.message).toContain('00000');
      expect(body.error.details.fields[0]?.path).toBe('postalCode');
    });

    it('answers 404 for an unknown scheduler, service or location and 400 for a malformed query', async () => {
      expect((await search({ appointmentTypeId: emergency(), locationId: 'all' }, 'nobody')).statusCode).toBe(
        404,
      );
      expect((await search({ appointmentTypeId: '99999', locationId: 'all' })).statusCode).toBe(404);
      expect((await search({ appointmentTypeId: emergency(), locationId: '99999' })).statusCode).toBe(404);
      const malformed = await search({ appointmentTypeId: emergency(), locationId: 'all', gender: 'X' });
      expect(malformed.statusCode).toBe(400);
    });
  });

  describe('filters', () => {
    it('keeps only the genders asked for', async () => {
      const women = await found({ appointmentTypeId: emergency(), locationId: 'all', gender: 'F' });
      expect(women.providers.length).toBeGreaterThan(0);
      expect(women.providers.every((p) => p.gender === 'F')).toBe(true);
      const both = await found({ appointmentTypeId: emergency(), locationId: 'all', gender: 'M,F' });
      expect(both.providers.length).toBeGreaterThan(women.providers.length);
    });

    it('keeps providers within the distance of a ZIP code and reports their miles', async () => {
      const near = await found({
        appointmentTypeId: emergency(),
        locationId: 'all',
        postalCode: '10001',
        distance: 5,
      });
      expect(near.providers.length).toBeGreaterThan(0);
      for (const provider of near.providers) {
        expect(provider.locationIds).toEqual([loc('midtown-manhattan')]);
        expect(provider.distanceMiles).not.toBeNull();
        expect(provider.distanceMiles ?? 99).toBeLessThanOrEqual(5);
      }
      const anyDistance = await found({
        appointmentTypeId: emergency(),
        locationId: 'all',
        postalCode: '10001',
        distance: 0,
      });
      // Each location's own distance, for grouping "Any location" nearest first.
      const midtown = anyDistance.locations.find((l) => l.locationId === loc('midtown-manhattan'));
      expect(midtown?.distanceMiles).toBeLessThanOrEqual(5);
      const far = anyDistance.locations.filter((l) => l.locationId !== loc('midtown-manhattan'));
      expect(far.every((l) => (l.distanceMiles ?? 0) > 5)).toBe(true);
      expect(anyDistance.providers.length).toBeGreaterThan(near.providers.length);
    });

    it('keeps providers who accept the insurance plan', async () => {
      const plan = await f.t.db
        .selectFrom('insurance_plans')
        .select('id')
        .where('client_id', '=', f.brightsmile.clientId)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const accepting = new Set(
        (
          await f.t.db
            .selectFrom('provider_insurance_plans')
            .select('provider_id')
            .where('plan_id', '=', plan.id)
            .execute()
        ).map((row) => String(row.provider_id)),
      );
      const all = await found({ appointmentTypeId: emergency(), locationId: 'all' });
      const body = await found({
        appointmentTypeId: emergency(),
        locationId: 'all',
        insurancePlanId: String(plan.id),
      });
      expect(body.providers.map((p) => p.providerId)).toEqual(
        all.providers.map((p) => p.providerId).filter((id) => accepting.has(id)),
      );
    });

    it('gives new patients no capacity with a provider who does not accept them', async () => {
      const body = await found({
        appointmentTypeId: emergency(),
        locationId: loc('santa-monica'),
        isExistingPatient: 'false',
      });
      // BrightSmile shows no-capacity providers (appointment 5 Yes) with the spec's message.
      const torres = body.providers.find((p) => p.lastName === 'Torres');
      expect(torres).toMatchObject({
        noCapacity: true,
        slots: [],
        message: BOOKING_MESSAGES.PROVIDER_NO_CAPACITY,
        waitlistAllowed: true,
      });
      expect(body.locations).toEqual([
        {
          locationId: loc('santa-monica'),
          noCapacity: true,
          message: BOOKING_MESSAGES.LOCATION_NO_CAPACITY,
          waitlistAllowed: false, // the location's own waitlist is off
        },
      ]);
      const existing = await found({
        appointmentTypeId: emergency(),
        locationId: loc('santa-monica'),
        isExistingPatient: 'true',
      });
      expect(existing.providers.find((p) => p.lastName === 'Torres')?.noCapacity).toBe(false);
    });
  });

  describe('no-capacity providers (appointment 5 and 7)', () => {
    const followUp = () => ({
      appointmentTypeId: String(f.northside.services['Follow-up Visit']),
      locationId: String(f.northside.locations.pasadena),
    });

    it('hides a provider without capacity when appointment 5 is No (the default)', async () => {
      const body = await found(followUp(), 'northside');
      expect(body.providers.map((p) => p.lastName)).not.toContain('Adams');
      expect(body.providers.length).toBeGreaterThan(0);
    });

    it('shows them with the spec message when appointment 5 is Yes, waitlist per appointment 7', async () => {
      await setSetting(f.t.db, f.northside, 'appointment', 5, 'Yes');
      try {
        const adams = (await found(followUp(), 'northside')).providers.find((p) => p.lastName === 'Adams');
        expect(adams).toMatchObject({
          noCapacity: true,
          slots: [],
          nextAvailable: null,
          message: BOOKING_MESSAGES.PROVIDER_NO_CAPACITY,
          waitlistAllowed: false,
        });
        await setSetting(f.t.db, f.northside, 'appointment', 7, 'Yes');
        const withWaitlist = (await found(followUp(), 'northside')).providers.find(
          (p) => p.lastName === 'Adams',
        );
        expect(withWaitlist?.waitlistAllowed).toBe(true);
      } finally {
        await setSetting(f.t.db, f.northside, 'appointment', 5, null);
        await setSetting(f.t.db, f.northside, 'appointment', 7, null);
      }
    });
  });

  describe('sort (appointment 4)', () => {
    it('sorts by next available slot', async () => {
      await setSetting(f.t.db, f.brightsmile, 'appointment', 4, 'nextAvailable');
      try {
        const body = await found({ appointmentTypeId: emergency(), locationId: 'all' });
        const starts = body.providers.map((p) =>
          Date.parse(p.nextAvailable?.startUtc ?? '9999-01-01T00:00:00Z'),
        );
        expect(starts).toEqual([...starts].sort((a, b) => a - b));
      } finally {
        await setSetting(f.t.db, f.brightsmile, 'appointment', 4, null);
      }
    });

    it('sorts by distance from the ZIP code', async () => {
      await setSetting(f.t.db, f.brightsmile, 'appointment', 4, 'distance');
      try {
        const body = await found({ appointmentTypeId: emergency(), locationId: 'all', postalCode: '60603' });
        const miles = body.providers.map((p) => p.distanceMiles ?? Number.POSITIVE_INFINITY);
        expect(miles).toEqual([...miles].sort((a, b) => a - b));
        expect(body.providers[0]?.locationIds).toEqual([loc('chicago-loop')]);
      } finally {
        await setSetting(f.t.db, f.brightsmile, 'appointment', 4, null);
      }
    });
  });

  describe('grouping (appointment 17) and assignment (appointment 18)', () => {
    const params = () => ({ appointmentTypeId: emergency(), locationId: loc('midtown-manhattan'), days: 3 });

    it('groups by time by default, assigning one of the providers free at each time, the same way each time', async () => {
      const body = await found(params());
      expect(body.groupBy).toBe('time');
      expect(body.timeGroups.length).toBeGreaterThan(10);
      const freeAt = new Map<string, Set<string>>();
      for (const provider of body.providers)
        for (const slot of provider.slots) {
          const set = freeAt.get(slot.startUtc) ?? new Set<string>();
          set.add(provider.providerId);
          freeAt.set(slot.startUtc, set);
        }
      const starts = body.timeGroups.map((g) => g.startUtc);
      expect(starts).toEqual([...starts].sort());
      for (const group of body.timeGroups) {
        expect([...group.providerIds].sort()).toEqual([...(freeAt.get(group.startUtc) ?? [])].sort());
        expect(group.providerIds).toContain(group.assignedProviderId);
      }
      expect(new Set(body.timeGroups.map((g) => g.assignedProviderId)).size).toBeGreaterThan(1);
      expect((await found(params())).timeGroups).toEqual(body.timeGroups);
    });

    it('assigns the least busy provider with leastBusy', async () => {
      await setSetting(f.t.db, f.brightsmile, 'appointment', 18, 'leastBusy');
      try {
        const body = await found(params());
        const rows = await f.t.db
          .selectFrom('appointments')
          .select(['provider_id', 'start_at'])
          .where('client_id', '=', f.brightsmile.clientId)
          .where('status', 'in', [...activeAppointmentStatuses])
          .where('start_at', '>=', Date.parse(body.window.earliest))
          .where('start_at', '<', Date.parse(body.window.latestExclusive))
          .execute();
        const booked = new Map<string, number>();
        for (const row of rows)
          booked.set(String(row.provider_id), (booked.get(String(row.provider_id)) ?? 0) + 1);
        let contested = 0;
        for (const group of body.timeGroups) {
          const fewest = Math.min(...group.providerIds.map((id) => booked.get(id) ?? 0));
          expect(booked.get(group.assignedProviderId) ?? 0).toBe(fewest);
          if (group.providerIds.length > 1) contested++;
        }
        expect(contested).toBeGreaterThan(0);
      } finally {
        await setSetting(f.t.db, f.brightsmile, 'appointment', 18, null);
      }
    });

    it('assigns the first provider in the sort order with firstAvailable', async () => {
      await setSetting(f.t.db, f.brightsmile, 'appointment', 18, 'firstAvailable');
      try {
        const body = await found(params());
        const order = body.providers.map((p) => p.providerId);
        for (const group of body.timeGroups) {
          const first = order.find((id) => group.providerIds.includes(id));
          expect(group.assignedProviderId).toBe(first);
        }
      } finally {
        await setSetting(f.t.db, f.brightsmile, 'appointment', 18, null);
      }
    });

    it('groups by provider when appointment 17 is Yes', async () => {
      await setSetting(f.t.db, f.brightsmile, 'appointment', 17, 'Yes');
      try {
        const body = await found(params());
        expect(body.groupBy).toBe('provider');
        expect(body.timeGroups).toEqual([]);
        expect(body.providers.some((p) => p.slots.length > 0)).toBe(true);
      } finally {
        await setSetting(f.t.db, f.brightsmile, 'appointment', 17, null);
      }
    });
  });

  describe('compressed answers', () => {
    async function searchEncoded(params: Record<string, string>, acceptEncoding: string | undefined) {
      return f.app.inject({
        method: 'GET',
        url: `/api/scheduler/getProviders?${query({ clientName: 'brightsmile', scheduler: 'main', ...params })}`,
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });
    }
    function decoded(response: Awaited<ReturnType<typeof searchEncoded>>): GetProvidersResponse {
      const bytes = response.rawPayload;
      const encoding = response.headers['content-encoding'];
      const text =
        encoding === 'br'
          ? brotliDecompressSync(bytes).toString('utf8')
          : encoding === 'gzip'
            ? gunzipSync(bytes).toString('utf8')
            : bytes.toString('utf8');
      return JSON.parse(text) as GetProvidersResponse;
    }

    it('sends brotli or gzip to clients that accept them, the same answer as uncompressed, and after a change the new one', async () => {
      const params = { appointmentTypeId: emergency(), locationId: 'all', days: '1' };
      const plain = await searchEncoded(params, undefined);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toContain('accept-encoding');
      const answer = decoded(plain);
      expect(getProvidersResponseSchema.parse(answer)).toEqual(answer);

      const br = await searchEncoded(params, 'gzip, deflate, br, zstd');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(decoded(br)).toEqual(answer);
      // Kept: the second one is the same bytes.
      expect((await searchEncoded(params, 'br')).rawPayload.equals(br.rawPayload)).toBe(true);

      const gzip = await searchEncoded(params, 'gzip, br;q=0');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(decoded(gzip)).toEqual(answer);

      // A booking behind the API's back: every encoding's kept answer gives way.
      const provider = answer.providers.find((p) => p.slots.length > 1)!;
      const slot = provider.slots[0]!;
      const inserted = await bookSlotBehindApi(
        f,
        slot,
        provider.providerId,
        f.brightsmile.services[EMERGENCY]!,
      );
      try {
        const starts = (r: GetProvidersResponse) =>
          r.providers.find((p) => p.providerId === provider.providerId)?.slots.map((s) => s.startUtc) ?? [];
        const after = [
          decoded(await searchEncoded(params, undefined)),
          decoded(await searchEncoded(params, 'br')),
          decoded(await searchEncoded(params, 'gzip')),
        ];
        for (const changed of after) {
          expect(starts(changed)).not.toContain(slot.startUtc);
          expect(changed).toEqual(after[0]);
        }
      } finally {
        await f.t.db.deleteFrom('appointments').where('id', '=', inserted).execute();
      }
      expect(decoded(await searchEncoded(params, 'br'))).toEqual(answer);
    });
  });

  describe('SQL statements (issue 9)', () => {
    it('issues at most 5 statements for one provider and for every provider of a client', async () => {
      const counter = countingDb(f.t.db);
      const app = await createAppOn(f, { db: counter.db });
      try {
        const one = query({
          clientName: 'brightsmile',
          scheduler: 'main',
          appointmentTypeId: emergency(),
          locationId: loc('midtown-manhattan'),
          providerId: String(f.brightsmile.providers.Carter),
        });
        counter.reset();
        const first = await app.inject({ method: 'GET', url: `/api/scheduler/getProviders?${one}` });
        expect(first.statusCode).toBe(200);
        expect(first.json<GetProvidersResponse>().providers).toHaveLength(1);
        const forOne = counter.count();

        const all = query({
          clientName: 'brightsmile',
          scheduler: 'main',
          appointmentTypeId: emergency(),
          locationId: 'all',
        });
        counter.reset();
        const second = await app.inject({ method: 'GET', url: `/api/scheduler/getProviders?${all}` });
        expect(second.statusCode).toBe(200);
        const providers = second.json<GetProvidersResponse>().providers.length;
        const forAll = counter.count();

        expect(providers).toBeGreaterThanOrEqual(8);
        expect(forOne).toBeGreaterThan(0);
        expect(forOne).toBeLessThanOrEqual(5);
        expect(forAll).toBeLessThanOrEqual(5);
        expect(forAll).toBe(forOne);
      } finally {
        await app.close();
      }
    });
  });
});
