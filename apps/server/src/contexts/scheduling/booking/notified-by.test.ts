import { randomUUID } from 'node:crypto';
import type {
  BookAppointmentResponse,
  GetProvidersResponse,
  SlotResponse,
} from '@scheduler/contract/scheduler-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../app.ts';
import type { App } from '../../../app.ts';
import type { EmailTransport, SmsTransport } from '../../../platform/outbound/transports.ts';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import { NOW, createPublicFixture, newPatient, query } from '../../../test/public-api-fixture.ts';
import { testDatabases } from '../../../test/test-db.ts';
import { maskEmail, maskPhone, notifiedByOf } from './notified-by.ts';

vi.mock(import('../../../platform/auth/password.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  hashPassword: (password: string) => Promise.resolve(`test-only$${password}`),
}));

const both = { email: { configured: true }, sms: { configured: true } };
const typed = { email: 'Zoe.Smith@Example.com', phone: '(212) 555-0147' };
const onFile = {
  email: 'zoe.smith@example.com',
  phone: '2125550147',
  emailPermission: true,
  smsPermission: true,
};

describe('maskEmail / maskPhone', () => {
  it('keeps the first character and the domain of an address, the area code and last four of a number', () => {
    expect(maskEmail('zoe.smith@example.com')).toBe('z…@example.com');
    expect(maskEmail(' a@b.org ')).toBe('a…@b.org');
    expect(maskEmail('no-at-sign')).toBe('…');
    expect(maskPhone('(212) 555-0147')).toBe('(212) …-0147');
    expect(maskPhone('+1 212 555 0147')).toBe('(212) …-0147');
    expect(maskPhone('+44 20 7946 0958')).toBe('…0958');
  });
});

describe('notifiedByOf', () => {
  it('names both channels, masked from what was typed, when configured, consented and the same on file', () => {
    expect(notifiedByOf(both, onFile, typed)).toEqual({ email: 'Z…@Example.com', sms: '(212) …-0147' });
  });

  it('names nothing without a configured transport', () => {
    expect(notifiedByOf(undefined, onFile, typed)).toEqual({});
    expect(notifiedByOf({ email: { configured: false }, sms: { configured: true } }, onFile, typed)).toEqual({
      sms: '(212) …-0147',
    });
    expect(notifiedByOf({ email: { configured: true }, sms: { configured: false } }, onFile, typed)).toEqual({
      email: 'Z…@Example.com',
    });
  });

  it('follows the consent on file', () => {
    expect(notifiedByOf(both, { ...onFile, emailPermission: false }, typed)).toEqual({ sms: '(212) …-0147' });
    expect(notifiedByOf(both, { ...onFile, smsPermission: false }, typed)).toEqual({
      email: 'Z…@Example.com',
    });
  });

  it('leaves out a channel whose address on file differs from what was typed (never hints at the file)', () => {
    const other = { ...onFile, email: 'other@elsewhere.net', phone: '6465550100' };
    expect(notifiedByOf(both, other, typed)).toEqual({});
    expect(notifiedByOf(both, { ...onFile, email: null, phone: null }, typed)).toEqual({});
  });
});

const fakeEmail = (): EmailTransport => ({
  configured: true,
  send: () => Promise.resolve({ providerId: 'fake' }),
  close: () => Promise.resolve(),
});
const noSms: SmsTransport = {
  configured: false,
  send: () => Promise.reject(new Error('not configured')),
};

describe.each(testDatabases())('PUT bookAppointment notifiedBy on $name', (target) => {
  let f: PublicFixture;
  let withEmail: App;

  beforeAll(async () => {
    f = await createPublicFixture(target);
    withEmail = await buildApp({
      config: f.t.config,
      db: f.t.db,
      logger: false,
      now: () => NOW,
      email: fakeEmail(),
      sms: noSms,
    });
    await withEmail.ready();
  });
  afterAll(async () => {
    await withEmail.close();
    await f.close();
  });

  async function freeSlot(app: App, index: number): Promise<SlotResponse> {
    const response = await app.inject({
      method: 'GET',
      url: `/api/scheduler/getProviders?${query({
        clientName: 'brightsmile',
        scheduler: 'main',
        appointmentTypeId: f.brightsmile.services['Emergency Dental Visit'],
        locationId: f.brightsmile.locations['midtown-manhattan'],
        providerId: f.brightsmile.providers.Carter,
      })}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const slot = response.json<GetProvidersResponse>().providers[0]?.slots[index];
    if (slot === undefined) throw new Error('no free slot');
    return slot;
  }

  async function bookOn(app: App, slot: SlotResponse, patient: Record<string, string | boolean>) {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/scheduler/bookAppointment',
      payload: {
        clientSlug: 'brightsmile',
        schedulerSlug: 'main',
        locationId: slot.locationId,
        providerId: String(f.brightsmile.providers.Carter),
        appointmentTypeId: String(f.brightsmile.services['Emergency Dental Visit']),
        startUtc: slot.startUtc,
        patient,
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

  it('names the masked e-mail when e-mail is configured and consented; never the full address', async () => {
    const patient = newPatient({ phone: '(212) 555-0147' });
    const booking = await bookOn(withEmail, await freeSlot(withEmail, 3), patient);
    const email = String(patient.email);
    expect(booking.notifiedBy).toEqual({ email: `t…${email.slice(email.indexOf('@'))}` });
    expect(JSON.stringify(booking)).not.toContain(email);
    expect(JSON.stringify(booking)).not.toContain('555-0147');
  });

  it('names nothing when no transport is configured (consent is covered above: the demo requires it)', async () => {
    // The default test app: no SMTP, no Twilio.
    const unconfigured = await bookOn(f.app, await freeSlot(f.app, 5), newPatient());
    expect(unconfigured.notifiedBy).toEqual({});
  });
});
