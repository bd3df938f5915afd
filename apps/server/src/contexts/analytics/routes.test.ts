import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicFixture } from '../../test/public-api-fixture.ts';
import { NOW, createPublicFixture, writeCounts } from '../../test/public-api-fixture.ts';
import { testDatabases } from '../../test/test-db.ts';

// The demo's staff passwords play no part here: skip scrypt (about 1 s of CPU per seed).
vi.mock(import('../../platform/auth/password.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  hashPassword: (password: string) => Promise.resolve(`test-only$${password}`),
}));

describe.each(testDatabases())('analytics endpoints on $name', (target) => {
  let f: PublicFixture;

  beforeAll(async () => {
    f = await createPublicFixture(target);
  });
  afterAll(async () => {
    await f.close();
  });

  const post = (url: string, payload: Record<string, unknown>) =>
    f.app.inject({ method: 'POST', url, payload });
  const session = (id: string) =>
    f.t.db
      .selectFrom('analytics_sessions')
      .selectAll()
      .where('client_id', '=', f.brightsmile.clientId)
      .where('session_id', '=', id)
      .executeTakeFirstOrThrow();

  describe('POST /api/scheduler/updateUserSession', () => {
    it('creates the session with its first-touch campaign, then counts events and keeps the campaign', async () => {
      const sessionId = 'sess-analytics-1';
      const first = await post('/api/scheduler/updateUserSession', {
        sessionId,
        clientId: 'brightsmile',
        pagePath: '/brightsmile/main/midtown-manhattan/landing',
        pageName: 'landing',
        action: 'pageView',
        eventLabel: 'Landing Page View',
        googleSessionDetails: {
          utmSource: 'google',
          utmMedium: 'cpc',
          utmCampaign: 'spring',
          rwgToken: 'rwg-9',
        },
        channelFilters: 'spring',
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ ok: true });
      expect(await session(sessionId)).toMatchObject({
        scheduler_id: f.brightsmile.schedulerId,
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: 'spring',
        rwg_token: 'rwg-9',
        channel: 'spring',
        landing_page_path: '/brightsmile/main/midtown-manhattan/landing',
        last_page_name: 'landing',
        event_count: 1,
        is_apt_booked: 0,
        created_at: NOW.getTime(),
      });

      const second = await post('/api/scheduler/updateUserSession', {
        sessionId,
        clientId: String(f.brightsmile.clientId),
        pagePath: '/brightsmile/main/midtown-manhattan/thankyou',
        pageName: 'thankyou',
        action: 'click',
        providerId: String(f.brightsmile.providers.Carter),
        locationId: String(f.brightsmile.locations['midtown-manhattan']),
        appointmentTypeId: 3,
        isExistingPatient: false,
        isAptBooked: true,
        alert: 'Write to jane.doe@example.com or call 212-555-0199',
        eventDetails: {
          element: 'Book Appointment',
          email: 'jane.doe@example.com',
          note: 'call (212) 555-0199',
        },
        utm_source: 'newsletter',
        channelFilters: 'website',
      });
      expect(second.statusCode, second.body).toBe(200);
      expect(await session(sessionId)).toMatchObject({
        utm_source: 'google',
        channel: 'spring',
        provider_id: f.brightsmile.providers.Carter,
        location_id: f.brightsmile.locations['midtown-manhattan'],
        appointment_type_id: 3,
        is_existing_patient: 0,
        is_apt_booked: 1,
        last_page_name: 'thankyou',
        event_count: 2,
      });
      const events = await f.t.db
        .selectFrom('analytics_events')
        .selectAll()
        .where('session_id', '=', sessionId)
        .orderBy('id')
        .execute();
      expect(events).toHaveLength(2);
      expect(events[0]).toMatchObject({
        action: 'pageView',
        utm_campaign: 'spring',
        channel_filters: 'spring',
      });
      expect(events[1]).toMatchObject({ action: 'click', is_apt_booked: 1, utm_source: 'newsletter' });
      // No patient identity: e-mail addresses and phone numbers are scrubbed from free text.
      expect(events[1]?.alert).toBe('Write to [Redacted] or call [Redacted]');
      expect(JSON.parse(events[1]?.event_details ?? '{}')).toEqual({
        element: 'Book Appointment',
        email: '[Redacted]',
        note: 'call [Redacted]',
      });
    });

    it('refuses an unknown client with 404 and writes nothing', async () => {
      const before = await writeCounts(f.t.db);
      const response = await post('/api/scheduler/updateUserSession', {
        sessionId: 'sess-x',
        clientId: 'nobody',
        pagePath: '/nobody/main/all/landing',
        pageName: 'landing',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
      expect(await writeCounts(f.t.db)).toEqual(before);
      expect((await post('/api/scheduler/updateUserSession', { sessionId: 'sess-x' })).statusCode).toBe(400);
    });
  });

  describe('POST /api/track', () => {
    it('stores the tracking log line', async () => {
      const response = await post('/api/track', {
        sessionId: 'sess-track-1',
        clientId: 'northside',
        event: 'pageView',
        pagePath: '/northside/main/pasadena/landing',
        status: 200,
      });
      expect(response.statusCode, response.body).toBe(200);
      const row = await f.t.db
        .selectFrom('track_logs')
        .selectAll()
        .where('session_id', '=', 'sess-track-1')
        .executeTakeFirstOrThrow();
      expect(row.client_id).toBe(f.northside.clientId);
      expect(row.created_at).toBe(NOW.getTime());
      expect(JSON.parse(row.payload)).toEqual({
        sessionId: 'sess-track-1',
        event: 'pageView',
        pagePath: '/northside/main/pasadena/landing',
        status: 200,
      });
    });

    it('refuses an unknown client with 404', async () => {
      const before = await writeCounts(f.t.db);
      const response = await post('/api/track', { sessionId: 's', clientId: 'nobody', event: 'pageView' });
      expect(response.statusCode).toBe(404);
      expect(await writeCounts(f.t.db)).toEqual(before);
    });
  });
});
