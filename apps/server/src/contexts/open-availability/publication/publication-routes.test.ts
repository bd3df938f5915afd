/*
 * Issue 20: the brand's open availability settings over the staff API (GET config:read, PUT
 * config:write; audited; CSRF; 409 on a stale version; a scheduler of another brand refused), and
 * their effect on the public FHIR API (unpublished: 404). Both databases; on PostgreSQL the
 * settings row is confined to its brand by row-level security.
 */
import type { OpenAvailabilitySettings } from '@scheduler/contract/admin/open-availability';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asTenant } from '../../../platform/db/tenant-context.ts';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import { createPublicFixture, query } from '../../../test/public-api-fixture.ts';
import { loginAsDemo } from '../../../test/staff-login.ts';
import type { StaffLogin } from '../../../test/staff-login.ts';
import { testDatabases } from '../../../test/test-db.ts';
import { readPublication } from './publication-repository.ts';

vi.mock(import('../../../platform/auth/password.ts'), async (original) =>
  (await import('../../../test/fast-passwords.ts')).fastPasswords(original),
);

const PATH = '/api/scheduler/admin/open-availability';
const PUBLIC_URL = 'https://book.example.com';

describe.each(testDatabases())('open availability settings on $name', (target) => {
  let f: PublicFixture;
  let owner: StaffLogin;
  let admin: StaffLogin;
  let staff: StaffLogin;
  let viewer: StaffLogin;
  let clientId: number;

  beforeAll(async () => {
    f = await createPublicFixture(target, { config: { publicUrl: PUBLIC_URL } });
    [owner, admin, staff, viewer] = await Promise.all([
      loginAsDemo(f.app, 'owner'),
      loginAsDemo(f.app, 'admin'),
      loginAsDemo(f.app, 'staff'),
      loginAsDemo(f.app, 'viewer'),
    ]);
    clientId = f.brightsmile.clientId;
  });
  afterAll(async () => {
    await f.close();
  });

  const read = (login: StaffLogin) =>
    f.app.inject({ method: 'GET', url: `${PATH}?${query({ clientId })}`, headers: login.cookieHeaders });
  const write = (login: StaffLogin, payload: Record<string, unknown>, headers = login.cookieHeaders) =>
    f.app.inject({ method: 'PUT', url: PATH, headers, payload: { clientId, ...payload } });
  const settings = async (login: StaffLogin = owner) => {
    const response = await read(login);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OpenAvailabilitySettings>();
  };
  const auditRows = () =>
    f.t.db
      .selectFrom('audit_log')
      .select(['action', 'user_id', 'record_id', 'details'])
      .where('action', '=', 'open-availability.update')
      .orderBy('id')
      .execute();
  const rowCount = async () =>
    Number(
      (
        await f.t.db
          .selectFrom('open_availability_settings')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('starts published with the brand’s first scheduler and the endpoints to copy', async () => {
    const body = await settings(admin);
    expect(body).toEqual({
      published: true,
      schedulerId: String(f.brightsmile.schedulerId),
      schedulers: [expect.objectContaining({ schedulerId: String(f.brightsmile.schedulerId), slug: 'main' })],
      feedServiceNames: false,
      fhirBaseUrl: `${PUBLIC_URL}/fhir/brightsmile`,
      bulkPublishUrl: `${PUBLIC_URL}/fhir/brightsmile/$bulk-publish`,
      version: 1,
    });
  });

  it('guards: staff and viewers cannot read, staff cannot change, CSRF, sign-in, bad input', async () => {
    expect((await read(staff)).statusCode).toBe(403);
    expect((await read(viewer)).statusCode).toBe(403);
    expect((await f.app.inject({ method: 'GET', url: `${PATH}?${query({ clientId })}` })).statusCode).toBe(
      401,
    );
    expect((await write(staff, { version: 1, published: false })).statusCode).toBe(403);
    const { 'x-xsrf-token': _token, ...noToken } = owner.cookieHeaders;
    expect((await write(owner, { version: 1, published: false }, noToken)).statusCode).toBe(403);
    const bad = await write(owner, { version: 1, published: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { code: string } }>().error.code).toBe('VALIDATION');
    expect((await write(owner, { published: false })).statusCode).toBe(400);
    // A scheduler of another brand is refused like an unknown one.
    const foreign = await write(owner, { version: 1, schedulerId: f.northside.schedulerId });
    expect(foreign.statusCode).toBe(400);
    expect(await rowCount()).toBe(0);
    expect(await auditRows()).toEqual([]);
    expect((await settings()).published).toBe(true);
  });

  it('unpublishes (FHIR answers 404), audits, refuses a stale version, and publishes again', async () => {
    expect((await f.app.inject({ method: 'GET', url: '/fhir/brightsmile/metadata' })).statusCode).toBe(200);
    const off = await write(admin, { version: 1, published: false, feedServiceNames: true });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<OpenAvailabilitySettings>()).toMatchObject({
      published: false,
      feedServiceNames: true,
      version: 2,
    });
    const fhir = await f.app.inject({ method: 'GET', url: '/fhir/brightsmile/Location' });
    expect(fhir.statusCode).toBe(404);
    expect(fhir.json<{ resourceType: string }>().resourceType).toBe('OperationOutcome');
    expect((await f.app.inject({ method: 'GET', url: '/fhir/northside/Location' })).statusCode).toBe(200);

    const audits = await auditRows();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ record_id: String(clientId) });
    expect(JSON.parse(audits[0]?.details ?? '{}')).toMatchObject({
      changed: ['feedServiceNames', 'published'],
      published: false,
    });

    // The version read before this change is stale now: 409, nothing written.
    const stale = await write(owner, { version: 1, published: true });
    expect(stale.statusCode).toBe(409);
    expect((await settings()).published).toBe(false);
    expect(await auditRows()).toHaveLength(1);

    const on = await write(owner, { version: 2, published: true, schedulerId: f.brightsmile.schedulerId });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<OpenAvailabilitySettings>()).toMatchObject({
      published: true,
      feedServiceNames: true,
      schedulerId: String(f.brightsmile.schedulerId),
      version: 3,
    });
    expect((await f.app.inject({ method: 'GET', url: '/fhir/brightsmile/Location' })).statusCode).toBe(200);
    expect(await readPublication(f.t.db, { clientSlug: 'brightsmile' })).toMatchObject({
      published: true,
      feedServiceNames: true,
      chosenSchedulerId: f.brightsmile.schedulerId,
      scheduler: { id: f.brightsmile.schedulerId, slug: 'main' },
      version: 3,
    });
    expect(await readPublication(f.t.db, { clientSlug: 'nobody' })).toBeUndefined();
  });

  // Row-level security exists on PostgreSQL only: the test is defined there (nothing skipped on SQLite).
  if (target.name === 'postgres')
    it('keeps each brand’s settings row to its tenant (row-level security)', async () => {
      const northsideRows = await asTenant(f.northside.clientId, () =>
        sql<{ n: number }>`select count(*)::int as n from open_availability_settings`.execute(f.t.db),
      );
      expect(northsideRows.rows[0]?.n).toBe(0);
      const ownRows = await asTenant(clientId, () =>
        sql<{ n: number }>`select count(*)::int as n from open_availability_settings`.execute(f.t.db),
      );
      expect(ownRows.rows[0]?.n).toBe(1);
    });
});
