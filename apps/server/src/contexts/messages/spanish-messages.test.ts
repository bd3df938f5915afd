/*
 * Issue 21, server side of Spanish, on SQLite and (TEST_DATABASE_URL) PostgreSQL: a public booking
 * names its language; the appointment keeps it; its confirmation goes out in it (the practice's
 * Spanish template, else the shipped Spanish default), with dates and times in Spanish, the zone
 * named, the manage link opening the page in Spanish (`lang=es`) and a Spanish calendar entry.
 * English bookings are unchanged; an unknown language is refused naming the field.
 */
import { randomUUID } from 'node:crypto';
import type { GetProvidersResponse, SlotResponse } from '@scheduler/contract/scheduler-api';
import { confirmationNumberOf } from '@scheduler/domain/messages/format';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import type { JobQueue } from '../../platform/jobs/index.ts';
import type { EmailTransport } from '../../platform/outbound/index.ts';
import { seedIfEmpty } from '../../platform/db/seed/seed.ts';
import { startMessagingApp } from '../../test/messaging-app.ts';
import { NOW, newPatient, query } from '../../test/public-api-fixture.ts';
import type { SmtpSink } from '../../test/smtp-sink.ts';
import { loginAsDemo } from '../../test/staff-login.ts';
import type { StaffLogin } from '../../test/staff-login.ts';
import type { TwilioStub } from '../../test/twilio-stub.ts';
import { testDatabases } from '../../test/test-db.ts';
import type { TestDatabase } from '../../test/test-db.ts';

vi.mock(import('../../platform/auth/password.ts'), async (original) =>
  (await import('../../test/fast-passwords.ts')).fastPasswords(original),
);

const EMERGENCY = 'Emergency Dental Visit';
const HOUR = 3_600_000;

describe.each(testDatabases())('Spanish bookings and messages on $name', (target) => {
  let t: TestDatabase;
  let app: App;
  let jobs: JobQueue;
  let sink: SmtpSink;
  let email: EmailTransport;
  let stub: TwilioStub;
  const clock = NOW;
  const now = () => clock;
  let clientId: number;
  let admin: StaffLogin;
  const ids = { service: 0, location: 0, carter: 0 };

  beforeAll(async () => {
    t = await target.create();
    await seedIfEmpty(t.db, NOW);
    ({ app, jobs, sink, email, stub } = await startMessagingApp(t, now));
    const client = await t.db
      .selectFrom('clients')
      .select('id')
      .where('slug', '=', 'brightsmile')
      .executeTakeFirstOrThrow();
    clientId = client.id;
    const service = await t.db
      .selectFrom('services')
      .select('id')
      .where('client_id', '=', clientId)
      .where('name', '=', EMERGENCY)
      .executeTakeFirstOrThrow();
    const location = await t.db
      .selectFrom('locations')
      .select('id')
      .where('client_id', '=', clientId)
      .where('slug', '=', 'midtown-manhattan')
      .executeTakeFirstOrThrow();
    const carter = await t.db
      .selectFrom('providers')
      .select('id')
      .where('client_id', '=', clientId)
      .where('last_name', '=', 'Carter')
      .executeTakeFirstOrThrow();
    Object.assign(ids, { service: service.id, location: location.id, carter: carter.id });
    admin = await loginAsDemo(app, 'admin');
  });

  afterAll(async () => {
    await app?.close();
    await email?.close();
    await sink?.close();
    await t?.destroy();
  });

  async function slots(): Promise<SlotResponse[]> {
    const response = await app.inject({
      method: 'GET',
      url: `/api/scheduler/getProviders?${query({
        clientName: 'brightsmile',
        scheduler: 'main',
        appointmentTypeId: ids.service,
        locationId: ids.location,
        providerId: ids.carter,
      })}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GetProvidersResponse>().providers[0]?.slots ?? [];
  }

  let cursor = 0;
  async function bookingBody(patient: Record<string, string | boolean>, extra: Record<string, unknown>) {
    const free = (await slots()).filter((slot) => Date.parse(slot.startUtc) >= clock.getTime() + 72 * HOUR);
    const slot = free[cursor % Math.max(free.length, 1)];
    cursor += 5;
    if (slot === undefined) throw new Error('no free slot');
    return {
      clientSlug: 'brightsmile',
      schedulerSlug: 'main',
      locationId: slot.locationId,
      providerId: String(ids.carter),
      appointmentTypeId: String(ids.service),
      startUtc: slot.startUtc,
      patient,
      isExistingPatient: false,
      insurance: null,
      details: { reasonForVisit: 'Diente roto' },
      sessionId: `session-${randomUUID()}`,
      idempotencyKey: randomUUID(),
      ...extra,
    };
  }

  const book = (payload: Record<string, unknown>) =>
    app.inject({ method: 'PUT', url: '/api/scheduler/bookAppointment', payload });

  const languageOf = async (appointmentId: number) =>
    (
      await t.db
        .selectFrom('appointments')
        .select('language')
        .where('id', '=', appointmentId)
        .executeTakeFirstOrThrow()
    ).language;

  const mailTo = (patient: Record<string, string | boolean>) =>
    sink.waitFor((m) => JSON.stringify(m.to ?? '').includes(String(patient.email)));
  const smsTo = (patient: Record<string, string | boolean>) =>
    stub.calls.find((call) => call.to === `+1${String(patient.phone).replace(/\D/g, '')}`);

  it('stores the language of a Spanish booking and sends its confirmation in Spanish', async () => {
    const patient = newPatient({ firstName: 'Lucía' });
    const response = await book(await bookingBody(patient, { language: 'es' }));
    expect(response.statusCode, response.body).toBe(201);
    const id = Number(response.json<{ appointmentId: string }>().appointmentId);
    expect(await languageOf(id)).toBe('es');

    await jobs.drain(clock);
    const mail = await mailTo(patient);
    expect(mail.subject).toMatch(
      /^Su cita del (lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d{1,2} de [a-z]+ de 2026 está reservada - BrightSmile/,
    );
    expect(mail.text).toMatch(/^Hola, Lucía:/);
    expect(mail.text).toContain(`Número de confirmación: ${confirmationNumberOf(id)}`);
    expect(mail.text).toMatch(
      /Fecha y hora: .+ a las? \d{1,2}:\d{2} [ap]\.m\. hora (estándar|de verano) del Este \(America\/New_York\)/,
    );
    expect(mail.text).not.toMatch(/\b(Hello|When|AM|PM)\b/);
    expect(mail.html).toContain('<div lang="es"');
    // The manage link opens the manage page in Spanish.
    expect(mail.text).toMatch(/Para ver o cambiar su cita: https:\/\/book\.clinic\.test\/\S+\?lang=es/);
    const ics = mail.attachments.find((a) => a.filename?.endsWith('.ics'))?.content.toString('utf8') ?? '';
    expect(ics).toContain('SUMMARY:Cita en BrightSmile');

    const sms = smsTo(patient);
    expect(sms?.body).toMatch(/^BrightSmile[^:]*: su cita esta reservada para el /);
    expect(sms?.body).toMatch(/\d{1,2}:\d{2} [ap]\.m\. hora (estandar|de verano) del Este/);
    expect(sms?.body).toContain('lang=es');
    expect(sms?.body).not.toContain('Emergency');

    // The stored copy hides the link's token, as for English messages.
    const stored = await t.db
      .selectFrom('messages')
      .select(['body'])
      .where('appointment_id', '=', id)
      .where('kind', '=', 'confirmation')
      .where('channel', '=', 'email')
      .executeTakeFirstOrThrow();
    expect(stored.body).toContain('Para ver o cambiar su cita: [manage link]');
  });

  it('an English booking (no language) stays English', async () => {
    const patient = newPatient();
    const response = await book(await bookingBody(patient, {}));
    expect(response.statusCode, response.body).toBe(201);
    const id = Number(response.json<{ appointmentId: string }>().appointmentId);
    expect(await languageOf(id)).toBe('en');
    await jobs.drain(clock);
    const mail = await mailTo(patient);
    expect(mail.subject).toMatch(/^Your appointment on .+ is booked - /);
    expect(mail.text).toMatch(/^Hello Testa,/);
    expect(mail.text).not.toContain('lang=es');
  });

  it("uses the practice's own Spanish template for a Spanish booking", async () => {
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/scheduler/admin/message-templates',
      headers: admin.bearerHeaders,
      payload: {
        clientId,
        kind: 'confirmation',
        channel: 'sms',
        language: 'es',
        bodyText:
          '{{ practice_name }}: ¡listo! Le esperamos el {{ date }}, {{ time }} {{ zone_abbreviation }}.',
        version: 0,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const patient = newPatient();
    const response = await book(await bookingBody(patient, { language: 'es' }));
    expect(response.statusCode, response.body).toBe(201);
    await jobs.drain(clock);
    expect(smsTo(patient)?.body).toMatch(
      /^BrightSmile[^:]*: ¡listo! Le esperamos el .+ [ap]\.m\. hora (estandar|de verano) del Este\.$/,
    );
    await t.db.deleteFrom('message_templates').where('client_id', '=', clientId).execute();
  });

  it('refuses an unknown language with 400 VALIDATION naming the field', async () => {
    const response = await book(await bookingBody(newPatient(), { language: 'fr' }));
    expect(response.statusCode, response.body).toBe(400);
    const error = response.json<{
      error: { code: string; details?: { fields?: { path: string; message: string }[] } };
    }>().error;
    expect(error.code).toBe('VALIDATION');
    expect(error.details?.fields?.map((field) => field.path)).toEqual(['language']);
  });
});
