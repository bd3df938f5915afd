/*
 * Issue 18: a new working-hours block frees time, and the waitlist entries that match it get an
 * offer — on both databases, through the real staff edit (PATCH updateProviderInfo) and the real
 * job queue (drained by the test). The block is longer than one appointment: each entry is offered
 * the earliest time of its service in it that suits its stated times of day, and two entries get
 * two different times. An edit that keeps or removes hours frees nothing.
 */
import { CLAIM_TOKEN_HEADER } from '@scheduler/contract/waitlist-offers';
import type { GetWaitlistOffersResponse, WaitlistOfferView } from '@scheduler/contract/waitlist-offers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { App } from '../../../app.ts';
import type { EmailTransport, OutboundEmail } from '../../../platform/outbound/transports.ts';
import { NOW, createPublicFixture, query } from '../../../test/public-api-fixture.ts';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import { loginAsDemo } from '../../../test/staff-login.ts';
import type { StaffLogin } from '../../../test/staff-login.ts';
import { createTestApp, testDatabases } from '../../../test/test-db.ts';

const EMERGENCY = 'Emergency Dental Visit';
const LOCATION = 'midtown-manhattan';
const HOUR = 3_600_000;
/** NOW is Wednesday 25 November 2026, 10:00 in New York; Saturday is the 28th (EST, UTC−5). */
const SATURDAY = 6;
const SAT_0900 = '2026-11-28T14:00:00.000Z';
const SAT_1200 = '2026-11-28T17:00:00.000Z';

interface HoursInput {
  locationId: string;
  weekday: number;
  startTime: string;
  endTime: string;
  effectiveFrom: string | null;
  effectiveTo: string | null;
}

describe.each(testDatabases())('waitlist offers after new working hours on $name', (target) => {
  let f: PublicFixture;
  let app: App;
  let admin: StaffLogin;
  const sent: OutboundEmail[] = [];
  const email: EmailTransport = {
    configured: true,
    send: (mail) => {
      sent.push(mail);
      return Promise.resolve({ providerId: `fake-${sent.length}` });
    },
    close: () => Promise.resolve(),
  };
  const ids = () => ({
    clientId: f.brightsmile.clientId,
    serviceId: f.brightsmile.services[EMERGENCY] as number,
    locationId: f.brightsmile.locations[LOCATION] as number,
    providerId: f.brightsmile.providers.Carter as number,
  });

  beforeAll(async () => {
    f = await createPublicFixture(target);
    app = await createTestApp(f.t, {
      now: () => NOW,
      email,
      config: { publicUrl: 'https://book.clinic.test' },
    });
    await app.ready();
    admin = await loginAsDemo(app, 'admin');
  });

  afterAll(async () => {
    await app?.close();
    await f?.close();
  });

  beforeEach(async () => {
    // Only the entries of each test are waiting; the demo's own entries are set aside.
    await f.t.db
      .updateTable('waitlist_entries')
      .set({ status: 'removed' })
      .where('client_id', '=', ids().clientId)
      .execute();
    await app.jobs.drain(NOW);
    sent.length = 0;
  });

  async function carter(): Promise<{ version: number; workingHours: HoursInput[] }> {
    const { clientId, providerId } = ids();
    const detail = await app.inject({
      method: 'GET',
      url: `/api/scheduler/getProviderByProviderId?${query({ clientId, providerId })}`,
      headers: admin.bearerHeaders,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    return detail.json<{ provider: { version: number; workingHours: HoursInput[] } }>().provider;
  }

  async function editHours(change: (rows: HoursInput[]) => HoursInput[]): Promise<void> {
    const { clientId, providerId } = ids();
    const provider = await carter();
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/scheduler/updateProviderInfo',
      headers: admin.cookieHeaders,
      payload: {
        clientId,
        providerId,
        version: provider.version,
        workingHours: change(provider.workingHours),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function waitingEntry(firstName: string, preferredTimes: string | null): Promise<number> {
    const { clientId, serviceId, locationId } = ids();
    const row = await f.t.db
      .insertInto('waitlist_entries')
      .values({
        client_id: clientId,
        scheduler_id: f.brightsmile.schedulerId,
        location_id: locationId,
        provider_id: null,
        service_id: serviceId,
        patient_id: null,
        first_name: firstName,
        last_name: 'Waiting',
        date_of_birth: '1975-05-05',
        phone: null,
        email: `${firstName.toLowerCase()}@example.org`,
        preferred_times: preferredTimes,
        notes: null,
        status: 'waiting',
        created_at: NOW.getTime() - HOUR,
        updated_at: NOW.getTime() - HOUR,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async function freedByHours(): Promise<{ start_at: number; end_at: number }[]> {
    const rows = await f.t.db
      .selectFrom('waitlist_freed_times')
      .select(['start_at', 'end_at'])
      .where('client_id', '=', ids().clientId)
      .where('reason', '=', 'hours-added')
      .orderBy('start_at')
      .execute();
    return rows.map((row) => ({ start_at: Number(row.start_at), end_at: Number(row.end_at) }));
  }

  async function offersOf(entryId: number): Promise<GetWaitlistOffersResponse['items']> {
    for (let i = 0; i < 3; i += 1) await app.jobs.drain(NOW);
    const response = await app.inject({
      method: 'GET',
      url: `/api/scheduler/getWaitlistOffers?${query({ waitlistEntryId: entryId })}`,
      headers: admin.bearerHeaders,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GetWaitlistOffersResponse>().items;
  }

  function claimToken(firstName: string): string {
    const mail = sent.find((message) => message.to === `${firstName.toLowerCase()}@example.org`);
    const token = /\/brightsmile\/main\/claim\/([A-Za-z0-9_-]{22})/.exec(mail?.text ?? '')?.[1];
    if (token === undefined) throw new Error(`no claim link to ${firstName}`);
    return token;
  }

  it('plans no offer when an edit keeps or removes working hours', async () => {
    const { locationId } = ids();
    await waitingEntry('Karl', null);
    const freedBefore = await freedByHours();
    // The same rows again (an edit of something else on the screen).
    await editHours((rows) => rows);
    // One day of the week dropped.
    await editHours((rows) => {
      const day = rows.find((row) => Number(row.locationId) === locationId)?.weekday;
      return rows.filter((row) => !(row.weekday === day && Number(row.locationId) === locationId));
    });
    expect(await freedByHours()).toEqual(freedBefore);
    for (let i = 0; i < 3; i += 1) await app.jobs.drain(NOW);
    expect(sent).toEqual([]);
  });

  it('offers the earliest fitting times of a new Saturday block, one time per entry', async () => {
    const { locationId } = ids();
    expect((await carter()).workingHours.filter((row) => row.weekday === SATURDAY)).toEqual([]);
    // FIFO: Ann (afternoons only) joined first, then Ben (any time).
    const ann = await waitingEntry('Ann', 'afternoon');
    const ben = await waitingEntry('Ben', null);
    expect(await offersOf(ann)).toEqual([]);

    await editHours((rows) => [
      ...rows,
      {
        locationId: String(locationId),
        weekday: SATURDAY,
        startTime: '09:00',
        endTime: '17:00',
        effectiveFrom: null,
        effectiveTo: null,
      },
    ]);

    // One freed window per new Saturday inside the booking window, the first this Saturday 09:00–17:00.
    const freed = await freedByHours();
    expect(freed.length).toBeGreaterThanOrEqual(1);
    expect(freed[0]).toEqual({ start_at: Date.parse(SAT_0900), end_at: Date.parse(SAT_0900) + 8 * HOUR });

    // Each entry: ONE offer (not one per Saturday), at its earliest fitting time, not the same time.
    const annOffers = await offersOf(ann);
    const benOffers = await offersOf(ben);
    expect(annOffers).toHaveLength(1);
    expect(annOffers[0]).toMatchObject({ startUtc: SAT_1200, wave: 1, outcome: 'sent', channel: 'email' });
    expect(benOffers).toHaveLength(1);
    expect(benOffers[0]).toMatchObject({ startUtc: SAT_0900, wave: 1, outcome: 'sent' });

    // Ann claims hers; Ben's time in the same block stays open.
    const claim = await app.inject({
      method: 'POST',
      url: '/api/scheduler/claimWaitlistOffer',
      headers: { [CLAIM_TOKEN_HEADER]: claimToken('Ann') },
      payload: { idempotencyKey: randomUUID() },
    });
    expect(claim.statusCode, claim.body).toBe(201);
    expect(claim.json<{ startUtc: string }>().startUtc).toBe(SAT_1200);
    const benView = await app.inject({
      method: 'GET',
      url: '/api/scheduler/waitlistOffer',
      headers: { [CLAIM_TOKEN_HEADER]: claimToken('Ben') },
    });
    expect(benView.statusCode, benView.body).toBe(200);
    expect(benView.json<WaitlistOfferView>()).toMatchObject({ status: 'open', startUtc: SAT_0900 });
  });
});
