/*
 * The message lifecycle end to end (issue 17), on SQLite and (TEST_DATABASE_URL) PostgreSQL: a
 * real booking plans its messages in its own transaction, the queue's drain sends them through a
 * local SMTP sink and the Twilio stub, and staff changes, reschedules, consent and quiet hours
 * decide what goes. Fixed clock: Wednesday 25 November 2026, 10:00 in New York.
 */
import { randomUUID } from 'node:crypto';
import type { GetProvidersResponse, SlotResponse } from '@scheduler/contract/scheduler-api';
import type { MessageDetail, MessageListResponse } from '@scheduler/contract/admin/messages';
import { confirmationNumberOf } from '@scheduler/domain/messages/format';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import { inWriteTransaction } from '../../platform/db/transaction.ts';
import { createJobQueue } from '../../platform/jobs/index.ts';
import type { JobQueue } from '../../platform/jobs/index.ts';
import type { EmailTransport } from '../../platform/outbound/index.ts';
import { startMessagingApp } from '../../test/messaging-app.ts';
import { NOW, newPatient, query, setSetting } from '../../test/public-api-fixture.ts';
import type { BrandIds } from '../../test/public-api-fixture.ts';
import { seedIfEmpty } from '../../platform/db/seed/seed.ts';
import type { SmtpSink } from '../../test/smtp-sink.ts';
import { loginAsDemo } from '../../test/staff-login.ts';
import type { StaffLogin } from '../../test/staff-login.ts';
import type { TwilioStub } from '../../test/twilio-stub.ts';
import { createTestApp, testDatabases } from '../../test/test-db.ts';
import type { TestDatabase } from '../../test/test-db.ts';
import { planAppointmentMessages, SKIP_REASONS } from './index.ts';

vi.mock(import('../../platform/auth/password.ts'), async (original) =>
  (await import('../../test/fast-passwords.ts')).fastPasswords(original),
);

const EMERGENCY = 'Emergency Dental Visit';
const HOUR = 3_600_000;

interface MessageRow {
  id: number;
  appointment_id: number;
  kind: string;
  channel: string;
  status: string;
  status_reason: string | null;
  scheduled_at: number;
}

describe.each(testDatabases())('messages on $name', (target) => {
  let t: TestDatabase;
  let app: App;
  let jobs: JobQueue;
  let sink: SmtpSink;
  let email: EmailTransport;
  let stub: TwilioStub;
  let clock = NOW;
  const now = () => clock;
  let bright: BrandIds;
  let staff: StaffLogin;
  let owner: StaffLogin;

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
    const services = await t.db
      .selectFrom('services')
      .select(['id', 'name'])
      .where('client_id', '=', client.id)
      .execute();
    const locations = await t.db
      .selectFrom('locations')
      .select(['id', 'slug'])
      .where('client_id', '=', client.id)
      .execute();
    const providers = await t.db
      .selectFrom('providers')
      .select(['id', 'last_name'])
      .where('client_id', '=', client.id)
      .execute();
    bright = {
      clientId: client.id,
      schedulerId: client.scheduler_id,
      services: Object.fromEntries(services.map((s) => [s.name, s.id])),
      locations: Object.fromEntries(locations.map((l) => [l.slug, l.id])),
      providers: Object.fromEntries(providers.map((p) => [p.last_name, p.id])),
    };
    staff = await loginAsDemo(app, 'staff');
    owner = await loginAsDemo(app, 'owner');
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
        appointmentTypeId: bright.services[EMERGENCY],
        locationId: bright.locations['midtown-manhattan'],
        providerId: bright.providers.Carter,
      })}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GetProvidersResponse>().providers[0]?.slots ?? [];
  }

  let slotCursor = 0;
  /** Books the next free slot (at least `minHoursAhead` away); returns the appointment id. */
  async function book(patient = newPatient(), minHoursAhead = 0): Promise<{ id: number; startAt: number }> {
    const free = (await slots()).filter(
      (slot) => Date.parse(slot.startUtc) >= clock.getTime() + minHoursAhead * HOUR,
    );
    const slot = free[slotCursor % Math.max(free.length, 1)];
    slotCursor += 7;
    if (slot === undefined) throw new Error('no free slot');
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
        patient,
        isExistingPatient: false,
        insurance: null,
        details: { reasonForVisit: 'Chipped tooth' },
        sessionId: `session-${randomUUID()}`,
        idempotencyKey: randomUUID(),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return {
      id: Number(response.json<{ appointmentId: string }>().appointmentId),
      startAt: Date.parse(slot.startUtc),
    };
  }

  const messagesOf = (appointmentId: number): Promise<MessageRow[]> =>
    t.db
      .selectFrom('messages')
      .select(['id', 'appointment_id', 'kind', 'channel', 'status', 'status_reason', 'scheduled_at'])
      .where('appointment_id', '=', appointmentId)
      .orderBy('id')
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, scheduled_at: Number(row.scheduled_at) })));

  const one = async (appointmentId: number, kind: string, channel: string): Promise<MessageRow> => {
    const row = (await messagesOf(appointmentId)).find((m) => m.kind === kind && m.channel === channel);
    if (row === undefined) throw new Error(`no ${kind}/${channel} message for ${appointmentId}`);
    return row;
  };

  async function setStatus(appointmentId: number, status: string, reason?: string) {
    const current = await t.db
      .selectFrom('appointments')
      .select('version')
      .where('id', '=', appointmentId)
      .executeTakeFirstOrThrow();
    const response = await app.inject({
      method: 'POST',
      url: '/api/patient-management/update_appointment_status',
      headers: staff.bearerHeaders,
      payload: { appointmentId, status, version: current.version, ...(reason ? { reason } : {}) },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  describe('planning in the change’s transaction', () => {
    it('a booking makes its confirmation (e-mail + SMS) and reminders (48 h e-mail, 2 h SMS)', async () => {
      const { id, startAt } = await book(newPatient(), 72);
      const rows = await messagesOf(id);
      expect(rows.map((m) => `${m.kind}/${m.channel}/${m.status}`).sort()).toEqual([
        'confirmation/email/queued',
        'confirmation/sms/queued',
        'reminder/email/queued',
        'reminder/sms/queued',
      ]);
      expect((await one(id, 'reminder', 'email')).scheduled_at).toBe(startAt - 48 * HOUR);
    });

    it('rolled back with the change: no message, no job', async () => {
      const { id } = await book(newPatient(), 72);
      const before = (await messagesOf(id)).length;
      await expect(
        inWriteTransaction(t.db, async (trx) => {
          await trx
            .updateTable('appointments')
            .set({ start_at: clock.getTime() + 100 * HOUR })
            .where('id', '=', id)
            .execute();
          await planAppointmentMessages(
            trx,
            jobs,
            { appointmentId: id, event: 'rescheduled', at: clock },
            now,
          );
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await messagesOf(id)).toHaveLength(before);
      expect((await messagesOf(id)).every((m) => m.status === 'queued')).toBe(true);
    });

    it('staff confirm a pending request: "confirmed" now, and the reminders', async () => {
      await setSetting(t.db, bright, 'thankYouScreen', 3, 'No');
      let booked: { id: number; startAt: number };
      try {
        booked = await book(newPatient(), 72);
      } finally {
        await setSetting(t.db, bright, 'thankYouScreen', 3, null);
      }
      expect((await messagesOf(booked.id)).map((m) => m.kind)).toEqual([
        'request-received',
        'request-received',
      ]);
      await setStatus(booked.id, 'booked');
      const kinds = (await messagesOf(booked.id)).map((m) => `${m.kind}/${m.channel}`);
      expect(kinds.sort()).toEqual([
        'confirmed/email',
        'confirmed/sms',
        'reminder/email',
        'reminder/sms',
        'request-received/email',
        'request-received/sms',
      ]);
    });

    it('a booking from the waitlist plans its messages in its transaction', async () => {
      const person = newPatient();
      const { id: entryId } = await t.db
        .insertInto('waitlist_entries')
        .values({
          client_id: bright.clientId,
          scheduler_id: bright.schedulerId,
          location_id: null,
          provider_id: null,
          service_id: bright.services[EMERGENCY]!,
          patient_id: null,
          first_name: String(person.firstName),
          last_name: String(person.lastName),
          date_of_birth: String(person.dateOfBirth),
          phone: String(person.phone).replace(/\D/g, ''),
          email: String(person.email),
          preferred_times: null,
          notes: null,
          status: 'waiting',
          created_at: NOW.getTime(),
          updated_at: NOW.getTime(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const slot = (await slots()).filter((s) => Date.parse(s.startUtc) >= clock.getTime() + 72 * HOUR)[3]!;
      const response = await app.inject({
        method: 'POST',
        url: '/api/patient-management/bookFromWaitList',
        headers: staff.bearerHeaders,
        payload: {
          waitlistEntryId: String(entryId),
          providerId: String(bright.providers.Carter),
          locationId: slot.locationId,
          startUtc: slot.startUtc,
          smsPermission: true,
          emailPermission: true,
          idempotencyKey: randomUUID(),
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      const appointmentId = Number(response.json<{ appointmentId: string }>().appointmentId);
      expect((await messagesOf(appointmentId)).filter((m) => m.kind === 'confirmation')).toHaveLength(2);
    });

    it('planning twice makes no second message (unique key)', async () => {
      const { id } = await book(newPatient(), 72);
      const before = await messagesOf(id);
      const made = await inWriteTransaction(t.db, (trx) =>
        planAppointmentMessages(trx, jobs, { appointmentId: id, event: 'booked', at: clock }, now),
      );
      expect(made).toEqual([]);
      expect(await messagesOf(id)).toEqual(before);
    });

    it('an SMS reminder due in quiet hours goes before them (20:59 the evening before)', async () => {
      const { id, startAt } = await book(newPatient(), 20);
      const local = new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/New_York',
        hour: 'numeric',
        hour12: false,
      });
      const reminder = await one(id, 'reminder', 'sms').catch(() => undefined);
      const due = startAt - 2 * HOUR;
      const dueHour = Number(local.format(due));
      if (dueHour >= 21 || dueHour < 8) {
        expect(reminder?.scheduled_at).toBeDefined();
        const at = new Intl.DateTimeFormat('en-US', {
          timeZone: 'America/New_York',
          hour: '2-digit',
          minute: '2-digit',
          hour12: false,
        }).format(reminder!.scheduled_at);
        expect(at).toBe('20:59');
      } else {
        expect(reminder?.scheduled_at).toBe(due);
      }
    });
  });

  describe('sending', () => {
    it('drained: the confirmation e-mail names the zone, carries the confirmation number and an .ics', async () => {
      const patient = newPatient();
      const { id } = await book(patient, 72);
      await jobs.drain(clock);
      const mail = await sink.waitFor(
        (m) => m.to !== undefined && JSON.stringify(m.to).includes(String(patient.email)),
      );
      expect(mail.text).toContain(confirmationNumberOf(id));
      expect(mail.text).toMatch(/\bES?T\b|America\/New_York/);
      expect(mail.html).toBeTruthy();
      const ics = mail.attachments.find((a) => a.filename?.endsWith('.ics'));
      const icsText = ics?.content.toString('utf8') ?? '';
      expect(icsText).toContain('METHOD:REQUEST');
      expect(icsText).toContain('TZID=America/New_York');
      expect(icsText).toContain(`UID:appointment-${id}@`);
      const confirmation = await one(id, 'confirmation', 'email');
      expect(confirmation.status).toBe('sent');
      const sms = await one(id, 'confirmation', 'sms');
      expect(sms.status).toBe('sent');
      const call = stub.calls.find((c) => c.to === '+1' + String(patient.phone).replace(/\D/g, ''));
      expect(call?.statusCallback).toBe(
        `https://book.clinic.test/api/messages/twilio/status?messageId=${sms.id}`,
      );
      expect(call?.body).not.toContain('Emergency');
      // Reminders are not due yet.
      expect((await one(id, 'reminder', 'email')).status).toBe('queued');
    });

    it('consent off: skipped with the reason, nothing sent', async () => {
      const patient = newPatient();
      const { id } = await book(patient, 72);
      const row = await t.db
        .selectFrom('appointments')
        .select('patient_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await t.db
        .updateTable('patients')
        .set({ sms_permission: 0 })
        .where('id', '=', row.patient_id)
        .execute();
      const callsBefore = stub.calls.length;
      await jobs.drain(clock);
      const sms = await one(id, 'confirmation', 'sms');
      expect(sms).toMatchObject({ status: 'skipped', status_reason: SKIP_REASONS.noSmsConsent });
      expect(
        stub.calls.slice(callsBefore).some((c) => c.to.endsWith(String(patient.phone).replace(/\D/g, ''))),
      ).toBe(false);
    });

    it('cancelled before a reminder is due: the reminder is never sent, the cancellation notice is', async () => {
      const patient = newPatient();
      const { id, startAt } = await book(patient, 72);
      await jobs.drain(clock);
      await setStatus(id, 'cancelled', 'Patient called');
      expect((await one(id, 'reminder', 'email')).status).toBe('skipped');
      expect((await one(id, 'reminder', 'email')).status_reason).toBe(SKIP_REASONS.cancelled);
      const saved = clock;
      clock = new Date(startAt - HOUR);
      try {
        await jobs.drain(clock);
      } finally {
        clock = saved;
      }
      const sent = sink.messages.filter((m) => JSON.stringify(m.to).includes(String(patient.email)));
      expect(
        sent.map((m) => m.attachments.some((a) => a.content.toString('utf8').includes('METHOD:CANCEL'))),
      ).toEqual([false, true]);
      expect((await one(id, 'cancelled', 'email')).status).toBe('sent');
      expect((await one(id, 'reminder', 'sms')).status).toBe('skipped');
    });

    it('rescheduled: old queued reminders skipped, new ones made; a move nobody planned is caught at send time', async () => {
      const { id, startAt } = await book(newPatient(), 72);
      const newStart = startAt + 24 * HOUR;
      await inWriteTransaction(t.db, async (trx) => {
        await trx
          .updateTable('appointments')
          .set({ start_at: newStart, end_at: newStart + HOUR })
          .where('id', '=', id)
          .execute();
        await planAppointmentMessages(trx, jobs, { appointmentId: id, event: 'rescheduled', at: clock }, now);
      });
      const rows = await messagesOf(id);
      const reminders = rows.filter((m) => m.kind === 'reminder' && m.channel === 'email');
      expect(reminders.map((m) => [m.status, m.status_reason, m.scheduled_at])).toEqual([
        ['skipped', SKIP_REASONS.rescheduled, startAt - 48 * HOUR],
        ['queued', null, newStart - 48 * HOUR],
      ]);
      expect(rows.some((m) => m.kind === 'rescheduled' && m.channel === 'email')).toBe(true);

      // Moved again without planning (no such path yet): the queued reminder is skipped when due.
      await t.db
        .updateTable('appointments')
        .set({ start_at: newStart + HOUR, end_at: newStart + 2 * HOUR })
        .where('id', '=', id)
        .execute();
      const saved = clock;
      clock = new Date(newStart - 47 * HOUR);
      try {
        await jobs.drain(clock);
      } finally {
        clock = saved;
      }
      const after = (await messagesOf(id)).find(
        (m) => m.kind === 'reminder' && m.scheduled_at === newStart - 48 * HOUR,
      );
      expect(after).toMatchObject({ status: 'skipped', status_reason: SKIP_REASONS.rescheduled });
    });

    it('a permanent refusal fails the message with the provider error; staff resend it', async () => {
      await jobs.drain(clock); // nothing else due: the next SMS sent is this booking's
      const patient = newPatient();
      const { id } = await book(patient, 72);
      stub.failNext(21211);
      await jobs.drain(clock);
      const failed = await one(id, 'confirmation', 'sms');
      expect(failed.status).toBe('failed');
      expect(failed.status_reason).toMatch(/21211/);
      const list = await app.inject({
        method: 'GET',
        url: `/api/scheduler/admin/messages?${query({ appointmentId: id, status: 'failed' })}`,
        headers: staff.bearerHeaders,
      });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json<MessageListResponse>().items).toMatchObject([
        { messageId: String(failed.id), canResend: true },
      ]);
      const resend = await app.inject({
        method: 'POST',
        url: `/api/scheduler/admin/messages/${failed.id}/resend`,
        headers: staff.bearerHeaders,
        payload: {},
      });
      expect(resend.statusCode, resend.body).toBe(200);
      expect(resend.json<{ message: MessageDetail }>().message.status).toBe('queued');
      await jobs.drain(clock);
      expect((await one(id, 'confirmation', 'sms')).status).toBe('sent');
      const again = await app.inject({
        method: 'POST',
        url: `/api/scheduler/admin/messages/${failed.id}/resend`,
        headers: staff.bearerHeaders,
        payload: {},
      });
      expect(again.statusCode).toBe(409);
    });

    it('a transient failure is retried with backoff, then failed after the last try with the error', async () => {
      await jobs.drain(clock);
      const { id } = await book(newPatient(), 72);
      stub.failNext(20429, { status: 429, times: 5 });
      await jobs.drain(clock);
      const first = await t.db
        .selectFrom('messages')
        .select(['status', 'attempts', 'last_error'])
        .where('appointment_id', '=', id)
        .where('kind', '=', 'confirmation')
        .where('channel', '=', 'sms')
        .executeTakeFirstOrThrow();
      expect(first).toMatchObject({ status: 'queued', attempts: 1 });
      expect(first.last_error).toBeTruthy();
      // Other tests' reminders falling due meanwhile must not take the stub's failures.
      await t.db
        .updateTable('messages')
        .set({ status: 'skipped', status_reason: 'test: out of the way' })
        .where('status', '=', 'queued')
        .where('appointment_id', '<>', id)
        .execute();
      const saved = clock;
      try {
        for (let i = 1; i <= 5; i += 1) {
          clock = new Date(saved.getTime() + i * HOUR); // retries' backoff passed, never in quiet hours
          await jobs.drain(clock);
        }
      } finally {
        clock = saved;
      }
      const last = await one(id, 'confirmation', 'sms');
      expect(last.status).toBe('failed');
      expect(last.status_reason).toBeTruthy();
    });

    it('a due SMS found in quiet hours (queue down overnight) waits for 08:00; e-mail goes', async () => {
      await jobs.drain(clock);
      const patient = newPatient();
      const { id } = await book(patient, 72);
      const phone = `+1${String(patient.phone).replace(/\D/g, '')}`;
      const saved = clock;
      try {
        clock = new Date(NOW.getTime() + 13 * HOUR); // 23:00 in New York
        await jobs.drain(clock);
        expect((await one(id, 'confirmation', 'email')).status).toBe('sent');
        expect((await one(id, 'confirmation', 'sms')).status).toBe('queued');
        expect(stub.calls.some((c) => c.to === phone)).toBe(false);
        clock = new Date(NOW.getTime() + 21 * HOUR + 59 * 60_000); // 07:59
        await jobs.drain(clock);
        expect(stub.calls.some((c) => c.to === phone)).toBe(false);
        clock = new Date(NOW.getTime() + 22 * HOUR); // 08:00
        await jobs.drain(clock);
        expect((await one(id, 'confirmation', 'sms')).status).toBe('sent');
        expect(stub.calls.some((c) => c.to === phone)).toBe(true);
      } finally {
        clock = saved;
      }
    });

    it('without a transport: rendered and recorded "not sent: no e-mail transport configured"', async () => {
      const bare = createJobQueue(t.config, t.db, { now });
      const bareApp = await createTestApp(t, {
        now,
        jobs: bare,
        config: { publicUrl: 'https://book.clinic.test' },
      });
      await bareApp.ready();
      try {
        const { id } = await book(newPatient(), 72);
        await bare.drain(clock);
        const row = await t.db
          .selectFrom('messages')
          .select(['status', 'status_reason', 'body'])
          .where('appointment_id', '=', id)
          .where('kind', '=', 'confirmation')
          .where('channel', '=', 'email')
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({
          status: 'skipped',
          status_reason: 'not sent: no e-mail transport configured',
        });
        expect(row.body).toContain(confirmationNumberOf(id));
      } finally {
        await bareApp.close();
      }
    });
  });

  describe('staff routes', () => {
    it('lists and opens messages of the brand (audited); viewers and other brands are refused', async () => {
      const { id } = await book(newPatient(), 72);
      await jobs.drain(clock);
      const list = await app.inject({
        method: 'GET',
        url: `/api/scheduler/admin/messages?${query({ appointmentId: id, kind: 'confirmation', channel: 'email' })}`,
        headers: staff.bearerHeaders,
      });
      expect(list.statusCode, list.body).toBe(200);
      const [item] = list.json<MessageListResponse>().items;
      expect(item).toMatchObject({
        kind: 'confirmation',
        channel: 'email',
        status: 'sent',
        timeZone: 'America/New_York',
      });
      const opened = await app.inject({
        method: 'GET',
        url: `/api/scheduler/admin/messages/${item!.messageId}`,
        headers: staff.bearerHeaders,
      });
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.json<{ message: MessageDetail }>().message.body).toContain(confirmationNumberOf(id));
      const audited = await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', 'in', ['messages.list', 'messages.read'])
        .execute();
      expect(new Set(audited.map((a) => a.action))).toEqual(new Set(['messages.list', 'messages.read']));

      const viewer = await loginAsDemo(app, 'viewer');
      const refused = await app.inject({
        method: 'GET',
        url: '/api/scheduler/admin/messages',
        headers: viewer.bearerHeaders,
      });
      expect(refused.statusCode).toBe(403);
      const northside = await t.db
        .selectFrom('clients')
        .select('id')
        .where('slug', '=', 'northside')
        .executeTakeFirstOrThrow();
      const otherBrand = await app.inject({
        method: 'GET',
        url: `/api/scheduler/admin/messages?clientId=${northside.id}`,
        headers: staff.bearerHeaders,
      });
      expect(otherBrand.statusCode).toBe(403);
      const notHers = await app.inject({
        method: 'GET',
        url: `/api/scheduler/admin/messages/${item!.messageId}?clientId=${northside.id}`,
        headers: owner.bearerHeaders,
      });
      expect(notHers.statusCode).toBe(404);
      const anonymous = await app.inject({ method: 'GET', url: '/api/scheduler/admin/messages' });
      expect(anonymous.statusCode).toBe(401);
    });

    it('report: no-show rate of reminded vs not reminded appointments', async () => {
      const reminded = await book(newPatient(), 72);
      const notReminded = await book(newPatient(), 72);
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' });
      const from = day.format(Math.min(reminded.startAt, notReminded.startAt));
      const to = day.format(Math.max(reminded.startAt, notReminded.startAt));
      const report = async () => {
        const response = await app.inject({
          method: 'GET',
          url: `/api/scheduler/admin/message-report?${query({ from, to })}`,
          headers: staff.bearerHeaders,
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{
          report: {
            reminded: { appointments: number; noShows: number };
            notReminded: { appointments: number; noShows: number };
          };
        }>().report;
      };
      const before = await report();
      await t.db
        .updateTable('messages')
        .set({ status: 'sent' })
        .where('appointment_id', '=', reminded.id)
        .where('kind', '=', 'reminder')
        .execute();
      await t.db
        .updateTable('messages')
        .set({ status: 'skipped', status_reason: SKIP_REASONS.noSmsConsent })
        .where('appointment_id', '=', notReminded.id)
        .where('kind', '=', 'reminder')
        .execute();
      await t.db
        .updateTable('appointments')
        .set({ status: 'noshow' })
        .where('id', '=', reminded.id)
        .execute();
      await t.db
        .updateTable('appointments')
        .set({ status: 'fulfilled' })
        .where('id', '=', notReminded.id)
        .execute();
      const after = await report();
      expect(after.reminded.appointments - before.reminded.appointments).toBe(1);
      expect(after.reminded.noShows - before.reminded.noShows).toBe(1);
      expect(after.notReminded.appointments - before.notReminded.appointments).toBe(1);
      expect(after.notReminded.noShows - before.notReminded.noShows).toBe(0);
      const viewer = await loginAsDemo(app, 'viewer');
      const asViewer = await app.inject({
        method: 'GET',
        url: '/api/scheduler/admin/message-report',
        headers: viewer.bearerHeaders,
      });
      expect(asViewer.statusCode).toBe(200);
    });

    it('reminder rules: defaults, then a change (versioned) that the next booking follows', async () => {
      const url = `/api/scheduler/admin/message-rules?ruleId=${bright.schedulerId}`;
      const read = await app.inject({ method: 'GET', url, headers: owner.bearerHeaders });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toMatchObject({
        rules: {
          reminders: [
            { channel: 'email', offsetMinutes: 2880 },
            { channel: 'sms', offsetMinutes: 120 },
          ],
          quietHours: { start: '21:00', end: '08:00' },
          isDefault: true,
          version: 0,
        },
      });
      const put = (version: number) =>
        app.inject({
          method: 'PUT',
          url: '/api/scheduler/admin/message-rules',
          headers: owner.bearerHeaders,
          payload: {
            ruleId: bright.schedulerId,
            reminders: [{ channel: 'email', offsetMinutes: 24 * 60 }],
            quietHours: { start: '20:00', end: '09:00' },
            version,
          },
        });
      const saved = await put(0);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ rules: { isDefault: false, version: 1 } });
      expect((await put(0)).statusCode).toBe(409);
      const staffWrite = await app.inject({
        method: 'PUT',
        url: '/api/scheduler/admin/message-rules',
        headers: staff.bearerHeaders,
        payload: {
          ruleId: bright.schedulerId,
          reminders: [],
          quietHours: { start: '20:00', end: '09:00' },
          version: 1,
        },
      });
      expect(staffWrite.statusCode).toBe(403);
      const { id, startAt } = await book(newPatient(), 72);
      const reminders = (await messagesOf(id)).filter((m) => m.kind === 'reminder');
      expect(reminders.map((m) => [m.channel, m.scheduled_at])).toEqual([['email', startAt - 24 * HOUR]]);
      await t.db.deleteFrom('message_rules').execute();
      // Another brand's scheduler is not found from this brand.
      const admin = await loginAsDemo(app, 'admin');
      const northside = await t.db
        .selectFrom('schedulers as s')
        .innerJoin('clients as c', 'c.id', 's.client_id')
        .select('s.id')
        .where('c.slug', '=', 'northside')
        .executeTakeFirstOrThrow();
      const foreign = await app.inject({
        method: 'GET',
        url: `/api/scheduler/admin/message-rules?ruleId=${northside.id}`,
        headers: admin.bearerHeaders,
      });
      expect(foreign.statusCode).toBe(404);
    });
  });

  describe('Twilio webhooks', () => {
    const base = 'https://book.clinic.test';
    const sign = async (path: string, params: Record<string, string>) => {
      const { signedTwilioRequest } = await import('../../test/twilio-stub.ts');
      return signedTwilioRequest(`${base}${path}`, params, stub.config.authToken);
    };
    const post = async (path: string, params: Record<string, string>, signature?: string) => {
      const signed = await sign(path, params);
      return app.inject({
        method: 'POST',
        url: path,
        headers:
          signature === undefined ? signed.headers : { ...signed.headers, 'x-twilio-signature': signature },
        payload: signed.payload,
      });
    };
    const sid = () => `SM${randomUUID().replace(/-/g, '')}`;

    it('a delivery status needs a valid signature (403), then moves sent → delivered and never back', async () => {
      const { id } = await book(newPatient(), 72);
      await jobs.drain(clock);
      const sms = await one(id, 'confirmation', 'sms');
      const provider = await t.db
        .selectFrom('messages')
        .select('provider_id')
        .where('id', '=', sms.id)
        .executeTakeFirstOrThrow();
      const path = `/api/messages/twilio/status?messageId=${sms.id}`;
      const params = {
        MessageSid: provider.provider_id!,
        MessageStatus: 'delivered',
        AccountSid: stub.config.accountSid,
      };
      expect((await post(path, params, 'forged')).statusCode).toBe(403);
      const unsigned = await app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(params).toString(),
      });
      expect(unsigned.statusCode).toBe(403);
      expect((await one(id, 'confirmation', 'sms')).status).toBe('sent');
      const ok = await post(path, params);
      expect(ok.statusCode, ok.body).toBe(204);
      expect((await one(id, 'confirmation', 'sms')).status).toBe('delivered');
      await post(path, { ...params, MessageStatus: 'sent' });
      await post(path, { ...params, MessageStatus: 'failed', ErrorCode: '30003' });
      expect((await one(id, 'confirmation', 'sms')).status).toBe('delivered');
      expect((await post(path, { MessageSid: 'nope', MessageStatus: 'delivered' })).statusCode).toBe(400);
    });

    it('"C" confirms the next pending appointment (counted as confirmed by reply); CANCEL does nothing', async () => {
      await setSetting(t.db, bright, 'thankYouScreen', 3, 'No');
      const patient = newPatient();
      let booked: { id: number; startAt: number };
      try {
        booked = await book(patient, 72);
      } finally {
        await setSetting(t.db, bright, 'thankYouScreen', 3, null);
      }
      const { id } = booked;
      expect((await messagesOf(id)).map((m) => m.kind)).toEqual(['request-received', 'request-received']);
      const from = `+1${String(patient.phone).replace(/\D/g, '')}`;
      const inbound = (Body: string, extra: Record<string, string> = {}) =>
        post('/api/messages/twilio/inbound', {
          MessageSid: sid(),
          From: from,
          To: stub.config.from,
          Body,
          ...extra,
        });

      const cancel = await inbound('CANCEL');
      expect(cancel.statusCode).toBe(200);
      expect(cancel.body).not.toContain('<Message>');
      const still = await t.db
        .selectFrom('appointments')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(still.status).toBe('pending');

      const reply = await inbound(' c ');
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.headers['content-type']).toMatch(/text\/xml/);
      expect(reply.body).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?><Response><Message>.*confirmed\.<\/Message><\/Response>$/,
      );
      const appointment = await t.db
        .selectFrom('appointments')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(appointment.status).toBe('booked');
      const history = await t.db
        .selectFrom('appointment_status_history')
        .select(['from_status', 'to_status', 'reason'])
        .where('appointment_id', '=', id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(history).toEqual({
        from_status: 'pending',
        to_status: 'booked',
        reason: 'Confirmed by SMS reply',
      });
      expect((await messagesOf(id)).filter((m) => m.kind === 'reminder')).toHaveLength(2);

      const report = await app.inject({
        method: 'GET',
        url: '/api/scheduler/admin/message-report',
        headers: staff.bearerHeaders,
      });
      expect(report.statusCode, report.body).toBe(200);
      expect(
        report.json<{ report: { confirmedByReply: number } }>().report.confirmedByReply,
      ).toBeGreaterThanOrEqual(1);
    });

    it('STOP turns SMS consent off (queued SMS then skipped), START back on; Twilio’s OptOutType wins', async () => {
      const patient = newPatient();
      const { id } = await book(patient, 72);
      const from = `+1${String(patient.phone).replace(/\D/g, '')}`;
      const consent = async () =>
        (
          await t.db
            .selectFrom('patients as p')
            .innerJoin('appointments as a', 'a.patient_id', 'p.id')
            .select('p.sms_permission')
            .where('a.id', '=', id)
            .executeTakeFirstOrThrow()
        ).sms_permission;
      const inbound = (Body: string, extra: Record<string, string> = {}) =>
        post('/api/messages/twilio/inbound', { MessageSid: sid(), From: from, Body, ...extra });
      expect((await inbound('Stop')).statusCode).toBe(200);
      expect(await consent()).toBe(0);
      await jobs.drain(clock);
      expect(await one(id, 'confirmation', 'sms')).toMatchObject({
        status: 'skipped',
        status_reason: SKIP_REASONS.noSmsConsent,
      });
      await inbound('START');
      expect(await consent()).toBe(1);
      await inbound('CANCEL', { OptOutType: 'STOP' });
      expect(await consent()).toBe(0);
      const status = await t.db
        .selectFrom('appointments')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(status.status).toBe('booked');
      const help = await inbound('help');
      expect(help.body).toMatch(/<Message>.*STOP/);
    });
  });
});
