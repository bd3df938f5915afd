import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../test/test-db.ts';
import { testDatabases } from '../../test/test-db.ts';
import type { Db } from './database.ts';
import { SLOT_UNIT_MS, isSlotUnitConflict, slotUnitStarts } from './slot-units.ts';

describe('slotUnitStarts', () => {
  const t0 = Date.UTC(2026, 10, 30, 14, 0);

  it('covers a 30-minute appointment with six 5-minute units', () => {
    const units = slotUnitStarts(t0, t0 + 30 * 60_000);
    expect(units).toHaveLength(6);
    expect(units[0]).toBe(t0);
    expect(units[5]).toBe(t0 + 25 * 60_000);
  });

  it('covers every unit an unaligned appointment touches', () => {
    const units = slotUnitStarts(t0 + 2 * 60_000, t0 + 11 * 60_000);
    expect(units).toEqual([t0, t0 + SLOT_UNIT_MS, t0 + 2 * SLOT_UNIT_MS]);
  });

  it('lets back-to-back appointments share no unit', () => {
    const first = slotUnitStarts(t0, t0 + 20 * 60_000);
    const second = slotUnitStarts(t0 + 20 * 60_000, t0 + 40 * 60_000);
    expect(first.filter((unit) => second.includes(unit))).toEqual([]);
  });
});

interface Fixture {
  clientId: number;
  providerIds: [number, number];
  locationId: number;
  serviceId: number;
  patientId: number;
}

async function insertFixture(db: Db): Promise<Fixture> {
  const now = Date.now();
  const { id: clientId } = await db
    .insertInto('clients')
    .values({
      slug: 'guard',
      name: 'Guard',
      phone: '',
      frame_ancestors: '[]',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const provider = (first: string) =>
    db
      .insertInto('providers')
      .values({
        client_id: clientId,
        prefix: null,
        first_name: first,
        middle_name: null,
        last_name: 'Guard',
        credentials: null,
        specialty: null,
        gender: 'F',
        bio: null,
        photo_url: null,
        online_bookable: 1,
        accepting_new_patients: 1,
        sort_order: 0,
        version: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const a = await provider('Ann');
  const b = await provider('Bea');
  const { id: locationId } = await db
    .insertInto('locations')
    .values({
      client_id: clientId,
      slug: 'l',
      name: 'L',
      address_line1: '1 Main St',
      address_line2: null,
      city: 'Chicago',
      state: 'IL',
      postal_code: '60603',
      latitude: null,
      longitude: null,
      time_zone: 'America/Chicago',
      phone: '',
      online_enabled: 1,
      waitlist_enabled: 0,
      sort_order: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: serviceId } = await db
    .insertInto('services')
    .values({
      client_id: clientId,
      name: 'Visit',
      description: null,
      duration_minutes: 30,
      online_enabled: 1,
      call_to_schedule: 0,
      new_patients: 1,
      existing_patients: 1,
      sort_order: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: patientId } = await db
    .insertInto('patients')
    .values({
      client_id: clientId,
      first_name: 'P',
      last_name: 'Q',
      normalized_name: 'p|q',
      date_of_birth: '1990-01-01',
      gender: null,
      phone: null,
      email: null,
      sms_permission: 0,
      email_permission: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { clientId, providerIds: [a.id, b.id], locationId, serviceId, patientId };
}

/** Books in one transaction: the appointment row, then its units (as booking code will). */
async function book(
  db: Db,
  f: Fixture,
  providerId: number,
  startAt: number,
  minutes: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const endAt = startAt + minutes * 60_000;
    const { id } = await trx
      .insertInto('appointments')
      .values({
        client_id: f.clientId,
        scheduler_id: null,
        provider_id: providerId,
        location_id: f.locationId,
        service_id: f.serviceId,
        patient_id: f.patientId,
        insurance_policy_id: null,
        start_at: startAt,
        end_at: endAt,
        status: 'booked',
        is_new_patient: 0,
        idempotency_key: null,
        session_id: null,
        channel: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        utm_term: null,
        rwg_token: null,
        reason: null,
        notes: null,
        cancel_reason: null,
        version: 1,
        created_by_user_id: null,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('appointment_slot_units')
      .values(
        slotUnitStarts(startAt, endAt).map((unit) => ({
          client_id: f.clientId,
          provider_id: providerId,
          unit_start: unit,
          appointment_id: id,
        })),
      )
      .execute();
    return id;
  });
}

describe.each(testDatabases())('double-booking guard on $name', (target) => {
  let t: TestDatabase;
  let f: Fixture;
  const start = Date.UTC(2026, 11, 1, 15, 0);

  beforeAll(async () => {
    t = await target.create();
    f = await insertFixture(t.db);
  });
  afterAll(async () => {
    await t.destroy();
  });

  it('refuses a second unit row for the same provider and unit', async () => {
    const appointmentId = await book(t.db, f, f.providerIds[0], start, 30);
    const duplicate = t.db
      .insertInto('appointment_slot_units')
      .values({
        client_id: f.clientId,
        provider_id: f.providerIds[0],
        unit_start: start + 10 * 60_000,
        appointment_id: appointmentId,
      })
      .execute();
    const error: unknown = await duplicate.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeDefined();
    expect(isSlotUnitConflict(error)).toBe(true);
  });

  it('rolls back an overlapping booking entirely, leaving no appointment row behind', async () => {
    const before = await t.db
      .selectFrom('appointments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const error: unknown = await book(t.db, f, f.providerIds[0], start + 15 * 60_000, 30).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isSlotUnitConflict(error)).toBe(true);
    const after = await t.db
      .selectFrom('appointments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('allows the same time with another provider and the next slot with the same provider', async () => {
    await expect(book(t.db, f, f.providerIds[1], start, 30)).resolves.toBeTypeOf('number');
    await expect(book(t.db, f, f.providerIds[0], start + 30 * 60_000, 30)).resolves.toBeTypeOf('number');
  });

  it('lets exactly one of two concurrent overlapping bookings win', async () => {
    const raceStart = Date.UTC(2026, 11, 2, 15, 0);
    const results = await Promise.allSettled([
      book(t.db, f, f.providerIds[0], raceStart, 30),
      book(t.db, f, f.providerIds[0], raceStart + 5 * 60_000, 30),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect(rejected?.status === 'rejected' && isSlotUnitConflict(rejected.reason)).toBe(true);
  });

  it('frees the time when the units are deleted (cancellation)', async () => {
    const cancelStart = Date.UTC(2026, 11, 3, 15, 0);
    const id = await book(t.db, f, f.providerIds[0], cancelStart, 30);
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('appointments').set({ status: 'cancelled' }).where('id', '=', id).execute();
      await trx.deleteFrom('appointment_slot_units').where('appointment_id', '=', id).execute();
    });
    await expect(book(t.db, f, f.providerIds[0], cancelStart, 30)).resolves.toBeTypeOf('number');
  });
});
