/*
 * Issue 21 at the front desk, on SQLite and (TEST_DATABASE_URL) PostgreSQL: a staff booking names
 * the language of the patient's messages ("Messages in"); the appointment keeps it, also through a
 * staff move; its confirmation (e-mail and SMS) and the move's notice go out in it; the audit row
 * of the booking records it. Without a language, the patient's last booking's language, else the
 * practice's default language setting. An unknown language is refused naming the field.
 */
import { randomUUID } from 'node:crypto';
import type {
  FreeTimesResponse,
  FrontDeskBooking,
  FrontDeskMessageLanguage,
} from '@scheduler/contract/admin/front-desk';
import { confirmationNumberOf } from '@scheduler/domain/messages/format';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../../app.ts';
import type { JobQueue } from '../../../platform/jobs/index.ts';
import type { EmailTransport } from '../../../platform/outbound/index.ts';
import { seedIfEmpty } from '../../../platform/db/seed/seed.ts';
import { startMessagingApp } from '../../../test/messaging-app.ts';
import { auditRows } from '../../../test/patient-management-fixture.ts';
import { NOW, newPatient, query, setSetting } from '../../../test/public-api-fixture.ts';
import type { SmtpSink } from '../../../test/smtp-sink.ts';
import { loginAsDemo } from '../../../test/staff-login.ts';
import type { StaffLogin } from '../../../test/staff-login.ts';
import type { TwilioStub } from '../../../test/twilio-stub.ts';
import { testDatabases } from '../../../test/test-db.ts';
import type { TestDatabase } from '../../../test/test-db.ts';

vi.mock(import('../../../platform/auth/password.ts'), async (original) =>
  (await import('../../../test/fast-passwords.ts')).fastPasswords(original),
);

const BASE = '/api/scheduler/admin/front-desk';
const EMERGENCY = 'Emergency Dental Visit';
const LATER_DATES = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-07', '2026-12-08'];
/** The scheduler setting "default language" (appointment group, order 21). */
const DEFAULT_LANGUAGE = ['appointment', 21] as const;

interface Time {
  providerId: string;
  locationId: string;
  startUtc: string;
}

type Person = Record<string, string | boolean>;

describe.each(testDatabases())('front desk: the language of a staff booking on $name', (target) => {
  let t: TestDatabase;
  let app: App;
  let jobs: JobQueue;
  let sink: SmtpSink;
  let email: EmailTransport;
  let stub: TwilioStub;
  const clock = NOW;
  const now = () => clock;
  let staff: StaffLogin;
  const brand = { clientId: 0, schedulerId: 0, services: {}, locations: {}, providers: {} };
  const ids = { service: 0, location: 0 };
  let later: Time[] = [];

  beforeAll(async () => {
    t = await target.create();
    await seedIfEmpty(t.db, NOW);
    ({ app, jobs, sink, email, stub } = await startMessagingApp(t, now));
    const client = await t.db
      .selectFrom('clients as c')
      .innerJoin('schedulers as s', 's.client_id', 'c.id')
      .select(['c.id', 's.id as scheduler_id'])
      .where('c.slug', '=', 'brightsmile')
      .executeTakeFirstOrThrow();
    Object.assign(brand, { clientId: client.id, schedulerId: client.scheduler_id });
    const service = await t.db
      .selectFrom('services')
      .select('id')
      .where('client_id', '=', client.id)
      .where('name', '=', EMERGENCY)
      .executeTakeFirstOrThrow();
    const location = await t.db
      .selectFrom('locations')
      .select('id')
      .where('client_id', '=', client.id)
      .where('slug', '=', 'midtown-manhattan')
      .executeTakeFirstOrThrow();
    Object.assign(ids, { service: service.id, location: location.id });
    staff = await loginAsDemo(app, 'staff');
    for (const date of LATER_DATES) later.push(...(await freeTimes(date)));
    expect(later.length).toBeGreaterThan(8);
  });

  afterAll(async () => {
    await app?.close();
    await email?.close();
    await sink?.close();
    await t?.destroy();
  });

  async function freeTimes(date: string): Promise<Time[]> {
    const response = await app.inject({
      method: 'GET',
      url: `${BASE}/free-times?${query({ clientId: brand.clientId, appointmentTypeId: ids.service, locationId: ids.location, date })}`,
      headers: staff.bearerHeaders,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<FreeTimesResponse>();
    return body.providers.flatMap((p) =>
      p.times
        .filter((time) => time.overrides.length === 0)
        .map((time) => ({
          providerId: p.providerId,
          locationId: body.location.locationId,
          startUtc: time.startUtc,
        })),
    );
  }

  /** A free time no other test uses (times of a provider at least three hours apart). */
  function take(): Time {
    const taken = later.shift();
    if (taken === undefined) throw new Error('no free time left');
    later = later.filter(
      (other) =>
        other.providerId !== taken.providerId ||
        Math.abs(Date.parse(other.startUtc) - Date.parse(taken.startUtc)) >= 3 * 3_600_000,
    );
    return taken;
  }

  function post(path: string, payload: object) {
    return app.inject({
      method: 'POST',
      url: `${BASE}/${path}`,
      headers: staff.bearerHeaders,
      payload: { clientId: brand.clientId, ...payload },
    });
  }

  async function book(patient: object, extra: object = {}): Promise<FrontDeskBooking> {
    const time = take();
    const response = await post('book', {
      patient,
      appointmentTypeId: ids.service,
      providerId: time.providerId,
      locationId: time.locationId,
      startUtc: time.startUtc,
      idempotencyKey: randomUUID(),
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<FrontDeskBooking>();
  }

  const languageOf = async (appointmentId: string) =>
    (
      await t.db
        .selectFrom('appointments')
        .select('language')
        .where('id', '=', Number(appointmentId))
        .executeTakeFirstOrThrow()
    ).language;

  async function messageLanguage(patientId?: string): Promise<FrontDeskMessageLanguage> {
    const response = await app.inject({
      method: 'GET',
      url: `${BASE}/message-language?${query({ clientId: brand.clientId, patientId })}`,
      headers: staff.bearerHeaders,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FrontDeskMessageLanguage>();
  }

  const smsTo = (person: Person) =>
    stub.calls.filter((call) => call.to === `+1${String(person.phone).replace(/\D/g, '')}`);

  it('stores Spanish, audits it, and sends the confirmation e-mail and SMS in Spanish', async () => {
    const person = newPatient({ firstName: 'Lucía' });
    const booking = await book({ newPatient: person }, { language: 'es' });
    expect(await languageOf(booking.appointmentId)).toBe('es');
    const audit = await auditRows(t.db, {
      action: 'appointment.book.staff',
      recordId: booking.appointmentId,
    });
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.details ?? '{}')).toMatchObject({ language: 'es' });

    await jobs.drain(clock);
    const mail = await sink.waitFor((m) => JSON.stringify(m.to ?? '').includes(String(person.email)));
    expect(mail.subject).toMatch(
      /^Su cita del (lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d{1,2} de [a-z]+ de 2026 está reservada - BrightSmile/,
    );
    expect(mail.text).toMatch(/^Hola, Lucía:/);
    expect(mail.text).toContain(
      `Número de confirmación: ${confirmationNumberOf(Number(booking.appointmentId))}`,
    );
    expect(mail.text).not.toMatch(/\b(Hello|When|AM|PM)\b/);
    expect(mail.html).toContain('<div lang="es"');
    expect(mail.text).toMatch(/Para ver o cambiar su cita: https:\/\/book\.clinic\.test\/\S+\?lang=es/);
    const sms = smsTo(person)[0];
    expect(sms?.body).toMatch(/^BrightSmile[^:]*: su cita esta reservada para el /);
    expect(sms?.body).toContain('lang=es');
  });

  it('keeps the language when staff move the appointment; the notice of the move goes out in it', async () => {
    const person = newPatient({ firstName: 'Mateo' });
    const booking = await book({ newPatient: person }, { language: 'es' });
    await jobs.drain(clock);
    const to = take();
    const moved = await post('reschedule', {
      appointmentId: booking.appointmentId,
      providerId: to.providerId,
      locationId: to.locationId,
      startUtc: to.startUtc,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await languageOf(booking.appointmentId)).toBe('es');
    await jobs.drain(clock);
    const notice = await sink.waitFor(
      (m) =>
        JSON.stringify(m.to ?? '').includes(String(person.email)) &&
        /^Su cita cambió al /.test(m.subject ?? ''),
    );
    expect(notice.text).toMatch(/^Hola, Mateo:/);
    expect(smsTo(person).some((sms) => /: su cita cambio al /.test(sms.body))).toBe(true);
  });

  it('an English choice stays English', async () => {
    const person = newPatient();
    const booking = await book({ newPatient: person }, { language: 'en' });
    expect(await languageOf(booking.appointmentId)).toBe('en');
    await jobs.drain(clock);
    const mail = await sink.waitFor((m) => JSON.stringify(m.to ?? '').includes(String(person.email)));
    expect(mail.subject).toMatch(/^Your appointment on .+ is booked - /);
    expect(mail.text).not.toContain('lang=es');
  });

  it("defaults to the patient's last booking's language, else the practice's default language", async () => {
    // A patient whose last booking was in Spanish: the next one (no language named) is Spanish too.
    const first = await book({ newPatient: newPatient() }, { language: 'es' });
    const patientId = first.patient.patientId;
    expect(await messageLanguage(patientId)).toEqual({ language: 'es', source: 'patient' });
    const again = await book({ patientId });
    expect(await languageOf(again.appointmentId)).toBe('es');
    const read = await auditRows(t.db, { action: 'patient.message-language.read', recordId: patientId });
    expect(read).toHaveLength(1);

    // The same person entered again as new (matched by name and date of birth): their last language.
    const person = newPatient();
    const english = await book({ newPatient: person }, { language: 'es' });
    const matched = await book({ newPatient: person });
    expect(matched.patient.patientId).toBe(english.patient.patientId);
    expect(await languageOf(matched.appointmentId)).toBe('es');

    // A new patient: the practice's default language (English unless the setting says otherwise).
    expect(await messageLanguage()).toEqual({ language: 'en', source: 'practice' });
    const plain = await book({ newPatient: newPatient() });
    expect(await languageOf(plain.appointmentId)).toBe('en');
    await setSetting(t.db, brand, ...DEFAULT_LANGUAGE, 'es');
    try {
      expect(await messageLanguage()).toEqual({ language: 'es', source: 'practice' });
      const spanish = await book({ newPatient: newPatient() });
      expect(await languageOf(spanish.appointmentId)).toBe('es');
      // Staff's choice wins over every default.
      const chosen = await book({ patientId }, { language: 'en' });
      expect(await languageOf(chosen.appointmentId)).toBe('en');
      expect(await messageLanguage(patientId)).toEqual({ language: 'en', source: 'patient' });
    } finally {
      await setSetting(t.db, brand, ...DEFAULT_LANGUAGE, null);
    }
  });

  it('answers 404 for a patient not on file, and refuses an unknown language naming the field', async () => {
    const missing = await app.inject({
      method: 'GET',
      url: `${BASE}/message-language?${query({ clientId: brand.clientId, patientId: 999_999 })}`,
      headers: staff.bearerHeaders,
    });
    expect(missing.statusCode, missing.body).toBe(404);
    const time = later[0]!;
    const response = await post('book', {
      patient: { newPatient: newPatient() },
      appointmentTypeId: ids.service,
      providerId: time.providerId,
      locationId: time.locationId,
      startUtc: time.startUtc,
      idempotencyKey: randomUUID(),
      language: 'fr',
    });
    expect(response.statusCode, response.body).toBe(400);
    const error = response.json<{
      error: { code: string; details?: { fields?: { path: string; message: string }[] } };
    }>().error;
    expect(error.code).toBe('VALIDATION');
    expect(error.details?.fields?.map((field) => field.path)).toEqual(['language']);
  });
});
