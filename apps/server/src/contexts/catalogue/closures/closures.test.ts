/*
 * Issue 19, "Closures": a location's closed days over the staff API (auth, permissions, CSRF,
 * validation, audit), the import of a year's US federal holidays (twice adds nothing), the
 * appointments on closed days listed for rebooking, the search counter raised by every change,
 * `listClosedDates` (contract 6), and row-level security on PostgreSQL. Both databases.
 */
import { sql } from 'kysely';
import { localDateOf } from '@scheduler/domain/time-zone';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asTenant } from '../../../platform/db/tenant-context.ts';
import { activeAppointmentStatuses } from '../../../platform/db/schema.ts';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import { NOW, createPublicFixture, query } from '../../../test/public-api-fixture.ts';
import { loginAsDemo } from '../../../test/staff-login.ts';
import type { StaffLogin } from '../../../test/staff-login.ts';
import { testDatabases } from '../../../test/test-db.ts';
import { listClosedDates } from '../index.ts';

vi.mock(import('../../../platform/auth/password.ts'), async (original) =>
  (await import('../../../test/fast-passwords.ts')).fastPasswords(original),
);

const PATH = '/api/scheduler/admin/closures';
const FEDERAL_2027 = [
  '2027-01-01',
  '2027-01-18',
  '2027-02-15',
  '2027-05-31',
  '2027-06-18',
  '2027-07-05',
  '2027-09-06',
  '2027-10-11',
  '2027-11-11',
  '2027-11-25',
  '2027-12-24',
];

interface ClosuresBody {
  location: { locationId: string; timeZone: string };
  today: string;
  closures: { closureId: string; date: string; name: string; source: string }[];
  appointmentsToRebook: { appointmentId: string; patientName: string; timeZone: string }[];
}

describe.each(testDatabases())('location closures on $name', (target) => {
  let f: PublicFixture;
  let owner: StaffLogin;
  let staff: StaffLogin;
  let viewer: StaffLogin;
  let clientId: number;
  let locationId: number;
  let otherLocationId: number;
  let zone: string;
  /** An upcoming active appointment at the location, and its local date. */
  let appointment: { id: number; date: string };

  beforeAll(async () => {
    f = await createPublicFixture(target);
    [owner, staff, viewer] = await Promise.all([
      loginAsDemo(f.app, 'owner'),
      loginAsDemo(f.app, 'staff'),
      loginAsDemo(f.app, 'viewer'),
    ]);
    clientId = f.brightsmile.clientId;
    const row = await f.t.db
      .selectFrom('appointments as a')
      .innerJoin('locations as l', 'l.id', 'a.location_id')
      .select(['a.id', 'a.start_at', 'a.location_id', 'l.time_zone'])
      .where('a.client_id', '=', clientId)
      .where('a.status', 'in', [...activeAppointmentStatuses])
      .where('a.start_at', '>', NOW.getTime() + 86_400_000)
      .orderBy('a.start_at')
      .executeTakeFirstOrThrow();
    locationId = row.location_id;
    zone = row.time_zone;
    appointment = { id: row.id, date: localDateOf(Number(row.start_at), zone) };
    otherLocationId = Object.values(f.brightsmile.locations).find((id) => id !== locationId)!;
  });
  afterAll(async () => {
    await f.close();
  });

  const list = (login: StaffLogin, params: Record<string, string | number | undefined> = {}) =>
    f.app.inject({
      method: 'GET',
      url: `${PATH}?${query({ clientId, locationId, ...params })}`,
      headers: login.cookieHeaders,
    });
  const create = (login: StaffLogin, body: Record<string, unknown>, headers = login.cookieHeaders) =>
    f.app.inject({ method: 'POST', url: PATH, headers, payload: { clientId, locationId, ...body } });
  const remove = (login: StaffLogin, date: string, location = locationId) =>
    f.app.inject({
      method: 'DELETE',
      url: `${PATH}?${query({ clientId, locationId: location, date })}`,
      headers: login.cookieHeaders,
    });
  const importYear = (login: StaffLogin, year: number | string, location = locationId) =>
    f.app.inject({
      method: 'POST',
      url: `${PATH}/import-us-federal`,
      headers: login.cookieHeaders,
      payload: { clientId, locationId: location, year },
    });
  const rowCount = async () =>
    Number(
      (
        await f.t.db
          .selectFrom('location_closures')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const counter = async () =>
    Number(
      (
        await f.t.db
          .selectFrom('search_config_versions')
          .select('version')
          .where('client_id', '=', clientId)
          .executeTakeFirstOrThrow()
      ).version,
    );
  const auditActions = async () =>
    (
      await f.t.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', 'like', 'location-closure%')
        .execute()
    ).map((row) => row.action);

  it('starts empty, in the location’s zone and today', async () => {
    const response = await list(staff);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ClosuresBody>();
    expect(body.closures).toEqual([]);
    expect(body.appointmentsToRebook).toEqual([]);
    expect(body.location).toMatchObject({ locationId: String(locationId), timeZone: zone });
    expect(body.today).toBe(localDateOf(NOW, zone));
    expect(await auditActions()).toContain('location-closures.read');
  });

  it('guards: viewer cannot read, staff cannot change, no CSRF token, another brand, bad input', async () => {
    const before = await rowCount();
    expect((await list(viewer)).statusCode).toBe(403);
    expect((await create(staff, { date: appointment.date, name: 'Staff training' })).statusCode).toBe(403);
    const { 'x-xsrf-token': _token, ...noToken } = owner.cookieHeaders;
    expect(
      (await create(owner, { date: appointment.date, name: 'Staff training' }, noToken)).statusCode,
    ).toBe(403);
    expect(
      (await f.app.inject({ method: 'GET', url: `${PATH}?${query({ clientId, locationId })}` })).statusCode,
    ).toBe(401);
    // A location of another brand answers as a missing one.
    const northsideLocation = Object.values(f.northside.locations)[0]!;
    const foreign = await create(owner, { locationId: northsideLocation, date: '2027-03-01', name: 'X' });
    const missing = await create(owner, { locationId: 2_000_000_000, date: '2027-03-01', name: 'X' });
    expect([foreign.statusCode, missing.statusCode]).toEqual([404, 404]);
    const badDate = await create(owner, { date: '2027-02-30', name: 'Staff training' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json<{ error: { code: string } }>().error.code).toBe('VALIDATION');
    expect((await create(owner, { date: '2027-03-01', name: '   ' })).statusCode).toBe(400);
    expect((await list(owner, { from: '2027-03-01', to: '2027-02-01' })).statusCode).toBe(400);
    expect((await importYear(owner, 1999)).statusCode).toBe(400);
    expect(await rowCount()).toBe(before);
  });

  it('closes a day: lists its appointments to rebook, raises the search counter, refuses it twice', async () => {
    const before = await counter();
    const response = await create(owner, { date: appointment.date, name: 'Staff training' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{
      closure: { date: string; name: string; source: string };
      appointmentsToRebook: { appointmentId: string; timeZone: string }[];
    }>();
    expect(body.closure).toMatchObject({ date: appointment.date, name: 'Staff training', source: 'manual' });
    expect(body.appointmentsToRebook.map((a) => a.appointmentId)).toContain(String(appointment.id));
    expect(body.appointmentsToRebook.every((a) => a.timeZone === zone)).toBe(true);
    expect(await counter()).toBeGreaterThan(before);

    const rows = await rowCount();
    const twice = await create(owner, { date: appointment.date, name: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(await rowCount()).toBe(rows);

    // The panel's list shows it, with the appointment on it.
    const listed = (await list(staff)).json<ClosuresBody>();
    expect(listed.closures.map((c) => c.date)).toEqual([appointment.date]);
    expect(listed.appointmentsToRebook.map((a) => a.appointmentId)).toContain(String(appointment.id));
    expect(await auditActions()).toContain('location-closure.create');
  });

  it('exports listClosedDates for the slot search and the schedule (contract 6)', async () => {
    await create(owner, { locationId: otherLocationId, date: '2027-03-01', name: 'Inventory' });
    const dates = await listClosedDates(
      f.t.db,
      clientId,
      [locationId, otherLocationId],
      '2026-01-01',
      '2027-12-31',
    );
    expect(dates).toEqual(
      [
        { locationId, dateLocal: appointment.date },
        { locationId: otherLocationId, dateLocal: '2027-03-01' },
      ].sort((a, b) => a.locationId - b.locationId || a.dateLocal.localeCompare(b.dateLocal)),
    );
    expect(await listClosedDates(f.t.db, clientId, [otherLocationId], '2027-03-02', '2027-12-31')).toEqual(
      [],
    );
    expect(
      await listClosedDates(f.t.db, f.northside.clientId, [otherLocationId], '2026-01-01', '2027-12-31'),
    ).toEqual([]);
  });

  it("imports a year's US federal holidays at their observed days; twice adds nothing", async () => {
    await create(owner, { date: '2027-11-25', name: 'Thanksgiving (our name)' });
    const first = await importYear(owner, 2027);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json<{
      added: { date: string; source: string }[];
      alreadyClosed: { date: string; name: string }[];
    }>();
    expect(body.added.map((c) => c.date)).toEqual(FEDERAL_2027.filter((d) => d !== '2027-11-25'));
    expect(body.added.every((c) => c.source === 'us-federal')).toBe(true);
    expect(body.alreadyClosed).toEqual([{ date: '2027-11-25', name: 'Thanksgiving (our name)' }]);

    const rows = await rowCount();
    const counterBefore = await counter();
    const second = await importYear(owner, '2027');
    expect(second.statusCode).toBe(200);
    expect(second.json<{ added: unknown[] }>().added).toEqual([]);
    expect(second.json<{ alreadyClosed: unknown[] }>().alreadyClosed).toHaveLength(11);
    expect(await rowCount()).toBe(rows);
    expect(await counter()).toBe(counterBefore);

    const listed = (await list(owner, { from: '2027-01-01', to: '2027-12-31' })).json<ClosuresBody>();
    expect(listed.closures.map((c) => c.date)).toEqual(FEDERAL_2027);
    // By default the list runs from the location's today (25 November 2026) to the end of next year.
    const byDefault = (await list(owner)).json<ClosuresBody>().closures.map((c) => c.date);
    expect(byDefault).toEqual(expect.arrayContaining(FEDERAL_2027));
    expect(byDefault.every((d) => d >= '2026-11-25' && d <= '2027-12-31')).toBe(true);
    await importYear(owner, 2028);
    const later = (await list(owner)).json<ClosuresBody>().closures.map((c) => c.date);
    // New Year's Day 2028 is observed on Friday 31 December 2027; 2028's others are past the default end.
    expect(later).toContain('2027-12-31');
    expect(later.some((d) => d.startsWith('2028-'))).toBe(false);
    expect(listed.closures.find((c) => c.date === '2027-07-05')?.name).toBe('Independence Day (observed)');
    expect(await auditActions()).toContain('location-closure.import');
  });

  it('reopens a day (404 when it is not closed)', async () => {
    const before = await counter();
    const response = await remove(owner, '2027-07-05');
    expect(response.statusCode, response.body).toBe(200);
    expect(await counter()).toBeGreaterThan(before);
    expect((await remove(owner, '2027-07-05')).statusCode).toBe(404);
    expect((await remove(staff, '2027-07-06')).statusCode).toBe(403);
    const listed = (await list(owner, { from: '2027-07-01', to: '2027-07-31' })).json<ClosuresBody>();
    expect(listed.closures).toEqual([]);
    expect(await auditActions()).toContain('location-closure.delete');
  });

  // PostgreSQL only (SQLite has no row-level security): registered there, not skipped here.
  if (target.name === 'postgres')
    it('keeps another practice out by row-level security', async () => {
      const northside = f.northside.clientId;
      const seen = await asTenant(northside, () =>
        f.t.db.selectFrom('location_closures').select('id').where('client_id', '=', clientId).execute(),
      );
      expect(seen).toEqual([]);
      const deleted = await asTenant(northside, () =>
        f.t.db.deleteFrom('location_closures').where('client_id', '=', clientId).executeTakeFirst(),
      );
      expect(Number(deleted.numDeletedRows)).toBe(0);
      await expect(
        asTenant(northside, () =>
          f.t.db
            .insertInto('location_closures')
            .values({
              client_id: clientId,
              location_id: locationId,
              date_local: '2028-01-03',
              name: 'X',
              created_at: 0,
            })
            .execute(),
        ),
      ).rejects.toThrow(/row-level security/);
      const own = await asTenant(clientId, () =>
        sql<{ n: number }>`select count(*)::int as n from location_closures`.execute(f.t.db),
      );
      expect(own.rows[0]!.n).toBeGreaterThan(0);
    });
});
