/*
 * Issue 15, finding 10: anonymous callers must not learn when someone's next appointment is from
 * a partial identity. POST createPatients and the booking refusal quote the appointment (the
 * spec's EXISTING_APPOINTMENT message) only when every identity field given matches the record
 * exactly — name, date of birth, phone AND e-mail; otherwise they say only that the office will
 * help. The lookups are limited per identity (name + date of birth) as well as per IP.
 */
import { randomUUID } from 'node:crypto';
import { formatApptDate, formatApptTime } from '@scheduler/domain/dates';
import { CALL_OFFICE_MESSAGE, formatMessage } from '@scheduler/domain/messages';
import type { PatientLookupResponse } from '@scheduler/contract/scheduler-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../../app.ts';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import { createAppOn, createPublicFixture, writeCounts } from '../../../test/public-api-fixture.ts';
import { insertAppointment, insertPatient } from '../../../test/patient-management-fixture.ts';
import { testDatabases } from '../../../test/test-db.ts';
import { IDENTITY_LOOKUP_LIMIT } from './identity-limit.ts';

vi.mock(import('../../../platform/auth/password.ts'), async (original) =>
  (await import('../../../test/fast-passwords.ts')).fastPasswords(original),
);

const EMERGENCY = 'Emergency Dental Visit';

interface ErrorJson {
  error: { code: string; message: string; details?: Record<string, unknown> };
}

let people = 0;

describe.each(testDatabases())('identity lookups on $name', (target) => {
  let f: PublicFixture;
  let app: App;
  let ip = 0;

  beforeAll(async () => {
    f = await createPublicFixture(target);
    app = await createAppOn(f, { config: { rateLimitBookingsPerMinute: 1000 } });
  });
  afterAll(async () => {
    await app.close();
    await f.close();
  });

  /** A patient on file with an upcoming appointment in three days, and the spec's message for it. */
  async function knownPatient() {
    people += 1;
    const lastName = `Known${people}x${randomUUID()
      .slice(0, 6)
      .replace(/[^a-z]/g, 'q')}`;
    const brand = f.brightsmile;
    const patientId = await insertPatient(f.t.db, {
      clientId: brand.clientId,
      firstName: 'Ida',
      lastName,
      dateOfBirth: '1969-07-20',
      phone: '2125550142',
      email: 'ida.known@example.org',
    });
    // Far from the seeded diary, one day per person (the fixture writes slot units too).
    const startAt = Date.UTC(2027, 5, 1 + people, 3, 0);
    await insertAppointment(f.t.db, {
      clientId: brand.clientId,
      patientId,
      providerId: brand.providers.Carter!,
      locationId: brand.locations['midtown-manhattan']!,
      serviceId: brand.services[EMERGENCY]!,
      startAt,
    });
    const message = formatMessage('EXISTING_APPOINTMENT', {
      apptDate: formatApptDate(startAt, 'America/New_York'),
      apptTime: formatApptTime(startAt, 'America/New_York'),
    });
    const identity = {
      firstName: 'Ida',
      lastName,
      dateOfBirth: '1969-07-20',
      phone: '(212) 555-0142',
      email: 'ida.known@example.org',
      smsPermission: true,
      emailPermission: true,
    };
    return { patientId, startAt, message, identity, apptDate: formatApptDate(startAt, 'America/New_York') };
  }

  /** Each call from its own address, so that only the per-identity limit can apply. */
  function nextIp(): string {
    ip += 1;
    return `203.0.${Math.floor(ip / 250) % 250}.${(ip % 250) + 1}`;
  }

  const lookup = (patient: Record<string, unknown>, remoteAddress = nextIp()) =>
    app.inject({
      method: 'POST',
      url: '/api/scheduler/createPatients',
      remoteAddress,
      payload: { clientName: 'brightsmile', scheduler: 'main', patient },
    });

  function book(
    patient: Record<string, unknown>,
    remoteAddress = nextIp(),
    idempotencyKey: string = randomUUID(),
    startUtc = new Date(Date.UTC(2026, 10, 30, 15, 0)).toISOString(),
  ) {
    const brand = f.brightsmile;
    return app.inject({
      method: 'PUT',
      url: '/api/scheduler/bookAppointment',
      remoteAddress,
      payload: {
        clientSlug: 'brightsmile',
        schedulerSlug: 'main',
        locationId: String(brand.locations['midtown-manhattan']),
        providerId: String(brand.providers.Carter),
        appointmentTypeId: String(brand.services[EMERGENCY]),
        startUtc,
        patient,
        isExistingPatient: true,
        insurance: null,
        details: { reasonForVisit: '' },
        sessionId: `session-${randomUUID()}`,
        idempotencyKey,
      },
    });
  }

  it('createPatients quotes the appointment when name, birth date, phone and e-mail all match', async () => {
    const known = await knownPatient();
    const response = await lookup(known.identity);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<PatientLookupResponse>();
    expect(body.existingAppointment).toEqual({
      startUtc: new Date(known.startAt).toISOString(),
      message: known.message,
    });
  });

  it('createPatients only says that the office will help when the phone or the e-mail differs', async () => {
    const known = await knownPatient();
    for (const partial of [
      { ...known.identity, email: 'someone.else@example.org' },
      { ...known.identity, phone: '(917) 555-0100' },
    ]) {
      const response = await lookup(partial);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<PatientLookupResponse>();
      expect(body.existingAppointment).toBeNull();
      expect(body.refusal).toEqual({ code: 'CALL_OFFICE', message: CALL_OFFICE_MESSAGE });
      expect(response.body).not.toContain(known.apptDate);
      expect(response.body).not.toContain(new Date(known.startAt).toISOString());
    }
  });

  it('the booking refusal quotes the appointment only on an exact match', async () => {
    const known = await knownPatient();
    const before = await writeCounts(f.t.db);
    const exact = await book(known.identity);
    expect(exact.statusCode, exact.body).toBe(409);
    expect(exact.json<ErrorJson>().error).toMatchObject({
      code: 'EXISTING_APPOINTMENT',
      message: known.message,
    });

    const partial = await book({ ...known.identity, email: 'someone.else@example.org' });
    expect(partial.statusCode, partial.body).toBe(409);
    expect(partial.json<ErrorJson>().error).toEqual({ code: 'CALL_OFFICE', message: CALL_OFFICE_MESSAGE });
    expect(partial.body).not.toContain(known.apptDate);
    expect(await writeCounts(f.t.db)).toEqual(before);
  });

  it('limits the lookups of one identity, from any address, with a 429 in the standard error body', async () => {
    const known = await knownPatient();
    const guesses = Array.from({ length: IDENTITY_LOOKUP_LIMIT.max }, (_, index) => ({
      ...known.identity,
      email: `guess${index}@example.org`,
    }));
    // createPatients and bookAppointment share the identity's counter.
    for (const [index, guess] of guesses.entries()) {
      const response = index % 2 === 0 ? await lookup(guess) : await book(guess);
      expect(response.statusCode, response.body).not.toBe(429);
    }
    const limited = await lookup(known.identity);
    expect(limited.statusCode, limited.body).toBe(429);
    const body = limited.json<ErrorJson>();
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(typeof body.error.message).toBe('string');
    expect(body.error.details).toMatchObject({ retryAfterSeconds: expect.any(Number) as number });
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.body).not.toContain(known.apptDate);
    expect((await book(known.identity)).statusCode).toBe(429);

    // Another person is not held up, even with the same first name and birth date.
    const other = await lookup({ ...known.identity, lastName: `${known.identity.lastName}z` });
    expect(other.statusCode, other.body).toBe(200);
  });

  it('never refuses the retry of an acknowledged booking, even once its identity used up its lookups', async () => {
    // A new patient booked at the first free quarter hour (each try with a name of its own).
    let booked:
      { identity: Record<string, unknown>; key: string; startUtc: string; confirmation: string } | undefined;
    for (let slot = 0; booked === undefined && slot < 40; slot += 1) {
      people += 1;
      const identity = {
        firstName: 'Rhea',
        lastName: `Retry${people}x${randomUUID()
          .slice(0, 6)
          .replace(/[^a-z]/g, 'q')}`,
        dateOfBirth: '1984-02-29',
        phone: '(212) 555-0199',
        email: 'rhea.retry@example.org',
        smsPermission: true,
        emailPermission: true,
      };
      const key = randomUUID();
      const startUtc = new Date(Date.UTC(2026, 11, 1, 14, 0) + slot * 15 * 60_000).toISOString();
      const response = await book(identity, nextIp(), key, startUtc);
      if (response.statusCode === 201) {
        const confirmation = response.json<{ confirmationNumber: string }>().confirmationNumber;
        booked = { identity, key, startUtc, confirmation };
      } else expect(response.json<ErrorJson>().error.code).toBe('SLOT_TAKEN');
    }
    if (booked === undefined) throw new Error('no free quarter hour on 1 December for the retry test');
    for (let index = 1; index < IDENTITY_LOOKUP_LIMIT.max; index += 1) await lookup(booked.identity);
    expect((await lookup(booked.identity)).statusCode).toBe(429);
    // The same request again (its answer was lost and it is retried): its booking, not a refusal.
    const retry = await book(booked.identity, nextIp(), booked.key, booked.startUtc);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json<{ confirmationNumber: string }>().confirmationNumber).toBe(booked.confirmation);
  });
});
