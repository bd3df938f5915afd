/*
 * Staff changes to the waitlist: DELETE deleteWaitList (the entry leaves the waitlist, kept as
 * removed) and PATCH updateWaitList (contacted, booked with its appointment, back to waiting).
 * waitlist:write, CSRF on cookie sessions, audited, 401 / 403 / 404 without leaking other brands.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../../app.ts';
import { seedIfEmpty } from '../../../platform/db/seed/seed.ts';
import { loginAsDemo } from '../../../test/staff-login.ts';
import type { StaffLogin } from '../../../test/staff-login.ts';
import type { TestDatabase } from '../../../test/test-db.ts';
import { createTestApp, testDatabases } from '../../../test/test-db.ts';
import { WAITLIST_ENTRY_NOT_FOUND_MESSAGE } from '@scheduler/domain/messages';

// scrypt plays no part here (credentials.test.ts checks it): about a second of CPU per sign-in.
vi.mock(import('../../../platform/auth/password.ts'), async (original) =>
  (await import('../../../test/fast-passwords.ts')).fastPasswords(original),
);

type Role = 'owner' | 'admin' | 'staff' | 'viewer';

const MISSING_ID = 2_000_000_000;

describe.each(testDatabases())('waitlist actions on $name', (target) => {
  let t: TestDatabase;
  let app: App;
  let brightsmileId: number;
  let northsideId: number;
  const as: Partial<Record<Role, StaffLogin>> = {};
  const session = (role: Role): StaffLogin => as[role]!;
  let ipCounter = 0;

  /** A fresh waiting entry of a brand (the seed's entries are shared with the other tests). */
  async function newEntry(clientId: number, lastName = 'Waitlisted'): Promise<number> {
    const row = await t.db
      .insertInto('waitlist_entries')
      .values({
        client_id: clientId,
        scheduler_id: null,
        location_id: null,
        provider_id: null,
        service_id: null,
        patient_id: null,
        first_name: 'Wanda',
        last_name: lastName,
        date_of_birth: '1980-04-02',
        phone: '6175550142',
        email: 'wanda@example.com',
        preferred_times: 'morning',
        notes: null,
        status: 'waiting',
        created_at: Date.now() - 86_400_000,
        updated_at: Date.now() - 86_400_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const statusOf = async (id: number) =>
    (
      await t.db
        .selectFrom('waitlist_entries')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  const lastAudit = () =>
    t.db
      .selectFrom('audit_log')
      .select(['id', 'action', 'record_type', 'record_id', 'user_id', 'client_id', 'ip', 'details'])
      .orderBy('id', 'desc')
      .executeTakeFirst();

  const remove = (
    entryId: number | string,
    headers: Record<string, string>,
    clientId: number = brightsmileId,
  ) =>
    app.inject({
      method: 'DELETE',
      url: `/api/scheduler/deleteWaitList?clientId=${clientId}&waitlistEntryId=${entryId}`,
      headers,
      remoteAddress: `203.0.113.${++ipCounter}`,
    });

  const update = (payload: Record<string, unknown>, headers: Record<string, string>) =>
    app.inject({
      method: 'PATCH',
      url: '/api/scheduler/updateWaitList',
      headers,
      payload: { clientId: brightsmileId, ...payload },
      remoteAddress: `203.0.113.${++ipCounter}`,
    });

  beforeAll(async () => {
    t = await target.create();
    await seedIfEmpty(t.db, Date.now());
    app = await createTestApp(t);
    await app.ready();
    const clients = await t.db.selectFrom('clients').select(['id', 'slug']).execute();
    brightsmileId = clients.find((c) => c.slug === 'brightsmile')!.id;
    northsideId = clients.find((c) => c.slug === 'northside')!.id;
    for (const role of ['owner', 'admin', 'staff', 'viewer'] as const)
      as[role] = await loginAsDemo(app, role);
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await t?.destroy();
  });

  describe('DELETE /api/scheduler/deleteWaitList', () => {
    it('removes the entry for staff (cookie with X-XSRF-TOKEN), audits it, and the open list no longer shows it', async () => {
      const entryId = await newEntry(brightsmileId, 'Removable');
      const response = await remove(entryId, session('staff').cookieHeaders);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ waitlistEntryId: String(entryId), status: 'removed' });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(await statusOf(entryId)).toBe('removed');

      const audit = await lastAudit();
      const staffId = (
        await t.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'staff@demo.health')
          .executeTakeFirstOrThrow()
      ).id;
      expect(audit).toMatchObject({
        action: 'waitlist.remove',
        record_type: 'waitlist',
        record_id: String(entryId),
        user_id: staffId,
        client_id: brightsmileId,
        ip: `203.0.113.${ipCounter}`,
      });
      expect(JSON.parse(audit?.details ?? '{}')).toEqual({ from: 'waiting', to: 'removed' });
      // The audit trail holds ids and statuses, never the entry's contact data.
      expect(audit?.details).not.toContain('Removable');
      expect(audit?.details).not.toContain('wanda@example.com');

      const open = await app.inject({
        method: 'GET',
        url: `/api/scheduler/getWaitList?clientId=${brightsmileId}&pageSize=100`,
        headers: session('staff').bearerHeaders,
      });
      const ids = open.json<{ items: { waitlistEntryId: string }[] }>().items.map((i) => i.waitlistEntryId);
      expect(ids).not.toContain(String(entryId));
      const removed = await app.inject({
        method: 'GET',
        url: `/api/scheduler/getWaitList?clientId=${brightsmileId}&status=removed&pageSize=100`,
        headers: session('staff').bearerHeaders,
      });
      expect(
        removed.json<{ items: { waitlistEntryId: string }[] }>().items.map((i) => i.waitlistEntryId),
      ).toContain(String(entryId));

      // Removing it again answers the same (a retried request is harmless).
      const again = await remove(entryId, session('admin').bearerHeaders);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ status: 'removed' });
    });

    it('answers 401 without a session and 403 to a viewer, changing nothing', async () => {
      const entryId = await newEntry(brightsmileId);
      const anonymous = await remove(entryId, {});
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
      for (const headers of [session('viewer').bearerHeaders, session('viewer').cookieHeaders]) {
        const viewer = await remove(entryId, headers);
        expect(viewer.statusCode).toBe(403);
        expect(viewer.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
      }
      expect(await statusOf(entryId)).toBe('waiting');
    });

    it('refuses a cookie session without the X-XSRF-TOKEN header or from another site', async () => {
      const entryId = await newEntry(brightsmileId);
      const { cookie } = session('staff').cookieHeaders;
      const cases: Record<string, string>[] = [
        { cookie: cookie! },
        { ...session('staff').cookieHeaders, 'x-xsrf-token': 'forged' },
        { ...session('staff').cookieHeaders, origin: 'https://attacker.example' },
        { ...session('staff').cookieHeaders, 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of cases) {
        const response = await remove(entryId, headers);
        expect(response.statusCode, JSON.stringify(headers)).toBe(403);
        expect(response.json()).toMatchObject({ error: { code: 'CSRF_REJECTED' } });
      }
      expect(await statusOf(entryId)).toBe('waiting');
    });

    it("answers 403 for a brand the user is not in, and 404 alike for another brand's entry and a missing one", async () => {
      const theirs = await newEntry(northsideId, 'Northerner');
      // staff@ belongs to brightsmile only.
      const otherBrand = await remove(theirs, session('staff').bearerHeaders, northsideId);
      expect(otherBrand.statusCode).toBe(403);
      expect(otherBrand.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });

      const foreign = await remove(theirs, session('staff').bearerHeaders);
      const missing = await remove(MISSING_ID, session('staff').bearerHeaders);
      for (const response of [foreign, missing]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          error: {
            code: 'NOT_FOUND',
            message: WAITLIST_ENTRY_NOT_FOUND_MESSAGE,
            details: { field: 'waitlistEntryId' },
          },
        });
      }
      expect(foreign.body).not.toContain('Northerner');
      expect(await statusOf(theirs)).toBe('waiting');
    });

    it('refuses a malformed id with 400 and no change', async () => {
      const response = await remove('abc', session('staff').bearerHeaders);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION' } });
    });
  });

  describe('PATCH /api/scheduler/updateWaitList', () => {
    async function brandAppointment(clientId: number): Promise<number> {
      return (
        await t.db
          .selectFrom('appointments')
          .select('id')
          .where('client_id', '=', clientId)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;
    }

    it('marks an entry contacted, then booked with its appointment, and audits each change', async () => {
      const entryId = await newEntry(brightsmileId);
      const contacted = await update(
        { waitlistEntryId: String(entryId), status: 'contacted' },
        session('staff').cookieHeaders,
      );
      expect(contacted.statusCode, contacted.body).toBe(200);
      expect(contacted.json()).toMatchObject({ waitlistEntryId: String(entryId), status: 'contacted' });
      expect(await statusOf(entryId)).toBe('contacted');
      const first = await lastAudit();
      expect(first).toMatchObject({ action: 'waitlist.update', record_id: String(entryId) });
      expect(JSON.parse(first?.details ?? '{}')).toEqual({ from: 'waiting', to: 'contacted' });

      const appointmentId = await brandAppointment(brightsmileId);
      const booked = await update(
        { waitlistEntryId: entryId, status: 'booked', appointmentId: String(appointmentId) },
        session('admin').bearerHeaders,
      );
      expect(booked.statusCode, booked.body).toBe(200);
      expect(await statusOf(entryId)).toBe('booked');
      expect(JSON.parse((await lastAudit())?.details ?? '{}')).toEqual({
        from: 'contacted',
        to: 'booked',
        appointmentId,
      });

      // Back to waiting (a booking that fell through).
      const back = await update(
        { waitlistEntryId: entryId, status: 'waiting' },
        session('owner').bearerHeaders,
      );
      expect(back.statusCode).toBe(200);
      expect(await statusOf(entryId)).toBe('waiting');
    });

    it('refuses invalid changes with 400 and changes nothing', async () => {
      const entryId = await newEntry(brightsmileId);
      const appointmentId = await brandAppointment(brightsmileId);
      for (const payload of [
        { waitlistEntryId: entryId, status: 'cancelled' },
        { waitlistEntryId: entryId },
        { status: 'contacted' },
        { waitlistEntryId: entryId, status: 'contacted', appointmentId },
      ]) {
        const response = await update(payload, session('staff').bearerHeaders);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json()).toMatchObject({ error: { code: 'VALIDATION' } });
      }
      expect(await statusOf(entryId)).toBe('waiting');
    });

    it("answers 401, 403 (viewer, other brand, no CSRF token) and 404 for another brand's entry or appointment", async () => {
      const entryId = await newEntry(brightsmileId);
      const theirs = await newEntry(northsideId, 'Northerner');
      const theirAppointment = await brandAppointment(northsideId);

      const anonymous = await update({ waitlistEntryId: entryId, status: 'contacted' }, {});
      expect(anonymous.statusCode).toBe(401);
      const viewer = await update(
        { waitlistEntryId: entryId, status: 'contacted' },
        session('viewer').bearerHeaders,
      );
      expect(viewer.statusCode).toBe(403);
      const noToken = await update(
        { waitlistEntryId: entryId, status: 'contacted' },
        { cookie: session('staff').cookieHeaders.cookie! },
      );
      expect(noToken.statusCode).toBe(403);
      expect(noToken.json()).toMatchObject({ error: { code: 'CSRF_REJECTED' } });
      const otherBrand = await update(
        { clientId: northsideId, waitlistEntryId: theirs, status: 'contacted' },
        session('staff').bearerHeaders,
      );
      expect(otherBrand.statusCode).toBe(403);

      const foreignEntry = await update(
        { waitlistEntryId: theirs, status: 'contacted' },
        session('staff').bearerHeaders,
      );
      const missingEntry = await update(
        { waitlistEntryId: MISSING_ID, status: 'contacted' },
        session('staff').bearerHeaders,
      );
      expect(foreignEntry.statusCode).toBe(404);
      expect(foreignEntry.json()).toEqual(missingEntry.json());

      const foreignAppointment = await update(
        { waitlistEntryId: entryId, status: 'booked', appointmentId: theirAppointment },
        session('staff').bearerHeaders,
      );
      const missingAppointment = await update(
        { waitlistEntryId: entryId, status: 'booked', appointmentId: MISSING_ID },
        session('staff').bearerHeaders,
      );
      expect(foreignAppointment.statusCode).toBe(404);
      expect(foreignAppointment.json()).toEqual(missingAppointment.json());

      expect(await statusOf(entryId)).toBe('waiting');
      expect(await statusOf(theirs)).toBe('waiting');
    });
  });

  it('documents both calls in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(doc.paths['/api/scheduler/deleteWaitList']?.delete).toBeDefined();
    expect(doc.paths['/api/scheduler/updateWaitList']?.patch).toBeDefined();
  });
});
