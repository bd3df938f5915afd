/*
 * Issue 20, "Provider calendar feeds", on both databases: the admin address (config:read, null
 * until made; a read makes nothing), making and replacing it (config:write; the old address 404 at
 * once), all audited; the
 * public feed parsed with ical.js (one VEVENT per appointment in the window, TZID and VTIMEZONE
 * per location zone, UIDs stable across rotation and reschedule, SEQUENCE = version, cancelled →
 * STATUS:CANCELLED, no patient data anywhere, service names only with the brand's setting), weak
 * ETag and 304, per-token rate limit, the token stored only hashed and never logged.
 */
import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../../app.ts';
import { asTenant } from '../../../platform/db/tenant-context.ts';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import { NOW, createPublicFixture, query } from '../../../test/public-api-fixture.ts';
import { loginAsDemo } from '../../../test/staff-login.ts';
import type { StaffLogin } from '../../../test/staff-login.ts';
import { createTestApp, testDatabases } from '../../../test/test-db.ts';
import { CALENDAR_FEED_TOKEN_LIMIT } from './calendar-feed-routes.ts';

vi.mock(import('../../../platform/auth/password.ts'), async (original) =>
  (await import('../../../test/fast-passwords.ts')).fastPasswords(original),
);

const DAY_MS = 86_400_000;
const WINDOW = { from: NOW.getTime() - 7 * DAY_MS, to: NOW.getTime() + 60 * DAY_MS };

interface FeedAddress {
  url: string;
  webcalUrl: string;
  createdAt: string;
  rotatedAt: string | null;
}

function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent');
  return {
    calendar,
    zones: calendar.getAllSubcomponents('vtimezone').map((z) => String(z.getFirstPropertyValue('tzid'))),
    byUid: new Map(events.map((event) => [String(event.getFirstPropertyValue('uid')), event])),
    events,
  };
}

const pathOf = (url: string) => new URL(url).pathname;

describe.each(testDatabases())('provider calendar feeds on $name', (target) => {
  let f: PublicFixture;
  let admin: StaffLogin;
  let staff: StaffLogin;
  let viewer: StaffLogin;
  let clientId: number;
  let providerId: number;
  let address: FeedAddress;
  /** The provider's appointments in the window (id → start, version, zone). */
  let inWindow: { id: number; status: string }[];
  let uidHost: string;

  const adminPath = (id: number = providerId) => `/api/scheduler/admin/providers/${id}/calendar-feed`;
  const readAddress = (login: StaffLogin | undefined, id: number = providerId) =>
    f.app.inject({
      method: 'GET',
      url: `${adminPath(id)}?${query({ clientId })}`,
      headers: login?.cookieHeaders ?? {},
    });
  const rotate = (login: StaffLogin | undefined, id: number = providerId) =>
    f.app.inject({
      method: 'POST',
      url: `${adminPath(id)}/rotate`,
      headers: login?.cookieHeaders ?? {},
      payload: { clientId },
    });
  let ipCounter = 0;
  const fetchFeed = (url: string, headers: Record<string, string> = {}, app: App = f.app) => {
    ipCounter += 1;
    return app.inject({
      method: 'GET',
      url: pathOf(url),
      headers,
      remoteAddress: `203.0.113.${(ipCounter % 250) + 1}`,
    });
  };
  const auditActions = async () =>
    (
      await f.t.db
        .selectFrom('audit_log')
        .select(['action', 'record_id'])
        .where('action', 'like', 'provider.calendar-feed%')
        .orderBy('id')
        .execute()
    ).map((row) => `${row.action} ${row.record_id}`);

  beforeAll(async () => {
    f = await createPublicFixture(target);
    [admin, staff, viewer] = await Promise.all([
      loginAsDemo(f.app, 'admin'),
      loginAsDemo(f.app, 'staff'),
      loginAsDemo(f.app, 'viewer'),
    ]);
    clientId = f.brightsmile.clientId;
    uidHost = new URL(f.t.config.publicUrl).hostname;
    // The brand's provider with the most appointments in the feed's window.
    const busiest = await f.t.db
      .selectFrom('appointments')
      .select(['provider_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('client_id', '=', clientId)
      .where('start_at', '>=', WINDOW.from)
      .where('start_at', '<', WINDOW.to)
      .groupBy('provider_id')
      .orderBy('n', 'desc')
      .orderBy('provider_id')
      .executeTakeFirstOrThrow();
    providerId = busiest.provider_id;
    expect(Number(busiest.n)).toBeGreaterThanOrEqual(3);
    const rows = await f.t.db
      .selectFrom('appointments')
      .select(['id', 'status', 'location_id'])
      .where('provider_id', '=', providerId)
      .where('start_at', '>=', WINDOW.from)
      .where('start_at', '<', WINDOW.to)
      .orderBy('start_at')
      .execute();
    // One appointment at another location of the brand, in another zone: the feed covers every location.
    const first = rows[0]!;
    const home = await f.t.db
      .selectFrom('locations')
      .select('time_zone')
      .where('id', '=', first.location_id)
      .executeTakeFirstOrThrow();
    const other = await f.t.db
      .selectFrom('locations')
      .select(['id', 'time_zone'])
      .where('client_id', '=', clientId)
      .where('id', '!=', first.location_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const otherZone = home.time_zone === 'America/Los_Angeles' ? 'America/Denver' : 'America/Los_Angeles';
    if (other.time_zone === home.time_zone) {
      await f.t.db
        .updateTable('locations')
        .set({ time_zone: otherZone })
        .where('id', '=', other.id)
        .execute();
    }
    await f.t.db
      .updateTable('appointments')
      .set({ location_id: other.id, reason: 'REASON-MARKER toothache', notes: 'NOTES-MARKER anxious' })
      .where('id', '=', first.id)
      .execute();
    inWindow = rows.map((row) => ({ id: row.id, status: row.status }));
  });
  afterAll(async () => {
    await f.close();
  });

  it('shows the address to config:read (null until config:write makes it; a read makes nothing), audited; 401/403/404 otherwise', async () => {
    expect((await readAddress(undefined)).statusCode).toBe(401);
    expect((await readAddress(staff)).statusCode).toBe(403);
    expect((await readAddress(viewer)).statusCode).toBe(403);
    expect((await rotate(staff)).statusCode).toBe(403);
    expect(await auditActions()).toEqual([]);

    const none = await readAddress(admin);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toEqual({ feed: null });
    expect(await f.t.db.selectFrom('provider_calendar_feeds').selectAll().execute()).toEqual([]);

    const created = await rotate(admin);
    expect(created.statusCode, created.body).toBe(200);
    address = created.json<{ feed: FeedAddress }>().feed;
    const token = /\/api\/calendar\/([A-Za-z0-9_-]+)\.ics$/.exec(address.url)?.[1] ?? '';
    expect(address.url).toBe(`${f.t.config.publicUrl}/api/calendar/${token}.ics`);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(address.webcalUrl).toBe(address.url.replace(/^https?:\/\//, 'webcal://'));
    expect(address.createdAt).toBe(NOW.toISOString());
    expect(address.rotatedAt).toBeNull();

    const again = (await readAddress(admin)).json<{ feed: FeedAddress }>().feed;
    expect(again).toEqual(address);
    expect(await auditActions()).toEqual([
      `provider.calendar-feed.read ${providerId}`,
      `provider.calendar-feed.create ${providerId}`,
      `provider.calendar-feed.read ${providerId}`,
    ]);

    // Only the SHA-256 of the token is stored.
    const rows = await f.t.db.selectFrom('provider_calendar_feeds').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ client_id: clientId, provider_id: providerId });
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    // Row-level security (PostgreSQL): another brand's work does not see the feed.
    if (target.name === 'postgres') {
      const seen = await asTenant(f.northside.clientId, () =>
        f.t.db.selectFrom('provider_calendar_feeds').select('id').execute(),
      );
      expect(seen).toEqual([]);
    }

    // Another brand's provider is not found from this brand.
    const foreign = Object.values(f.northside.providers)[0]!;
    expect((await readAddress(admin, foreign)).statusCode).toBe(404);
    expect((await rotate(admin, foreign)).statusCode).toBe(404);
  });

  it('serves an RFC 5545 calendar of the window: VEVENT per appointment, TZID + VTIMEZONE per zone, stable UIDs, no patient data', async () => {
    const response = await fetchFeed(address.url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    expect(response.headers.etag).toMatch(/^W\/".+"$/);
    const text = response.body;
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line, 'utf8') <= 75)).toBe(true);
    expect(text).toContain('\r\nREFRESH-INTERVAL;VALUE=DURATION:PT15M\r\n');
    expect(text).toContain('\r\nX-PUBLISHED-TTL:PT15M\r\n');

    const { calendar, zones, byUid, events } = parseFeed(text);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    const provider = await f.t.db
      .selectFrom('providers')
      .select(['prefix', 'first_name', 'last_name'])
      .where('id', '=', providerId)
      .executeTakeFirstOrThrow();
    expect(String(calendar.getFirstPropertyValue('x-wr-calname'))).toContain(provider.last_name);
    expect(events).toHaveLength(inWindow.length);

    const facts = await f.t.db
      .selectFrom('appointments as a')
      .innerJoin('locations as l', 'l.id', 'a.location_id')
      .select(['a.id', 'a.start_at', 'a.end_at', 'a.version', 'a.status', 'l.time_zone', 'l.name'])
      .where(
        'a.id',
        'in',
        inWindow.map((a) => a.id),
      )
      .execute();
    for (const fact of facts) {
      const event = byUid.get(`appointment-${fact.id}@${uidHost}`);
      expect(event, `appointment ${fact.id}`).toBeDefined();
      const parsed = new ICAL.Event(event);
      expect(event?.getFirstProperty('dtstart')?.getParameter('tzid')).toBe(fact.time_zone);
      expect(parsed.startDate.toJSDate().getTime()).toBe(Number(fact.start_at));
      expect(parsed.endDate.toJSDate().getTime()).toBe(Number(fact.end_at));
      expect(parsed.sequence).toBe(fact.version);
      expect(parsed.summary).toBe(`Booked: ${(Number(fact.end_at) - Number(fact.start_at)) / 60_000} min`);
      expect(parsed.location.startsWith(`${fact.name}, `)).toBe(true);
      const cancelled = fact.status === 'cancelled' || fact.status === 'entered-in-error';
      expect(event?.getFirstPropertyValue('status')).toBe(
        cancelled ? 'CANCELLED' : fact.status === 'pending' ? 'TENTATIVE' : 'CONFIRMED',
      );
    }
    const usedZones = [...new Set(facts.map((fact) => fact.time_zone))].sort();
    expect(usedZones.length).toBeGreaterThanOrEqual(2);
    for (const zone of usedZones) expect(zones).toContain(zone);

    // Nothing about the patients: names, e-mail addresses, phones, reason, notes.
    const patients = await f.t.db
      .selectFrom('appointments as a')
      .innerJoin('patients as p', 'p.id', 'a.patient_id')
      .select(['p.first_name', 'p.last_name', 'p.email', 'p.phone'])
      .where('a.provider_id', '=', providerId)
      .execute();
    const identifying = patients.flatMap((p) => [
      `${p.first_name} ${p.last_name}`,
      p.last_name,
      p.email,
      p.phone,
    ]);
    for (const value of identifying) {
      if (value !== null && value.length >= 4) expect(text).not.toContain(value);
    }
    expect(text).not.toContain('REASON-MARKER');
    expect(text).not.toContain('NOTES-MARKER');
    expect(text).not.toMatch(/ATTENDEE|ORGANIZER|DESCRIPTION/);
  });

  it('answers 304 to its ETag, and a new ETag once an appointment changes (cancelled → STATUS:CANCELLED, reschedule keeps the UID)', async () => {
    const first = await fetchFeed(address.url);
    const etag = String(first.headers.etag);
    const cached = await fetchFeed(address.url, { 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    expect(cached.headers.etag).toBe(etag);
    expect(cached.headers['cache-control']).toBe('private, max-age=300');
    expect((await fetchFeed(address.url, { 'if-none-match': '"other", ' + etag.slice(2) })).statusCode).toBe(
      304,
    );
    expect((await fetchFeed(address.url, { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);

    const [cancelledId, movedId] = inWindow.filter((a) => a.status !== 'cancelled').map((a) => a.id);
    const moved = await f.t.db
      .selectFrom('appointments')
      .select(['start_at', 'end_at', 'version'])
      .where('id', '=', movedId!)
      .executeTakeFirstOrThrow();
    await f.t.db
      .updateTable('appointments')
      .set((eb) => ({ status: 'cancelled', version: eb('version', '+', 1), updated_at: NOW.getTime() }))
      .where('id', '=', cancelledId!)
      .execute();
    await f.t.db
      .updateTable('appointments')
      .set({
        start_at: Number(moved.start_at) + DAY_MS,
        end_at: Number(moved.end_at) + DAY_MS,
        version: moved.version + 1,
        updated_at: NOW.getTime(),
      })
      .where('id', '=', movedId!)
      .execute();

    const changed = await fetchFeed(address.url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const { byUid, events } = parseFeed(changed.body);
    expect(events).toHaveLength(inWindow.length);
    const cancelled = byUid.get(`appointment-${cancelledId}@${uidHost}`);
    expect(cancelled?.getFirstPropertyValue('status')).toBe('CANCELLED');
    const rescheduled = new ICAL.Event(byUid.get(`appointment-${movedId}@${uidHost}`));
    expect(rescheduled.sequence).toBe(moved.version + 1);
    expect(rescheduled.startDate.toJSDate().getTime()).toBe(Number(moved.start_at) + DAY_MS);
  });

  it('titles events with the service name only when the brand turns feed service names on', async () => {
    const serviceNames = new Set(Object.keys(f.brightsmile.services));
    const titles = (text: string) =>
      parseFeed(text).events.map((e) => String(e.getFirstPropertyValue('summary')));
    const before = titles((await fetchFeed(address.url)).body);
    expect(before.every((title) => /^Booked: \d+ min$/.test(title))).toBe(true);

    await f.t.db
      .insertInto('open_availability_settings')
      .values({ client_id: clientId, feed_service_names: 1, updated_at: NOW.getTime() })
      .execute();
    try {
      const after = titles((await fetchFeed(address.url)).body);
      expect(after).toHaveLength(before.length);
      for (const title of after) {
        const match = /^(.+): (\d+) min$/.exec(title);
        expect(match && serviceNames.has(match[1]!), title).toBe(true);
      }
    } finally {
      await f.t.db.deleteFrom('open_availability_settings').where('client_id', '=', clientId).execute();
    }
  });

  it('rotates for config:write only (audited): the old address answers 404 at once, the new one the same UIDs', async () => {
    const before = parseFeed((await fetchFeed(address.url)).body);
    expect((await rotate(undefined)).statusCode).toBe(401);
    expect((await rotate(staff)).statusCode).toBe(403);
    expect((await fetchFeed(address.url)).statusCode).toBe(200);

    const response = await rotate(admin);
    expect(response.statusCode, response.body).toBe(200);
    const rotated = response.json<{ feed: FeedAddress }>().feed;
    expect(rotated.url).not.toBe(address.url);
    expect(rotated.rotatedAt).toBe(NOW.toISOString());
    expect(rotated.createdAt).toBe(address.createdAt);
    expect(rotated.webcalUrl).toBe(rotated.url.replace(/^https?:\/\//, 'webcal://'));
    expect((await readAddress(admin)).json<{ feed: FeedAddress }>().feed.url).toBe(rotated.url);
    expect((await auditActions()).at(-2)).toBe(`provider.calendar-feed.rotate ${providerId}`);

    const old = await fetchFeed(address.url);
    expect(old.statusCode).toBe(404);
    expect(old.body).not.toContain('BEGIN:VCALENDAR');
    const fresh = await fetchFeed(rotated.url);
    expect(fresh.statusCode).toBe(200);
    expect([...parseFeed(fresh.body).byUid.keys()].sort()).toEqual([...before.byUid.keys()].sort());
    address = rotated;
  });

  it('answers one plain 404 for unknown and malformed tokens', async () => {
    for (const path of [
      `/api/calendar/${'A'.repeat(43)}.ics`,
      '/api/calendar/short.ics',
      `/api/calendar/${'x'.repeat(90)}.ics`,
      `/api/calendar/${'A'.repeat(42)}%2F.ics`,
    ]) {
      const response = await fetchFeed(`http://x${path}`);
      expect(response.statusCode, path).toBe(404);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('NOT_FOUND');
    }
  });

  it('limits requests per token whatever the address', async () => {
    const url = (await rotate(admin)).json<{ feed: FeedAddress }>().feed.url;
    for (let i = 0; i < CALENDAR_FEED_TOKEN_LIMIT.max; i += 1) {
      const response: LightMyRequestResponse = await fetchFeed(url, { 'if-none-match': '*' });
      expect(response.statusCode).toBe(304);
    }
    expect((await fetchFeed(url)).statusCode).toBe(429);
    // Another token is not affected.
    expect((await fetchFeed((await rotate(admin)).json<{ feed: FeedAddress }>().feed.url)).statusCode).toBe(
      200,
    );
    address = (await readAddress(admin)).json<{ feed: FeedAddress }>().feed;
  });

  it('never writes the token to a log line', async () => {
    const lines: string[] = [];
    const logged = await createTestApp(f.t, {
      now: () => NOW,
      logger: { level: 'info', stream: { write: (line) => void lines.push(line) } },
    });
    try {
      const token = /\/api\/calendar\/([^/]+)\.ics$/.exec(address.url)?.[1] ?? '';
      expect((await fetchFeed(address.url, {}, logged)).statusCode).toBe(200);
      expect((await fetchFeed(`http://x/api/calendar/${token}`, {}, logged)).statusCode).toBe(404);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toContain(token);
      expect(lines.join('\n')).toContain('/api/calendar/');
    } finally {
      await logged.close();
    }
  });
});
