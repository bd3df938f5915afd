/*
 * Issue 20, trusted partners' find/hold/book, on both databases: the owner's admin of partner
 * clients (owner only, secret shown once, audited), the token endpoint (client credentials: Basic
 * and post, wrong secret, revoked, expired, other brand), `$hold` → `$book` by the same partner,
 * a competing `$book` or `$hold` by another partner refused, the hold released by its job at
 * expiry, the booking API not offering a held time (and offering it again after release), the
 * patient's own booking over a hold refused with the spec's slot-taken message, and the slot
 * units' owner check of migration 020. Every FHIR answer is validated (@medplum/core + our checks).
 */
import type { Appointment, OperationOutcome } from '@medplum/fhirtypes';
import type {
  CreatePartnerResponse,
  PartnersResponse,
  PartnerTokenResponse,
} from '@scheduler/contract/admin/partners';
import type { GetProvidersResponse, SlotResponse } from '@scheduler/contract/scheduler-api';
import { formatMessage } from '@scheduler/domain/messages';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../../app.ts';
import { seedIfEmpty } from '../../../platform/db/seed/seed.ts';
import { NOW, newPatient, query } from '../../../test/public-api-fixture.ts';
import { loginAsDemo } from '../../../test/staff-login.ts';
import type { StaffLogin } from '../../../test/staff-login.ts';
import { createTestApp, testDatabases } from '../../../test/test-db.ts';
import type { TestDatabase } from '../../../test/test-db.ts';
import { fhirProblems } from '../fhir/fhir-validation.test-support.ts';
import { slotIdOf } from '../fhir/ids.ts';

vi.mock(import('../../../platform/auth/password.ts'), async (original) =>
  (await import('../../../test/fast-passwords.ts')).fastPasswords(original),
);

const EMERGENCY = 'Emergency Dental Visit';
const MIDTOWN_PHONE = '(212) 555-0142';
const PARTNERS = '/api/scheduler/admin/partners';
const BASE = '/fhir/brightsmile';
const MINUTE = 60_000;

interface Ids {
  clientId: number;
  serviceId: number;
  locationId: number;
  carter: number;
}

interface Partner {
  id: string;
  clientId: string;
  secret: string;
}

describe.each(testDatabases())('partners (token, hold, book) on $name', (target) => {
  let t: TestDatabase;
  let app: App;
  let clock = NOW;
  let owner: StaffLogin;
  let ids: Ids;
  let alpha: Partner;
  let beta: Partner;
  /** The slot Alpha holds in the competing test (the next tests book over it, then release it). */
  let held: { slot: SlotResponse; slotId: string };

  async function idOf(
    table: 'services' | 'locations' | 'providers',
    column: string,
    value: string,
    clientId: number,
  ) {
    const row = await t.db
      .selectFrom(table)
      .select('id')
      .where('client_id', '=', clientId)
      .where(column as never, '=', value as never)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function createPartner(name: string, login: StaffLogin = owner): Promise<Partner> {
    const response = await app.inject({
      method: 'POST',
      url: PARTNERS,
      headers: login.bearerHeaders,
      payload: { clientId: ids.clientId, name },
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<CreatePartnerResponse>();
    return { id: body.partner.partnerId, clientId: body.partner.clientIdentifier, secret: body.clientSecret };
  }

  beforeAll(async () => {
    t = await target.create();
    await seedIfEmpty(t.db, NOW);
    app = await createTestApp(t, { now: () => clock });
    await app.ready();
    owner = await loginAsDemo(app, 'owner');
    const client = await t.db
      .selectFrom('clients')
      .select('id')
      .where('slug', '=', 'brightsmile')
      .executeTakeFirstOrThrow();
    ids = {
      clientId: client.id,
      serviceId: await idOf('services', 'name', EMERGENCY, client.id),
      locationId: await idOf('locations', 'slug', 'midtown-manhattan', client.id),
      carter: await idOf('providers', 'last_name', 'Carter', client.id),
    };
    alpha = await createPartner('Alpha find-care portal');
    beta = await createPartner('Beta symptom checker');
  });
  afterAll(async () => {
    await app.close();
    await t.destroy();
  });

  // ---------------------------------------------------------------- helpers

  function tokenRequest(
    form: Record<string, string>,
    headers: Record<string, string> = {},
    brand = 'brightsmile',
  ) {
    return app.inject({
      method: 'POST',
      url: `/fhir/${brand}/auth/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(form).toString(),
    });
  }

  const basic = (id: string, secret: string) => ({
    authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`,
  });

  async function tokenOf(partner: Partner): Promise<string> {
    const response = await tokenRequest(
      { grant_type: 'client_credentials' },
      basic(partner.clientId, partner.secret),
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PartnerTokenResponse>().access_token;
  }

  async function slots(): Promise<SlotResponse[]> {
    const response = await app.inject({
      method: 'GET',
      url: `/api/scheduler/getProviders?${query({
        clientName: 'brightsmile',
        scheduler: 'main',
        appointmentTypeId: ids.serviceId,
        locationId: ids.locationId,
        providerId: ids.carter,
        isExistingPatient: 'false',
      })}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GetProvidersResponse>().providers[0]?.slots ?? [];
  }

  const offered = async (slot: SlotResponse) => (await slots()).some((s) => s.startUtc === slot.startUtc);

  async function slotAt(index: number): Promise<{ slot: SlotResponse; slotId: string }> {
    const slot = (await slots())[index];
    if (slot === undefined) throw new Error(`Dr. Carter has no slot ${index}`);
    const slotId = slotIdOf({
      providerId: ids.carter,
      locationId: ids.locationId,
      serviceId: ids.serviceId,
      startMs: Date.parse(slot.startUtc),
    });
    return { slot, slotId };
  }

  function patientResource(person = newPatient()) {
    return {
      resourceType: 'Patient',
      id: 'patient',
      name: [{ family: String(person.lastName), given: [String(person.firstName)] }],
      birthDate: String(person.dateOfBirth),
      gender: 'female',
      telecom: [
        { system: 'email', value: String(person.email) },
        { system: 'phone', value: String(person.phone), use: 'mobile' },
      ],
    };
  }

  function parameters(slotId: string, extra: Record<string, unknown> = {}) {
    return {
      resourceType: 'Parameters',
      parameter: [
        {
          name: 'appointment-resource',
          resource: {
            resourceType: 'Appointment',
            status: 'pending',
            slot: [{ reference: `Slot/${slotId}` }],
            participant: [{ actor: { reference: '#patient' }, status: 'accepted' }],
            ...extra,
          },
        },
      ],
    };
  }

  function operation(
    op: '$hold' | '$book',
    token: string | undefined,
    body: unknown,
    brand = 'brightsmile',
    contentType = 'application/fhir+json; charset=utf-8',
  ) {
    return app.inject({
      method: 'POST',
      url: `/fhir/${brand}/Appointment/${op}`,
      headers: {
        'content-type': contentType,
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
      payload: JSON.stringify(body),
    });
  }

  const book = (token: string, slotId: string, patient = patientResource()) =>
    operation('$book', token, parameters(slotId, { contained: [patient] }));

  function expectOutcome(response: { statusCode: number; body: string }, status: number, code: string) {
    expect(response.statusCode, response.body).toBe(status);
    const outcome = JSON.parse(response.body) as OperationOutcome;
    expect(outcome.resourceType).toBe('OperationOutcome');
    expect(outcome.issue?.[0]?.code).toBe(code);
    expect(fhirProblems(outcome)).toEqual([]);
    return outcome;
  }

  function expectAppointment(response: {
    statusCode: number;
    body: string;
    headers: Record<string, unknown>;
  }) {
    expect(response.statusCode, response.body).toBe(201);
    expect(String(response.headers['content-type'])).toContain('application/fhir+json');
    const appointment = JSON.parse(response.body) as Appointment;
    expect(fhirProblems(appointment)).toEqual([]);
    return appointment;
  }

  async function holdsOfCarter() {
    return t.db.selectFrom('slot_holds').selectAll().where('provider_id', '=', ids.carter).execute();
  }

  // ---------------------------------------------------------------- admin

  describe('admin of partner clients', () => {
    it('is for owners only: 401 without a session, 403 for an admin or staff', async () => {
      const admin = await loginAsDemo(app, 'admin');
      const staff = await loginAsDemo(app, 'staff');
      expect(
        (await app.inject({ method: 'GET', url: `${PARTNERS}?clientId=${ids.clientId}` })).statusCode,
      ).toBe(401);
      for (const login of [admin, staff]) {
        const list = await app.inject({
          method: 'GET',
          url: `${PARTNERS}?clientId=${ids.clientId}`,
          headers: login.bearerHeaders,
        });
        expect(list.statusCode, list.body).toBe(403);
        const create = await app.inject({
          method: 'POST',
          url: PARTNERS,
          headers: login.bearerHeaders,
          payload: { clientId: ids.clientId, name: 'Not allowed' },
        });
        expect(create.statusCode).toBe(403);
        const revoke = await app.inject({
          method: 'POST',
          url: `${PARTNERS}/${alpha.id}/revoke`,
          headers: login.bearerHeaders,
          payload: { clientId: ids.clientId },
        });
        expect(revoke.statusCode).toBe(403);
      }
    });

    it('shows the secret once: the list names the clients and endpoints, never a secret; creation is audited', async () => {
      const response = await app.inject({
        method: 'GET',
        url: `${PARTNERS}?clientId=${ids.clientId}`,
        headers: owner.bearerHeaders,
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<PartnersResponse>();
      expect(body.partners.map((p) => p.name)).toEqual(['Beta symptom checker', 'Alpha find-care portal']);
      expect(body.partners[0]).toMatchObject({
        status: 'active',
        revokedAt: null,
        createdBy: expect.any(String) as string,
      });
      expect(body.tokenUrl).toMatch(/\/fhir\/brightsmile\/auth\/token$/);
      expect(body.fhirBaseUrl).toMatch(/\/fhir\/brightsmile$/);
      expect(response.body).not.toContain(alpha.secret);
      expect(response.body).not.toContain('clientSecret');
      // Only the secret's SHA-256 is stored.
      const stored = await t.db.selectFrom('partner_clients').select('secret_hash').execute();
      expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.secret_hash))).toBe(true);
      expect(JSON.stringify(stored)).not.toContain(alpha.secret);
      const audit = await t.db
        .selectFrom('audit_log')
        .select(['action', 'record_id', 'user_id', 'details'])
        .where('action', '=', 'partner-client.create')
        .execute();
      expect(audit.map((row) => row.record_id).sort()).toEqual([alpha.id, beta.id].sort());
      expect(audit.every((row) => row.user_id !== null)).toBe(true);
    });

    it('validates the name (400) and answers 404 for an unknown client to revoke', async () => {
      const blank = await app.inject({
        method: 'POST',
        url: PARTNERS,
        headers: owner.bearerHeaders,
        payload: { clientId: ids.clientId, name: '  ' },
      });
      expect(blank.statusCode).toBe(400);
      const unknown = await app.inject({
        method: 'POST',
        url: `${PARTNERS}/999999/revoke`,
        headers: owner.bearerHeaders,
        payload: { clientId: ids.clientId },
      });
      expect(unknown.statusCode).toBe(404);
    });
  });

  // ---------------------------------------------------------------- tokens

  describe('token endpoint', () => {
    it('issues a 15-minute Bearer token by HTTP Basic or client_secret_post', async () => {
      const byBasic = await tokenRequest(
        { grant_type: 'client_credentials' },
        basic(alpha.clientId, alpha.secret),
      );
      expect(byBasic.statusCode, byBasic.body).toBe(200);
      expect(byBasic.headers['cache-control']).toBe('no-store');
      expect(byBasic.json()).toEqual({
        access_token: expect.any(String) as string,
        token_type: 'Bearer',
        expires_in: 900,
        scope: 'system/Slot.read system/Appointment.write',
      });
      const byPost = await tokenRequest({
        grant_type: 'client_credentials',
        client_id: alpha.clientId,
        client_secret: alpha.secret,
        scope: 'system/Appointment.write',
      });
      expect(byPost.statusCode, byPost.body).toBe(200);
      expect(byPost.json<PartnerTokenResponse>().scope).toBe('system/Appointment.write');
      const json = await app.inject({
        method: 'POST',
        url: `${BASE}/auth/token`,
        payload: { grant_type: 'client_credentials', client_id: alpha.clientId, client_secret: alpha.secret },
      });
      expect(json.statusCode, json.body).toBe(200);
      const used = await t.db
        .selectFrom('partner_clients')
        .select('last_used_at')
        .where('id', '=', Number(alpha.id))
        .executeTakeFirstOrThrow();
      expect(Number(used.last_used_at)).toBe(clock.getTime());
    });

    it('refuses a wrong secret or an unknown client with 401 invalid_client and WWW-Authenticate', async () => {
      for (const [id, secret] of [
        [alpha.clientId, `${alpha.secret}x`],
        [alpha.clientId, beta.secret],
        ['no-such-client', alpha.secret],
      ] as const) {
        const response = await tokenRequest({ grant_type: 'client_credentials' }, basic(id, secret));
        expect(response.statusCode).toBe(401);
        expect(response.headers['www-authenticate']).toMatch(/^Basic realm=/);
        expect(response.json()).toEqual({
          error: 'invalid_client',
          error_description: expect.any(String) as string,
        });
      }
      const none = await tokenRequest({ grant_type: 'client_credentials' });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ error: 'invalid_client' });
    });

    it('answers RFC 6749 errors for the grant, the scope and the request', async () => {
      const cases: [Record<string, string>, Record<string, string>, number, string][] = [
        [{ grant_type: 'password' }, basic(alpha.clientId, alpha.secret), 400, 'unsupported_grant_type'],
        [{}, basic(alpha.clientId, alpha.secret), 400, 'invalid_request'],
        [
          { grant_type: 'client_credentials', scope: 'system/*.*' },
          basic(alpha.clientId, alpha.secret),
          400,
          'invalid_scope',
        ],
        [
          { grant_type: 'client_credentials', client_id: alpha.clientId, client_secret: alpha.secret },
          basic(alpha.clientId, alpha.secret),
          400,
          'invalid_request',
        ],
      ];
      for (const [form, headers, status, error] of cases) {
        const response = await tokenRequest(form, headers);
        expect(response.statusCode, JSON.stringify(form)).toBe(status);
        expect(response.json()).toMatchObject({ error });
      }
      const twice = await app.inject({
        method: 'POST',
        url: `${BASE}/auth/token`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...basic(alpha.clientId, alpha.secret),
        },
        payload: 'grant_type=client_credentials&grant_type=client_credentials',
      });
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toMatchObject({ error: 'invalid_request' });
    });

    it('answers 404 OperationOutcome for an unknown brand, and a token works for its own brand only', async () => {
      expectOutcome(
        await tokenRequest({ grant_type: 'client_credentials' }, basic(alpha.clientId, alpha.secret), 'nope'),
        404,
        'not-found',
      );
      // Alpha belongs to brightsmile: northside does not know it.
      const other = await tokenRequest(
        { grant_type: 'client_credentials' },
        basic(alpha.clientId, alpha.secret),
        'northside',
      );
      expect(other.statusCode).toBe(401);
      const token = await tokenOf(alpha);
      const { slotId } = await slotAt(0);
      const northside = await operation('$hold', token, parameters(slotId), 'northside');
      expectOutcome(northside, 401, 'login');
      expect(northside.headers['www-authenticate']).toMatch(/error="invalid_token"/);
    });

    it('refuses $hold without a token, with a forged one, and with an expired one', async () => {
      const { slotId } = await slotAt(0);
      const missing = await operation('$hold', undefined, parameters(slotId));
      expectOutcome(missing, 401, 'login');
      expect(missing.headers['www-authenticate']).toBe('Bearer realm="fhir"');
      expectOutcome(await operation('$hold', 'not.a.token', parameters(slotId)), 401, 'login');
      const token = await tokenOf(alpha);
      const [head, payload] = token.split('.');
      expectOutcome(await operation('$hold', `${head}.${payload}.AAAA`, parameters(slotId)), 401, 'login');
      const start = clock;
      clock = new Date(start.getTime() + 16 * MINUTE);
      try {
        const expired = await operation('$hold', token, parameters(slotId));
        expectOutcome(expired, 401, 'login');
        expect(expired.headers['www-authenticate']).toMatch(/invalid_token/);
      } finally {
        clock = start;
      }
      expect(await holdsOfCarter()).toEqual([]);
    });
  });

  // ---------------------------------------------------------------- hold and book

  describe('$hold and $book', () => {
    it('holds a slot for 5 minutes: a pending Appointment, the time no longer offered, then booked by the same partner', async () => {
      const token = await tokenOf(alpha);
      const { slot, slotId } = await slotAt(1);
      const pending = expectAppointment(await operation('$hold', token, parameters(slotId)));
      expect(pending).toMatchObject({
        resourceType: 'Appointment',
        status: 'pending',
        slot: [{ reference: `Slot/${slotId}` }],
        participant: [
          { actor: { reference: `Practitioner/${ids.carter}` }, status: 'tentative' },
          { actor: { reference: `Location/${ids.locationId}` }, status: 'tentative' },
        ],
      });
      expect(pending.id).toMatch(/^hold-\d+$/);
      expect(Date.parse(pending.start ?? '')).toBe(Date.parse(slot.startUtc));
      expect(pending.start).toMatch(/-0[45]:00$/);
      const expires = pending.extension?.find((e) => e.url.endsWith('/hold-expires'))?.valueInstant;
      expect(Date.parse(expires ?? '')).toBe(clock.getTime() + 5 * MINUTE);
      // Held: the booking API does not offer it; the units are the hold's.
      expect(await offered(slot)).toBe(false);
      const units = await t.db
        .selectFrom('appointment_slot_units')
        .select(['appointment_id', 'hold_id'])
        .where('provider_id', '=', ids.carter)
        .where('unit_start', '=', Date.parse(slot.startUtc))
        .executeTakeFirstOrThrow();
      expect(units).toEqual({ appointment_id: null, hold_id: Number(pending.id?.slice(5)) });

      clock = new Date(clock.getTime() + 2 * MINUTE);
      const person = newPatient();
      const booked = expectAppointment(await book(token, slotId, patientResource(person)));
      expect(booked).toMatchObject({
        status: 'booked',
        slot: [{ reference: `Slot/${slotId}` }],
        participant: [{ status: 'accepted' }, { status: 'accepted' }],
        identifier: [{ value: expect.any(String) as string }],
      });
      const appointmentId = Number(booked.id);
      const row = await t.db
        .selectFrom('appointments as a')
        .innerJoin('patients as p', 'p.id', 'a.patient_id')
        .select([
          'a.status',
          'a.channel',
          'a.start_at',
          'a.created_by_user_id',
          'p.email',
          'p.gender',
          'p.sms_permission',
        ])
        .where('a.id', '=', appointmentId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: 'booked',
        channel: 'partner',
        created_by_user_id: null,
        email: String(person.email),
        gender: 'F',
        sms_permission: 1,
      });
      expect(Number(row.start_at)).toBe(Date.parse(slot.startUtc));
      // The hold became the appointment: its units are the appointment's now.
      expect(await holdsOfCarter()).toEqual([]);
      const after = await t.db
        .selectFrom('appointment_slot_units')
        .select(['appointment_id', 'hold_id'])
        .where('provider_id', '=', ids.carter)
        .where('unit_start', '=', Date.parse(slot.startUtc))
        .executeTakeFirstOrThrow();
      expect(after).toEqual({ appointment_id: appointmentId, hold_id: null });
      // Confirmed as a patient's booking is, and audited with the partner as the actor.
      const planned = await t.db
        .selectFrom('messages')
        .select('kind')
        .where('appointment_id', '=', appointmentId)
        .execute();
      expect(planned.length).toBeGreaterThan(0);
      const audit = await t.db
        .selectFrom('audit_log')
        .select(['user_id', 'details', 'record_type'])
        .where('action', '=', 'appointment.book.partner')
        .where('record_id', '=', String(appointmentId))
        .executeTakeFirstOrThrow();
      expect(audit.user_id).toBeNull();
      const details = JSON.parse(audit.details ?? '{}') as Record<string, unknown>;
      expect(details).toMatchObject({ partnerId: Number(alpha.id), fromHold: true, channel: 'partner' });
      expect(JSON.stringify(details)).not.toContain(String(person.email));
      expect(await offered(slot)).toBe(false);
      // The expiry job finds nothing left to release.
      clock = new Date(clock.getTime() + 5 * MINUTE);
      await app.jobs.drain(clock);
      expect(
        await t.db
          .selectFrom('appointments')
          .select('status')
          .where('id', '=', appointmentId)
          .executeTakeFirstOrThrow(),
      ).toEqual({ status: 'booked' });
    });

    it('refuses another partner’s $book and $hold on a held slot (409), writing nothing', async () => {
      const alphaToken = await tokenOf(alpha);
      const betaToken = await tokenOf(beta);
      held = await slotAt(2);
      const { slotId } = held;
      expectAppointment(await operation('$hold', alphaToken, parameters(slotId)));
      const appointmentsBefore = await t.db
        .selectFrom('appointments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const competing = expectOutcome(await book(betaToken, slotId), 409, 'conflict');
      expect(competing.issue?.[0]?.diagnostics).toMatch(/held by another client/);
      expectOutcome(await operation('$hold', betaToken, parameters(slotId)), 409, 'conflict');
      // A second hold by the same partner is refused too (the slot is no longer offered).
      expectOutcome(await operation('$hold', alphaToken, parameters(slotId)), 409, 'conflict');
      const appointmentsAfter = await t.db
        .selectFrom('appointments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(appointmentsAfter.n)).toBe(Number(appointmentsBefore.n));
      expect((await holdsOfCarter()).map((hold) => hold.partner_id)).toEqual([Number(alpha.id)]);
    });

    it('refuses the patient’s own booking over a hold with the spec’s slot-taken message', async () => {
      const { slot } = held;
      const response = await app.inject({
        method: 'PUT',
        url: '/api/scheduler/bookAppointment',
        payload: {
          clientSlug: 'brightsmile',
          schedulerSlug: 'main',
          locationId: String(ids.locationId),
          providerId: String(ids.carter),
          appointmentTypeId: String(ids.serviceId),
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
      expect(response.json()).toMatchObject({
        error: { code: 'SLOT_TAKEN', message: formatMessage('SLOT_TAKEN', { phone: MIDTOWN_PHONE }) },
      });
    });

    it('releases a hold at expiry (its job), and the booking API offers the time again', async () => {
      const { slot } = held;
      expect(await offered(slot)).toBe(false);
      clock = new Date(clock.getTime() + 5 * MINUTE + 1000);
      expect(await app.jobs.drain(clock)).toBeGreaterThan(0);
      expect(await holdsOfCarter()).toEqual([]);
      const units = await t.db
        .selectFrom('appointment_slot_units')
        .select('hold_id')
        .where('hold_id', 'is not', null)
        .execute();
      expect(units).toEqual([]);
      expect(await offered(slot)).toBe(true);
    });

    it('lets $book take a free slot without a hold, and treats an expired hold as gone before its job runs', async () => {
      const alphaToken = await tokenOf(alpha);
      const betaToken = await tokenOf(beta);
      const { slotId } = await slotAt(3);
      // (Plain application/json is accepted as well as application/fhir+json.)
      expectAppointment(
        await operation('$hold', alphaToken, parameters(slotId), 'brightsmile', 'application/json'),
      );
      clock = new Date(clock.getTime() + 5 * MINUTE);
      // Alpha's hold expired (its job has not run): Beta books the time.
      const booked = expectAppointment(await book(betaToken, slotId));
      expect(booked.status).toBe('booked');
      expect(await holdsOfCarter()).toEqual([]);
      // A hold over a booking is refused by the search and by the database's slot units.
      expectOutcome(await operation('$hold', alphaToken, parameters(slotId)), 409, 'conflict');
      await app.jobs.drain(clock);
    });

    it('validates the request: a malformed slot 400, an unknown one 404, a missing patient 400', async () => {
      const token = await tokenOf(alpha);
      const { slotId } = await slotAt(4);
      expectOutcome(await operation('$hold', token, parameters('1-2-3')), 400, 'invalid');
      const unknown = slotIdOf({
        providerId: ids.carter,
        locationId: ids.locationId,
        serviceId: 999_999,
        startMs: Date.parse('2026-12-01T15:00:00Z'),
      });
      expectOutcome(await operation('$hold', token, parameters(unknown)), 404, 'not-found');
      expectOutcome(
        await operation('$hold', token, { resourceType: 'Parameters', parameter: [] }),
        400,
        'invalid',
      );
      expectOutcome(
        await operation('$hold', token, {
          resourceType: 'Parameters',
          parameter: [{ name: 'appointment-reference', valueReference: { reference: 'Appointment/1' } }],
        }),
        400,
        'invalid',
      );
      expectOutcome(await operation('$book', token, parameters(slotId)), 400, 'required');
      const noEmail = patientResource();
      noEmail.telecom = noEmail.telecom.filter((item) => item.system !== 'email');
      const outcome = expectOutcome(await book(token, slotId, noEmail), 400, 'invalid');
      expect(outcome.issue?.[0]?.expression).toEqual(['Patient.telecom']);
      const future = { ...patientResource(), birthDate: '2090-01-01' };
      expectOutcome(await book(token, slotId, future), 400, 'invalid');
      // Nothing was booked or held.
      const { slot } = await slotAt(4);
      expect(Date.parse(slot.startUtc)).toBe(Number(slotId.split('-')[3]) * MINUTE);
      expect(await holdsOfCarter()).toEqual([]);
    });

    it('lets exactly one of concurrent holds and bookings of one slot through (the slot units decide)', async () => {
      const [alphaToken, betaToken] = await Promise.all([tokenOf(alpha), tokenOf(beta)]);
      const first = await slotAt(6);
      const holds = await Promise.all([
        operation('$hold', alphaToken, parameters(first.slotId)),
        operation('$hold', betaToken, parameters(first.slotId)),
      ]);
      expect(holds.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const second = await slotAt(6);
      const books = await Promise.all([book(alphaToken, second.slotId), book(betaToken, second.slotId)]);
      expect(books.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      for (const refused of [...holds, ...books].filter((r) => r.statusCode === 409))
        expectOutcome(refused, 409, 'conflict');
      const booked = await t.db
        .selectFrom('appointments')
        .select('id')
        .where('provider_id', '=', ids.carter)
        .where('start_at', '=', Date.parse(second.slot.startUtc))
        .where('status', '=', 'booked')
        .execute();
      expect(booked).toHaveLength(1);
      clock = new Date(clock.getTime() + 6 * MINUTE);
      await app.jobs.drain(clock);
      expect(await holdsOfCarter()).toEqual([]);
    });

    it('stops a revoked partner at once: its token and its holds', async () => {
      const gamma = await createPartner('Gamma directory');
      const token = await tokenOf(gamma);
      const { slot, slotId } = await slotAt(5);
      expectAppointment(await operation('$hold', token, parameters(slotId)));
      const revoke = await app.inject({
        method: 'POST',
        url: `${PARTNERS}/${gamma.id}/revoke`,
        headers: owner.bearerHeaders,
        payload: { clientId: ids.clientId },
      });
      expect(revoke.statusCode, revoke.body).toBe(200);
      expect(revoke.json()).toMatchObject({
        partner: { status: 'revoked', revokedAt: expect.any(String) as string },
      });
      expect(await offered(slot)).toBe(true);
      const refused = await operation('$hold', token, parameters(slotId));
      expectOutcome(refused, 401, 'login');
      expect(refused.headers['www-authenticate']).toMatch(/invalid_token/);
      const again = await tokenRequest(
        { grant_type: 'client_credentials' },
        basic(gamma.clientId, gamma.secret),
      );
      expect(again.statusCode).toBe(401);
      expect(again.json()).toMatchObject({ error: 'invalid_client' });
      const audit = await t.db
        .selectFrom('audit_log')
        .select('user_id')
        .where('action', '=', 'partner-client.revoke')
        .where('record_id', '=', gamma.id)
        .execute();
      expect(audit).toHaveLength(1);
    });
  });

  describe('migration 020', () => {
    it('requires every slot unit to belong to exactly one appointment or hold', async () => {
      const unit = {
        client_id: ids.clientId,
        provider_id: ids.carter,
        unit_start: Date.parse('2030-01-01T15:00:00Z'),
      };
      await expect(
        t.db
          .insertInto('appointment_slot_units')
          .values({ ...unit, appointment_id: null, hold_id: null })
          .execute(),
      ).rejects.toThrow();
      const appointment = await t.db
        .selectFrom('appointments')
        .select('id')
        .where('client_id', '=', ids.clientId)
        .executeTakeFirstOrThrow();
      const hold = await t.db
        .insertInto('slot_holds')
        .values({
          client_id: ids.clientId,
          partner_id: Number(alpha.id),
          provider_id: ids.carter,
          location_id: ids.locationId,
          service_id: ids.serviceId,
          start_at: unit.unit_start,
          end_at: unit.unit_start + 30 * MINUTE,
          expires_at: unit.unit_start,
          created_at: unit.unit_start,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await expect(
        t.db
          .insertInto('appointment_slot_units')
          .values({ ...unit, appointment_id: appointment.id, hold_id: hold.id })
          .execute(),
      ).rejects.toThrow();
      const versions = () =>
        t.db
          .selectFrom('provider_busy_versions')
          .select('version')
          .where('provider_id', '=', ids.carter)
          .executeTakeFirst();
      const before = Number((await versions())?.version ?? 0);
      await t.db.deleteFrom('slot_holds').where('id', '=', hold.id).execute();
      // The hold's insert and delete raise the provider's busy version (kept searches are not reused).
      expect(Number((await versions())?.version ?? 0)).toBe(before + 1);
    });
  });
});
