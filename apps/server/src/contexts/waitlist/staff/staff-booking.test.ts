import { randomUUID } from 'node:crypto';
import type { BookFromWaitListResponse } from '@scheduler/contract/waitlist';
import { FRONT_DESK_CHANNEL } from '@scheduler/contract/waitlist';
import { confirmationNumberOf } from '@scheduler/domain/messages/format';
import type { GetProvidersResponse, SlotResponse } from '@scheduler/contract/scheduler-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import {
  NOW,
  createPublicFixture,
  newPatient,
  query,
  setSetting,
  writeCounts,
} from '../../../test/public-api-fixture.ts';
import { auditRows, userIdOf } from '../../../test/patient-management-fixture.ts';
import { loginAsDemo } from '../../../test/staff-login.ts';
import type { StaffLogin } from '../../../test/staff-login.ts';
import { testDatabases } from '../../../test/test-db.ts';
import {
  STAFF_DATE_OF_BIRTH_NOT_PAST_MESSAGE,
  STAFF_DATE_OF_BIRTH_TOO_OLD_MESSAGE,
} from '@scheduler/contract/waitlist';
import {
  STAFF_BIRTH_DATE_MISMATCH_MESSAGE,
  STAFF_ENTRY_NO_BIRTH_DATE_MESSAGE,
  STAFF_OUTSIDE_HOURS_MESSAGE,
  STAFF_PAST_TIME_MESSAGE,
  STAFF_SLOT_TAKEN_MESSAGE,
  WAITLIST_ENTRY_CLOSED_MESSAGE,
} from '@scheduler/domain/messages';

// Cheap password hashing for the demo's staff users (the sign-in itself stays real).
vi.mock(import('../../../platform/auth/password.ts'), async (original) =>
  (await import('../../../test/fast-passwords.ts')).fastPasswords(original),
);

const URL = '/api/patient-management/bookFromWaitList';
type Role = 'owner' | 'admin' | 'staff' | 'viewer';

interface ErrorJson {
  error: { code: string; message: string; details?: { fields?: { path: string; message: string }[] } };
}

describe.each(testDatabases())('POST /api/patient-management/bookFromWaitList on $name', (target) => {
  let f: PublicFixture;
  const as: Partial<Record<Role, StaffLogin>> = {};
  let brand: number;
  let serviceId: number;
  let slots: { providerId: string; slot: SlotResponse }[] = [];
  let staffUserId: number;

  /** The free slots of the brand's first online service, from the patient's own slot search. */
  async function freeSlots(): Promise<{ providerId: string; slot: SlotResponse }[]> {
    const response = await f.app.inject({
      method: 'GET',
      url: `/api/scheduler/getProviders?${query({
        clientName: 'brightsmile',
        scheduler: 'main',
        appointmentTypeId: serviceId,
        locationId: 'all',
      })}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<GetProvidersResponse>()
      .providers.flatMap((card) => card.slots.map((slot) => ({ providerId: card.providerId, slot })));
  }

  /** Takes a free slot no other test uses. */
  function takeSlot(): { providerId: string; slot: SlotResponse } {
    const taken = slots.shift();
    if (taken === undefined) throw new Error('no free slot left');
    // Leave the rest of that provider's hour alone, so slots of different lengths never overlap.
    slots = slots.filter(
      (other) =>
        other.providerId !== taken.providerId ||
        Math.abs(Date.parse(other.slot.startUtc) - Date.parse(taken.slot.startUtc)) >= 3 * 3_600_000,
    );
    return taken;
  }

  async function newEntry(
    overrides: { clientId?: number; status?: 'waiting' | 'removed'; withoutBirthDate?: boolean } = {},
  ) {
    const person = newPatient();
    const { id } = await f.t.db
      .insertInto('waitlist_entries')
      .values({
        client_id: overrides.clientId ?? brand,
        scheduler_id: overrides.clientId === undefined ? f.brightsmile.schedulerId : f.northside.schedulerId,
        location_id: null,
        provider_id: null,
        service_id: overrides.clientId === undefined ? serviceId : null,
        patient_id: null,
        first_name: String(person.firstName),
        last_name: String(person.lastName),
        date_of_birth: overrides.withoutBirthDate ? null : String(person.dateOfBirth),
        phone: String(person.phone).replace(/\D/g, ''),
        email: String(person.email),
        preferred_times: null,
        notes: null,
        status: overrides.status ?? 'waiting',
        created_at: NOW.getTime(),
        updated_at: NOW.getTime(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, person };
  }

  function bodyFor(entryId: number, taken: { providerId: string; slot: SlotResponse }) {
    return {
      clientId: brand,
      waitlistEntryId: String(entryId),
      providerId: taken.providerId,
      locationId: taken.slot.locationId,
      startUtc: taken.slot.startUtc,
      smsPermission: true,
      emailPermission: false,
      idempotencyKey: randomUUID(),
    };
  }

  function post(role: Role | null, payload: unknown, headers: Record<string, string> = {}) {
    return f.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...(role === null ? {} : as[role]!.bearerHeaders), ...headers },
      payload: payload as object,
    });
  }

  async function entryStatus(id: number): Promise<string | undefined> {
    const row = await f.t.db
      .selectFrom('waitlist_entries')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.status;
  }

  async function expectNothingWritten(
    payload: unknown,
    role: Role | null,
    status: number,
    code: string,
    message?: string,
    headers: Record<string, string> = {},
  ) {
    const before = await writeCounts(f.t.db);
    const response = await post(role, payload, headers);
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json<ErrorJson>();
    expect(body.error.code).toBe(code);
    if (message !== undefined) expect(body.error.message).toBe(message);
    expect(await writeCounts(f.t.db)).toEqual(before);
  }

  beforeAll(async () => {
    f = await createPublicFixture(target);
    for (const role of ['owner', 'admin', 'staff', 'viewer'] as const)
      as[role] = await loginAsDemo(f.app, role);
    brand = f.brightsmile.clientId;
    staffUserId = await userIdOf(f.t.db, 'staff@demo.health');
    for (const candidate of Object.values(f.brightsmile.services)) {
      serviceId = candidate;
      slots = await freeSlots();
      if (slots.length > 8) break;
    }
    expect(slots.length).toBeGreaterThan(8);
  });
  afterAll(async () => {
    await f.close();
  });

  it('books the entry: one appointment (front desk, by the user), the entry booked, an audit row without contact data', async () => {
    const { id, person } = await newEntry();
    const taken = takeSlot();
    const before = await writeCounts(f.t.db);
    const response = await post('staff', bodyFor(id, taken));
    expect(response.statusCode, response.body).toBe(201);
    const booking = response.json<BookFromWaitListResponse>();
    expect(booking).toMatchObject({
      waitlistEntryId: String(id),
      status: 'booked',
      startUtc: taken.slot.startUtc,
      channel: FRONT_DESK_CHANNEL,
      provider: { providerId: taken.providerId },
      location: { locationId: taken.slot.locationId },
      service: { appointmentTypeId: String(serviceId) },
    });
    // The number the patient's confirmation messages carry, for the front desk to read out.
    expect(booking.confirmationNumber).toBe(confirmationNumberOf(booking.appointmentId));
    const after = await writeCounts(f.t.db);
    expect(after.appointments).toBe(before.appointments! + 1);
    expect(after.patients).toBe(before.patients! + 1);
    expect(after.waitlist_entries).toBe(before.waitlist_entries);

    const rows = await f.t.db
      .selectFrom('appointments')
      .selectAll()
      .where('client_id', '=', brand)
      .where('patient_id', '=', Number(booking.patientId))
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: Number(booking.appointmentId),
      status: 'booked',
      channel: FRONT_DESK_CHANNEL,
      created_by_user_id: staffUserId,
      provider_id: Number(taken.providerId),
      session_id: null,
    });
    const patient = await f.t.db
      .selectFrom('patients')
      .selectAll()
      .where('id', '=', Number(booking.patientId))
      .executeTakeFirstOrThrow();
    expect(patient).toMatchObject({
      first_name: person.firstName,
      last_name: person.lastName,
      date_of_birth: person.dateOfBirth,
      email: person.email,
      sms_permission: 1,
      email_permission: 0,
    });
    expect(await entryStatus(id)).toBe('booked');

    const audit = await auditRows(f.t.db, { action: 'waitlist.book', recordId: booking.appointmentId });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_id: staffUserId, client_id: brand });
    const details = audit[0]!.details ?? '';
    expect(JSON.parse(details)).toMatchObject({ waitlistEntryId: id, to: 'booked' });
    for (const contact of [person.lastName, person.email, person.dateOfBirth, '555', 'Testa'])
      expect(details).not.toContain(String(contact));

    // The slot no longer shows to patients.
    const now = await freeSlots();
    expect(
      now.some((s) => s.providerId === taken.providerId && s.slot.startUtc === taken.slot.startUtc),
    ).toBe(false);
  });

  it('answers a retry with the same appointment, once (idempotencyKey)', async () => {
    const { id } = await newEntry();
    const payload = bodyFor(id, takeSlot());
    const first = await post('admin', payload);
    expect(first.statusCode, first.body).toBe(201);
    const before = await writeCounts(f.t.db);
    const again = await post('admin', payload);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<BookFromWaitListResponse>().appointmentId).toBe(
      first.json<BookFromWaitListResponse>().appointmentId,
    );
    expect(await writeCounts(f.t.db)).toEqual(before);
  });

  it('refuses a slot the provider is already booked in with 409, and writes nothing', async () => {
    const first = await newEntry();
    const taken = takeSlot();
    expect((await post('staff', bodyFor(first.id, taken))).statusCode).toBe(201);
    const second = await newEntry();
    await expectNothingWritten(
      bodyFor(second.id, taken),
      'staff',
      409,
      'SLOT_TAKEN',
      STAFF_SLOT_TAKEN_MESSAGE,
    );
    expect(await entryStatus(second.id)).toBe('waiting');
    const audit = await auditRows(f.t.db, { action: 'waitlist.book', clientId: brand });
    const entryIds = audit.map(
      (row) => (JSON.parse(row.details ?? '{}') as { waitlistEntryId?: number }).waitlistEntryId,
    );
    expect(entryIds).not.toContain(second.id);
  });

  it('lets one of a patient booking and a staff booking of the same slot win, never both', async () => {
    const { id } = await newEntry();
    const taken = takeSlot();
    const [patient, staff] = await Promise.all([
      f.app.inject({
        method: 'PUT',
        url: '/api/scheduler/bookAppointment',
        payload: {
          clientSlug: 'brightsmile',
          schedulerSlug: 'main',
          locationId: taken.slot.locationId,
          providerId: taken.providerId,
          appointmentTypeId: String(serviceId),
          startUtc: taken.slot.startUtc,
          patient: newPatient(),
          isExistingPatient: false,
          insurance: null,
          details: { reasonForVisit: '', notes: '' },
          sessionId: `session-${randomUUID()}`,
          idempotencyKey: randomUUID(),
        },
      }),
      post('staff', bodyFor(id, taken)),
    ]);
    expect([patient.statusCode, staff.statusCode].sort()).toEqual([201, 409]);
    const active = await f.t.db
      .selectFrom('appointments')
      .select('id')
      .where('provider_id', '=', Number(taken.providerId))
      .where('start_at', '=', Date.parse(taken.slot.startUtc))
      .where('status', 'in', ['pending', 'booked'])
      .execute();
    expect(active).toHaveLength(1);
    expect(await entryStatus(id)).toBe(staff.statusCode === 201 ? 'booked' : 'waiting');
  });

  it('books staff inside the closed patient window (a time patients can no longer pick)', async () => {
    const { id } = await newEntry();
    const taken = takeSlot();
    // How far out 0: patients may book today only, so the slot is beyond their window.
    await setSetting(f.t.db, f.brightsmile, 'appointment', 1, '0');
    try {
      const offered = await freeSlots();
      expect(offered.some((s) => s.slot.startUtc === taken.slot.startUtc)).toBe(false);
      const response = await post('staff', bodyFor(id, taken));
      expect(response.statusCode, response.body).toBe(201);
      expect(await entryStatus(id)).toBe('booked');
    } finally {
      await setSetting(f.t.db, f.brightsmile, 'appointment', 1, null);
    }
  });

  it('refuses a time in the past and a time outside the working hours (400), writing nothing', async () => {
    const { id } = await newEntry();
    const taken = takeSlot();
    await expectNothingWritten(
      { ...bodyFor(id, taken), startUtc: new Date(NOW.getTime() - 3_600_000).toISOString() },
      'staff',
      400,
      'VALIDATION',
      STAFF_PAST_TIME_MESSAGE,
    );
    // 03:00 local time on the slot's day.
    const [hours = 0, minutes = 0] = taken.slot.timeLocal.split(':').map(Number);
    const threeAm = Date.parse(taken.slot.startUtc) - (hours * 60 + minutes - 180) * 60_000;
    await expectNothingWritten(
      { ...bodyFor(id, taken), startUtc: new Date(threeAm).toISOString() },
      'staff',
      400,
      'VALIDATION',
      STAFF_OUTSIDE_HOURS_MESSAGE,
    );
    expect(await entryStatus(id)).toBe('waiting');
  });

  it('books an entry without a date of birth with the one staff enter, and matches an existing patient by it', async () => {
    const { id, person } = await newEntry({ withoutBirthDate: true });
    const taken = takeSlot();
    const before = await writeCounts(f.t.db);
    const payload = { ...bodyFor(id, taken), dateOfBirth: String(person.dateOfBirth) };
    const response = await post('staff', payload);
    expect(response.statusCode, response.body).toBe(201);
    const booking = response.json<BookFromWaitListResponse>();
    expect((await writeCounts(f.t.db)).patients).toBe(before.patients! + 1);
    const patient = await f.t.db
      .selectFrom('patients')
      .select(['first_name', 'last_name', 'date_of_birth'])
      .where('id', '=', Number(booking.patientId))
      .executeTakeFirstOrThrow();
    expect(patient).toEqual({
      first_name: person.firstName,
      last_name: person.lastName,
      date_of_birth: person.dateOfBirth,
    });
    expect(await entryStatus(id)).toBe('booked');
    // A retry with the same body answers the same appointment.
    const again = await post('staff', payload);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<BookFromWaitListResponse>().appointmentId).toBe(booking.appointmentId);
    // The audit row holds no date of birth.
    const audit = await auditRows(f.t.db, { action: 'waitlist.book', recordId: booking.appointmentId });
    expect(audit[0]!.details ?? '').not.toContain(String(person.dateOfBirth));

    // The same person on the waitlist again, without a date of birth: the date staff enter finds
    // the patient record made above instead of creating another one.
    const { id: secondId } = await newEntry({ withoutBirthDate: true });
    await f.t.db
      .updateTable('waitlist_entries')
      .set({
        first_name: String(person.firstName),
        last_name: String(person.lastName),
        email: String(person.email),
        phone: String(person.phone).replace(/\D/g, ''),
      })
      .where('id', '=', secondId)
      .execute();
    const patientsBefore = (await writeCounts(f.t.db)).patients;
    const second = await post('staff', {
      ...bodyFor(secondId, takeSlot()),
      dateOfBirth: String(person.dateOfBirth),
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<BookFromWaitListResponse>().patientId).toBe(booking.patientId);
    expect((await writeCounts(f.t.db)).patients).toBe(patientsBefore);
  });

  it('answers 400 naming dateOfBirth when an entry without one is booked without it, or with an implausible one', async () => {
    const { id } = await newEntry({ withoutBirthDate: true });
    const payload = bodyFor(id, takeSlot());
    const before = await writeCounts(f.t.db);
    const response = await post('staff', payload);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<ErrorJson>();
    expect(body.error).toMatchObject({
      code: 'VALIDATION',
      message: STAFF_ENTRY_NO_BIRTH_DATE_MESSAGE,
      details: { fields: [{ path: 'dateOfBirth', message: STAFF_ENTRY_NO_BIRTH_DATE_MESSAGE }] },
    });
    expect(body.error.message).toContain('date of birth');
    expect(await writeCounts(f.t.db)).toEqual(before);

    const today = NOW.toISOString().slice(0, 10);
    const tooOld = `${NOW.getUTCFullYear() - 121}-01-01`;
    for (const [dateOfBirth, message] of [
      ['2999-01-01', STAFF_DATE_OF_BIRTH_NOT_PAST_MESSAGE],
      [today, STAFF_DATE_OF_BIRTH_NOT_PAST_MESSAGE],
      [tooOld, STAFF_DATE_OF_BIRTH_TOO_OLD_MESSAGE],
    ] as const) {
      await expectNothingWritten({ ...payload, dateOfBirth }, 'staff', 400, 'VALIDATION', message);
    }
    // Not a date at all: the body schema refuses it.
    for (const dateOfBirth of ['1990-02-30', '01/02/1990', 'yesterday'])
      await expectNothingWritten({ ...payload, dateOfBirth }, 'staff', 400, 'VALIDATION');
    expect(await entryStatus(id)).toBe('waiting');
  });

  it('keeps the date of birth optional when the entry has one, and refuses a different one', async () => {
    const { id, person } = await newEntry();
    const payload = bodyFor(id, takeSlot());
    await expectNothingWritten(
      { ...payload, dateOfBirth: '1950-05-05' },
      'staff',
      400,
      'VALIDATION',
      STAFF_BIRTH_DATE_MISMATCH_MESSAGE,
    );
    const response = await post('staff', { ...payload, dateOfBirth: String(person.dateOfBirth) });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses an entry that is no longer waiting (409)', async () => {
    const { id } = await newEntry({ status: 'removed' });
    await expectNothingWritten(
      bodyFor(id, takeSlot()),
      'staff',
      409,
      'CONFLICT',
      WAITLIST_ENTRY_CLOSED_MESSAGE,
    );
  });

  it('refuses the viewer (403), another brand (403 / 404 without leaking), anonymous callers (401) and cookie changes without the XSRF token (403)', async () => {
    const { id } = await newEntry();
    const taken = takeSlot();
    const payload = bodyFor(id, taken);
    await expectNothingWritten(payload, 'viewer', 403, 'FORBIDDEN');
    // staff@ belongs to brightsmile only.
    await expectNothingWritten({ ...payload, clientId: f.northside.clientId }, 'staff', 403, 'FORBIDDEN');
    // Another brand's entry answers as a missing one.
    const northside = await newEntry({ clientId: f.northside.clientId });
    const foreign = await post('owner', { ...payload, waitlistEntryId: String(northside.id) });
    const missing = await post('owner', { ...payload, waitlistEntryId: '1999999999' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    await expectNothingWritten(payload, null, 401, 'UNAUTHENTICATED');
    const staff = as.staff!;
    await expectNothingWritten(payload, null, 403, 'CSRF_REJECTED', undefined, {
      cookie: `sid=${staff.token}; XSRF-TOKEN=${staff.xsrf}`,
    });
    expect(await entryStatus(id)).toBe('waiting');
    expect(await entryStatus(northside.id)).toBe('waiting');
    // Through the cookie with the token, it books.
    const response = await post(null, payload, staff.cookieHeaders);
    expect(response.statusCode, response.body).toBe(201);
  });

  it('answers a malformed body with 400', async () => {
    const { id } = await newEntry();
    const payload = bodyFor(id, takeSlot());
    for (const bad of [
      { ...payload, idempotencyKey: 'not-a-uuid' },
      { ...payload, startUtc: 'tomorrow' },
      { ...payload, providerId: 'abc' },
      { ...payload, waitlistEntryId: undefined },
      { ...payload, notes: 'x'.repeat(5000) },
    ]) {
      await expectNothingWritten(bad, 'staff', 400, 'VALIDATION');
    }
  });
});
