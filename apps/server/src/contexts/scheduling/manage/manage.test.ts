/*
 * Issue 18 "Manage link", on both databases: the booking answer's link, GET changes nothing, one
 * plain answer for wrong/expired/cancelled links, cut-off and limit enforced on the server, the
 * reschedule (one transaction; a taken time keeps the old one), cancel, the messages carry the
 * link (never stored), staff see the facts and resend, and no token reaches a log line.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { BOOKING_MESSAGES } from '@scheduler/domain/messages';
import { MANAGE_LINK_INVALID_MESSAGE, MANAGE_TOKEN_HEADER } from '@scheduler/contract/manage';
import type { ManageAppointmentResponse } from '@scheduler/contract/manage';
import type {
  BookAppointmentResponse,
  GetProvidersResponse,
  SlotResponse,
} from '@scheduler/contract/scheduler-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../app.ts';
import type { EmailTransport, OutboundEmail } from '../../../platform/outbound/transports.ts';
import { NOW, newPatient, query, setSetting } from '../../../test/public-api-fixture.ts';
import type { BrandIds } from '../../../test/public-api-fixture.ts';
import { loginAsDemo } from '../../../test/staff-login.ts';
import { createTestApp, testDatabases } from '../../../test/test-db.ts';
import type { TestDatabase } from '../../../test/test-db.ts';
import { seedIfEmpty } from '../../../platform/db/seed/seed.ts';
import { createManageService } from './manage-service.ts';
import type { FreedTimeListener } from './manage-service.ts';

const EMERGENCY = 'Emergency Dental Visit';
const HOUR = 3_600_000;
const PUBLIC_URL = 'https://book.clinic.test';
const MANAGE = '/api/scheduler/manage';

interface ErrorJson {
  error: { code: string; message: string; details?: { reason?: string } };
}

describe.each(testDatabases())('manage link on $name', (target) => {
  let t: TestDatabase;
  let app: App;
  let bright: BrandIds;
  let clock = NOW;
  const now = () => clock;
  const logLines: string[] = [];
  const tokens: string[] = [];
  const sent: OutboundEmail[] = [];
  const email: EmailTransport = {
    configured: true,
    send: (mail) => {
      sent.push(mail);
      return Promise.resolve({ providerId: `fake-${sent.length}` });
    },
    close: () => Promise.resolve(),
  };

  beforeAll(async () => {
    t = await target.create();
    await seedIfEmpty(t.db, NOW);
    app = await createTestApp(t, {
      now,
      email,
      logger: { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } },
      config: { publicUrl: PUBLIC_URL },
    });
    await app.ready();
    const client = await t.db
      .selectFrom('clients as c')
      .innerJoin('schedulers as s', 's.client_id', 'c.id')
      .select(['c.id', 's.id as scheduler_id'])
      .where('c.slug', '=', 'brightsmile')
      .executeTakeFirstOrThrow();
    const rows = async (
      table: 'services' | 'locations' | 'providers',
      column: 'name' | 'slug' | 'last_name',
    ) =>
      Object.fromEntries(
        (
          await t.db
            .selectFrom(table)
            .select(['id', `${column} as key`] as never)
            .where('client_id', '=', client.id)
            .execute()
        ).map((row) => [(row as unknown as { key: string }).key, (row as unknown as { id: number }).id]),
      );
    bright = {
      clientId: client.id,
      schedulerId: client.scheduler_id,
      services: await rows('services', 'name'),
      locations: await rows('locations', 'slug'),
      providers: await rows('providers', 'last_name'),
    };
  });

  afterAll(async () => {
    await app?.close();
    await t?.destroy();
  });

  async function slots(lastName = 'Carter'): Promise<SlotResponse[]> {
    const response = await app.inject({
      method: 'GET',
      url: `/api/scheduler/getProviders?${query({
        clientName: 'brightsmile',
        scheduler: 'main',
        appointmentTypeId: bright.services[EMERGENCY],
        locationId: bright.locations['midtown-manhattan'],
        providerId: bright.providers[lastName],
      })}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GetProvidersResponse>().providers[0]?.slots ?? [];
  }

  /** A free slot starting at least `hours` after the clock. */
  async function slotAfter(hours: number, skip = 0): Promise<SlotResponse> {
    const free = (await slots()).filter(
      (slot) => Date.parse(slot.startUtc) >= clock.getTime() + hours * HOUR,
    );
    const slot = free[skip];
    if (slot === undefined) throw new Error(`no slot ${hours} h out`);
    return slot;
  }

  async function book(slot: SlotResponse): Promise<BookAppointmentResponse> {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/scheduler/bookAppointment',
      payload: {
        clientSlug: 'brightsmile',
        schedulerSlug: 'main',
        locationId: slot.locationId,
        providerId: String(bright.providers.Carter),
        appointmentTypeId: String(bright.services[EMERGENCY]),
        startUtc: slot.startUtc,
        patient: newPatient(),
        isExistingPatient: false,
        insurance: null,
        details: {},
        sessionId: `session-${randomUUID()}`,
        idempotencyKey: randomUUID(),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<BookAppointmentResponse>();
  }

  function tokenOf(booking: BookAppointmentResponse): string {
    const match = /^https:\/\/book\.clinic\.test\/brightsmile\/main\/manage\/([A-Za-z0-9_-]{43})$/.exec(
      booking.manageUrl ?? '',
    );
    if (match?.[1] === undefined) throw new Error(`no manage link: ${booking.manageUrl}`);
    tokens.push(match[1]);
    return match[1];
  }

  const view = (token: string | undefined) =>
    app.inject({
      method: 'GET',
      url: MANAGE,
      headers: token === undefined ? {} : { [MANAGE_TOKEN_HEADER]: token },
    });
  const post = (token: string, action: 'cancel' | 'reschedule', payload: object) =>
    app.inject({
      method: 'POST',
      url: `${MANAGE}/${action}`,
      headers: { [MANAGE_TOKEN_HEADER]: token },
      payload,
    });

  const appointmentRow = (id: string) =>
    t.db.selectFrom('appointments').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow();

  it('the booking answer carries the link; GET shows the appointment and changes nothing', async () => {
    const booking = await book(await slotAfter(72));
    const token = tokenOf(booking);
    const before = await appointmentRow(booking.appointmentId);
    expect(before.manage_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(before)).not.toContain(token);
    for (let i = 0; i < 3; i++) {
      const response = await view(token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json<ManageAppointmentResponse>();
      expect(body.confirmationNumber).toBe(booking.confirmationNumber);
      expect(body.startUtc).toBe(booking.startUtc);
      expect(body.timeZone).toBe('America/New_York');
      expect(body.location.phone).not.toBe('');
      expect(body.cancel).toMatchObject({ allowed: true, reason: null, cutoffHours: 24 });
      expect(body.reschedule).toMatchObject({ allowed: true, limit: 2, used: 0, anyProvider: false });
    }
    expect(await appointmentRow(booking.appointmentId)).toEqual(before);
  });

  it('answers a wrong, missing or malformed link with the same plain 404', async () => {
    const answers = await Promise.all([
      view(randomBytes(32).toString('base64url')),
      view(undefined),
      view('not-a-token'),
      view('x'.repeat(200)),
    ]);
    for (const response of answers) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'MANAGE_LINK_INVALID', message: MANAGE_LINK_INVALID_MESSAGE },
      });
    }
    const cancel = await post(randomBytes(32).toString('base64url'), 'cancel', { reason: 'other' });
    expect(cancel.statusCode).toBe(404);
  });

  it('reschedules in one step: new time held, old time free, notice and audit; a taken time keeps the old one', async () => {
    const booking = await book(await slotAfter(72));
    const token = tokenOf(booking);
    const target = (await slots()).find(
      (slot) => Date.parse(slot.startUtc) >= Date.parse(booking.startUtc) + 24 * HOUR,
    );
    if (target === undefined) throw new Error('no later slot');
    const moved = await post(token, 'reschedule', { startUtc: target.startUtc });
    expect(moved.statusCode, moved.body).toBe(200);
    const body = moved.json<ManageAppointmentResponse>();
    expect(body.startUtc).toBe(new Date(target.startUtc).toISOString());
    expect(body.rescheduledFromUtc).toBe(booking.startUtc);
    expect(body.reschedule.used).toBe(1);
    expect(body.confirmationNumber).toBe(booking.confirmationNumber);
    // The old time is offered again; the new one is not.
    const free = (await slots()).map((slot) => slot.startUtc);
    expect(free).toContain(booking.startUtc);
    expect(free).not.toContain(target.startUtc);
    const notices = await t.db
      .selectFrom('messages')
      .select(['kind', 'status'])
      .where('appointment_id', '=', Number(booking.appointmentId))
      .where('kind', '=', 'rescheduled')
      .execute();
    expect(notices.length).toBeGreaterThan(0);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('record_id', '=', booking.appointmentId)
      .where('action', '=', 'appointment.reschedule.patient')
      .execute();
    expect(audit).toEqual([{ action: 'appointment.reschedule.patient', user_id: null }]);

    // Someone else takes a time; moving there is refused with the spec's message and nothing changes.
    const other = await book(await slotAfter(72, 3));
    const before = await appointmentRow(booking.appointmentId);
    const taken = await post(token, 'reschedule', { startUtc: other.startUtc });
    expect(taken.statusCode, taken.body).toBe(409);
    const error = taken.json<ErrorJson>().error;
    expect(error.code).toBe('SLOT_TAKEN');
    expect(error.message).toBe(BOOKING_MESSAGES.SLOT_TAKEN.replace('PHONENUMBER', '(212) 555-0142'));
    expect(await appointmentRow(booking.appointmentId)).toEqual(before);
  });

  it('enforces the reschedule limit and the cut-offs on the server', async () => {
    await t.db
      .updateTable('services')
      .set({ patient_reschedule_limit: 1 })
      .where('id', '=', bright.services[EMERGENCY] ?? 0)
      .execute();
    try {
      const booking = await book(await slotAfter(96));
      const token = tokenOf(booking);
      const later = (await slots()).find(
        (slot) => Date.parse(slot.startUtc) >= Date.parse(booking.startUtc) + 24 * HOUR,
      );
      expect((await post(token, 'reschedule', { startUtc: later?.startUtc })).statusCode).toBe(200);
      const again = await post(token, 'reschedule', { startUtc: booking.startUtc });
      expect(again.statusCode).toBe(422);
      expect(again.json<ErrorJson>().error).toMatchObject({
        code: 'MANAGE_NOT_ALLOWED',
        details: { reason: 'limit-reached' },
      });
      expect((await view(token)).json<ManageAppointmentResponse>().reschedule.reason).toBe('limit-reached');

      // 23 hours before the start: past the 24-hour cancel cut-off.
      const start = Date.parse((await view(token)).json<ManageAppointmentResponse>().startUtc);
      clock = new Date(start - 23 * HOUR);
      const page = (await view(token)).json<ManageAppointmentResponse>();
      expect(page.cancel).toMatchObject({ allowed: false, reason: 'cutoff-passed' });
      expect(page.cancel.message).toContain('(212) 555-0142');
      const refused = await post(token, 'cancel', { reason: 'feeling-better' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json<ErrorJson>().error.details?.reason).toBe('cutoff-passed');
      expect((await appointmentRow(booking.appointmentId)).status).toBe('booked');
      // Once it has started the link no longer works.
      clock = new Date(start + 1);
      expect((await view(token)).statusCode).toBe(404);
    } finally {
      clock = NOW;
      await t.db
        .updateTable('services')
        .set({ patient_reschedule_limit: 2 })
        .where('id', '=', bright.services[EMERGENCY] ?? 0)
        .execute();
    }
  });

  it('cancels: kept as cancelled by the patient with the reason, time freed, link dead, staff see it', async () => {
    const booking = await book(await slotAfter(72));
    const token = tokenOf(booking);
    const response = await post(token, 'cancel', { reason: 'schedule-conflict', note: 'Work trip' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'cancelled',
      confirmationNumber: booking.confirmationNumber,
    });
    const row = await appointmentRow(booking.appointmentId);
    expect(row).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'patient',
      cancel_reason: 'I have a schedule conflict',
      cancel_note: 'Work trip',
    });
    const units = await t.db
      .selectFrom('appointment_slot_units')
      .select('unit_start')
      .where('appointment_id', '=', Number(booking.appointmentId))
      .execute();
    expect(units).toEqual([]);
    expect((await view(token)).statusCode).toBe(404);
    expect((await post(token, 'cancel', { reason: 'other' })).statusCode).toBe(404);

    const staff = await loginAsDemo(app, 'staff');
    const details = await app.inject({
      method: 'GET',
      url: `/api/patient-management/getAppointmentDetails?appointmentId=${booking.appointmentId}`,
      headers: staff.bearerHeaders,
    });
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json<{ selfService: unknown }>().selfService).toEqual({
      cancelledBy: 'patient',
      cancelReason: 'I have a schedule conflict',
      cancelNote: 'Work trip',
      rescheduleCount: 0,
      rescheduledFromUtc: null,
    });
  });

  it('renders the link into the messages at send time and stores it without the token; resend kills the old link', async () => {
    const booking = await book(await slotAfter(72, 1));
    const token = tokenOf(booking);
    await app.jobs.drain(clock);
    const mail = sent.find((m) => (m.text ?? '').includes(booking.confirmationNumber));
    expect(mail?.text).toContain(`${PUBLIC_URL}/brightsmile/main/manage/${token}`);
    const stored = await t.db
      .selectFrom('messages')
      .select(['body', 'body_html'])
      .where('appointment_id', '=', Number(booking.appointmentId))
      .execute();
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(JSON.stringify(stored)).toContain('[manage link]');

    const staff = await loginAsDemo(app, 'staff');
    clock = new Date(NOW.getTime() + 60_000);
    const resend = await app.inject({
      method: 'POST',
      url: '/api/patient-management/resendManageLink',
      headers: staff.bearerHeaders,
      payload: { appointmentId: booking.appointmentId },
    });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json()).toEqual({ queued: true });
    expect((await view(token)).statusCode).toBe(404);
    const count = sent.length;
    await app.jobs.drain(clock);
    const fresh = sent.slice(count).find((m) => (m.text ?? '').includes(booking.confirmationNumber));
    const link = /\/brightsmile\/main\/manage\/([A-Za-z0-9_-]{43})/.exec(fresh?.text ?? '')?.[1];
    expect(link).toBeDefined();
    tokens.push(link ?? '');
    expect((await view(link)).statusCode).toBe(200);
    clock = NOW;
  });

  it('self-service off: no link in the answer, and the page says why', async () => {
    const booking = await book(await slotAfter(72, 2));
    const token = tokenOf(booking);
    await setSetting(t.db, bright, 'selfService', 1, 'No');
    try {
      const other = await book(await slotAfter(72, 4));
      expect(other.manageUrl).toBeNull();
      const page = (await view(token)).json<ManageAppointmentResponse>();
      expect(page.cancel.reason).toBe('self-service-off');
      expect(page.reschedule.reason).toBe('self-service-off');
      expect((await post(token, 'cancel', { reason: 'other' })).statusCode).toBe(422);
    } finally {
      await setSetting(t.db, bright, 'selfService', 1, null);
    }
  });

  it('tells the waitlist of the time a cancellation frees, in the same transaction', async () => {
    const freed: unknown[] = [];
    const waitlist: FreedTimeListener = {
      timeFreed: (_trx, time) => {
        freed.push(time);
        return Promise.resolve();
      },
    };
    const service = createManageService({ db: t.db, now, waitlist });
    const booking = await book(await slotAfter(72, 5));
    await service.cancel(tokenOf(booking), { reason: 'other', note: undefined }, { ip: null });
    expect(freed).toEqual([
      expect.objectContaining({
        reason: 'cancelled',
        appointmentId: Number(booking.appointmentId),
        startUtcMs: Date.parse(booking.startUtc),
        providerId: bright.providers.Carter,
      }),
    ]);
  });

  it('the admin services API reads, defaults, edits and validates the cut-offs and the limit', async () => {
    const admin = await loginAsDemo(app, 'admin');
    const created = await app.inject({
      method: 'POST',
      url: '/api/scheduler/admin/services',
      headers: admin.bearerHeaders,
      payload: { clientId: bright.clientId, name: 'Self-service check', durationMinutes: 30 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const service = created.json<{ service: { appointmentTypeId: string } }>().service;
    expect(service).toMatchObject({
      patientCancelCutoffHours: 24,
      patientRescheduleCutoffHours: 24,
      patientRescheduleLimit: 2,
    });
    const url = `/api/scheduler/admin/services/${service.appointmentTypeId}`;
    const edited = await app.inject({
      method: 'PATCH',
      url,
      headers: admin.bearerHeaders,
      payload: {
        clientId: bright.clientId,
        version: 1,
        patientCancelCutoffHours: 48,
        patientRescheduleLimit: 0,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      service: { patientCancelCutoffHours: 48, patientRescheduleCutoffHours: 24, patientRescheduleLimit: 0 },
    });
    const refused = await app.inject({
      method: 'PATCH',
      url,
      headers: admin.bearerHeaders,
      payload: { clientId: bright.clientId, version: 2, patientRescheduleCutoffHours: 1000 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('patientRescheduleCutoffHours');
  });

  it('never writes a token into a log line', () => {
    expect(logLines.length).toBeGreaterThan(10);
    expect(tokens.length).toBeGreaterThan(5);
    for (const token of tokens) for (const line of logLines) expect(line).not.toContain(token);
  });
});
