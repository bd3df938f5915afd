import { randomUUID } from 'node:crypto';
import {
  BOOKING_MESSAGES,
  WAITLIST_LOCATION_HAS_TIMES_MESSAGE,
  WAITLIST_LOCATION_OFF_MESSAGE,
  WAITLIST_PROVIDERS_OFF_MESSAGE,
  WAITLIST_PROVIDER_HAS_TIMES_MESSAGE,
} from '@scheduler/domain/messages';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import {
  NOW,
  createPublicFixture,
  newPatient,
  setSetting,
  writeCounts,
} from '../../../test/public-api-fixture.ts';
import { testDatabases } from '../../../test/test-db.ts';

// The demo's staff passwords play no part here: skip scrypt (about 1 s of CPU per seed).
vi.mock(import('../../../platform/auth/password.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  hashPassword: (password: string) => Promise.resolve(`test-only$${password}`),
}));

const DAY_MS = 86_400_000;

describe.each(testDatabases())('POST /api/scheduler/createWaitList on $name', (target) => {
  let f: PublicFixture;

  beforeAll(async () => {
    f = await createPublicFixture(target);
  });
  afterAll(async () => {
    await f.close();
  });

  function entry(overrides: Record<string, unknown> = {}) {
    return {
      clientSlug: 'northside',
      schedulerSlug: 'main',
      locationId: String(f.northside.locations.pasadena),
      providerId: String(f.northside.providers.Adams),
      appointmentTypeId: String(f.northside.services['Follow-up Visit']),
      patient: newPatient(),
      isExistingPatient: true,
      preferredTimes: ['morning', 'afternoon'],
      notes: 'Mornings are best',
      sessionId: `session-${randomUUID()}`,
      idempotencyKey: randomUUID(),
      ...overrides,
    };
  }
  const post = (payload: unknown) =>
    f.app.inject({ method: 'POST', url: '/api/scheduler/createWaitList', payload: payload as object });

  async function expectRefused(payload: unknown, status: number, code: string, message?: string) {
    const before = await writeCounts(f.t.db);
    const response = await post(payload);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ error: { code, ...(message === undefined ? {} : { message }) } });
    expect(await writeCounts(f.t.db)).toEqual(before);
  }

  describe('for a provider without capacity (appointment 7)', () => {
    it('is refused while appointment 7 is No', async () => {
      await expectRefused(entry(), 422, 'WAITLIST_NOT_OFFERED', WAITLIST_PROVIDERS_OFF_MESSAGE);
    });

    it('adds the entry when appointment 7 is Yes, and a retry gives the same entry', async () => {
      await setSetting(f.t.db, f.northside, 'appointment', 7, 'Yes');
      try {
        const payload = entry();
        const response = await post(payload);
        expect(response.statusCode, response.body).toBe(201);
        const { waitlistEntryId } = response.json<{ waitlistEntryId: string }>();
        const row = await f.t.db
          .selectFrom('waitlist_entries')
          .selectAll()
          .where('id', '=', Number(waitlistEntryId))
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({
          client_id: f.northside.clientId,
          scheduler_id: f.northside.schedulerId,
          provider_id: f.northside.providers.Adams,
          location_id: f.northside.locations.pasadena,
          service_id: f.northside.services['Follow-up Visit'],
          first_name: payload.patient.firstName,
          status: 'waiting',
          preferred_times: 'morning, afternoon',
          notes: 'Mornings are best',
          patient_id: null,
          language: 'en',
          created_at: NOW.getTime(),
        });
        const again = await post({ ...payload, idempotencyKey: randomUUID() });
        expect(again.statusCode).toBe(200);
        expect(again.json()).toEqual({ waitlistEntryId });
      } finally {
        await setSetting(f.t.db, f.northside, 'appointment', 7, null);
      }
    });

    it('keeps the language the patient joined in (issue 21), and refuses an unknown one', async () => {
      await setSetting(f.t.db, f.northside, 'appointment', 7, 'Yes');
      try {
        const response = await post({ ...entry(), language: 'es' });
        expect(response.statusCode, response.body).toBe(201);
        const { waitlistEntryId } = response.json<{ waitlistEntryId: string }>();
        const row = await f.t.db
          .selectFrom('waitlist_entries')
          .select('language')
          .where('id', '=', Number(waitlistEntryId))
          .executeTakeFirstOrThrow();
        expect(row.language).toBe('es');
        const french = await post({ ...entry(), language: 'fr' });
        expect(french.statusCode).toBe(400);
        expect(
          french
            .json<{ error: { code: string; details?: { fields?: { path: string }[] } } }>()
            .error.details?.fields?.map((field) => field.path),
        ).toEqual(['language']);
      } finally {
        await setSetting(f.t.db, f.northside, 'appointment', 7, null);
      }
    });

    it('is refused for a provider who has online availability', async () => {
      await setSetting(f.t.db, f.northside, 'appointment', 7, 'Yes');
      try {
        await expectRefused(
          entry({ providerId: String(f.northside.providers.Chen) }),
          422,
          'WAITLIST_NOT_OFFERED',
          WAITLIST_PROVIDER_HAS_TIMES_MESSAGE,
        );
      } finally {
        await setSetting(f.t.db, f.northside, 'appointment', 7, null);
      }
    });
  });

  describe('refusals of the booking rules', () => {
    it('refuses a call-to-schedule service, an offline location and invalid identities', async () => {
      await expectRefused(
        entry({ appointmentTypeId: String(f.northside.services['Chronic Care Management']) }),
        422,
        'CALL_TO_SCHEDULE',
        BOOKING_MESSAGES.CALL_TO_SCHEDULE,
      );
      await expectRefused(
        entry({ locationId: String(f.northside.locations.evanston), providerId: null }),
        422,
        'LOCATION_OFFLINE',
        BOOKING_MESSAGES.LOCATION_OFFLINE,
      );
      await expectRefused(entry({ patient: newPatient({ emailPermission: false }) }), 400, 'VALIDATION');
      await expectRefused(entry({ clientSlug: 'nobody' }), 404, 'NOT_FOUND');
    });
  });

  describe('for a location without capacity (appointment 10 and the location flag)', () => {
    const newVisit = () => ({
      providerId: null,
      isExistingPatient: false,
      appointmentTypeId: String(f.northside.services['New Patient Visit']),
    });

    it('is refused while the location has online availability', async () => {
      await setSetting(f.t.db, f.northside, 'appointment', 10, 'Yes');
      try {
        await expectRefused(
          entry(newVisit()),
          422,
          'WAITLIST_NOT_OFFERED',
          WAITLIST_LOCATION_HAS_TIMES_MESSAGE,
        );
      } finally {
        await setSetting(f.t.db, f.northside, 'appointment', 10, null);
      }
    });

    it('adds the entry once no provider there has a slot, only with appointment 10 Yes', async () => {
      // Dr. Chen, the only other provider of new visits in Pasadena, takes the month off.
      await f.t.db
        .insertInto('time_off')
        .values({
          client_id: f.northside.clientId,
          provider_id: f.northside.providers.Chen ?? 0,
          location_id: null,
          start_at: NOW.getTime(),
          end_at: NOW.getTime() + 60 * DAY_MS,
          reason: 'Sabbatical',
          created_at: NOW.getTime(),
        })
        .execute();
      await expectRefused(entry(newVisit()), 422, 'WAITLIST_NOT_OFFERED', WAITLIST_LOCATION_OFF_MESSAGE);
      await setSetting(f.t.db, f.northside, 'appointment', 10, 'Yes');
      try {
        const response = await post(entry(newVisit()));
        expect(response.statusCode, response.body).toBe(201);
        const row = await f.t.db
          .selectFrom('waitlist_entries')
          .select(['provider_id', 'location_id'])
          .where('id', '=', Number(response.json<{ waitlistEntryId: string }>().waitlistEntryId))
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ provider_id: null, location_id: f.northside.locations.pasadena });
        // Brooklyn Heights has no waitlist of its own.
        await expectRefused(
          entry({ ...newVisit(), locationId: String(f.northside.locations['brooklyn-heights']) }),
          422,
          'WAITLIST_NOT_OFFERED',
          WAITLIST_LOCATION_OFF_MESSAGE,
        );
      } finally {
        await setSetting(f.t.db, f.northside, 'appointment', 10, null);
      }
    });
  });
});
