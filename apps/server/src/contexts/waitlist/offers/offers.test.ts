/*
 * Waitlist offers (issue 18) on both databases: a freed time is offered in waves to matching
 * entries by e-mail with a claim link; GET shows the offer and changes nothing; of 50 concurrent
 * claims exactly one books the time and 49 are told it is gone (with the next times); the entry
 * that booked leaves the waitlist; staff see each offer with its wave and outcome.
 */
import { randomUUID } from 'node:crypto';
import type { WaitlistClaimGone, WaitlistOfferView } from '@scheduler/contract/waitlist-offers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import { NOW, createPublicFixture } from '../../../test/public-api-fixture.ts';
import { testDatabases } from '../../../test/test-db.ts';
import {
  claimAll,
  claimRaceFacts,
  firstFreeSlot,
  offerFreedTime,
  seedClaimers,
} from '../../../test/waitlist-claim-race.ts';
import type { ClaimRaceBrand, ClaimRaceSend, ClaimRaceSlot } from '../../../test/waitlist-claim-race.ts';

const CLAIMERS = 50;

describe.each(testDatabases())('waitlist offers on $name', (target) => {
  let f: PublicFixture;
  let brand: ClaimRaceBrand;
  let slot: ClaimRaceSlot;
  let send: ClaimRaceSend;

  beforeAll(async () => {
    f = await createPublicFixture(target);
    brand = { ...f.brightsmile, slug: 'brightsmile', schedulerSlug: 'main' };
    send = async ({ method, url, payload, headers }) => {
      const response = await f.app.inject({
        method,
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
        ...(headers === undefined ? {} : { headers }),
      });
      return { status: response.statusCode, body: response.json<unknown>() };
    };
    slot = await firstFreeSlot(send, brand, Object.values(f.brightsmile.services)[0] as number);
    // The demo's own entries are set aside: only ours name this service, location and provider.
    await seedClaimers(f.t.db, brand, slot, { count: CLAIMERS, waveSize: 20, nowMs: NOW.getTime() });
  });

  afterAll(async () => {
    await f.close();
  });

  it('offers a freed time in waves, and exactly one of 50 concurrent claims books it', async () => {
    const offered = await offerFreedTime(f.t.db, brand, slot, NOW.getTime());
    const { queue, freedTimeId, tokens } = offered;
    expect(queue.jobs[0]?.queue).toBe('waitlist.offers.wave');

    // Waves of 20, 15 minutes apart: 20 + 20 + 10 offers, oldest entries first.
    expect(offered.waves.map((wave) => wave.length)).toEqual([20, 20, 10]);
    const nextWave = queue.jobs.find((job) => job.key === `freed-${freedTimeId}-wave-2`);
    expect(nextWave?.runAt.getTime()).toBe(NOW.getTime() + 15 * 60_000);

    // Each offer's e-mail carries its claim link; the token is stored only as a hash.
    expect(offered.sent).toHaveLength(CLAIMERS);
    expect(tokens).toHaveLength(CLAIMERS);
    const stored = await f.t.db.selectFrom('waitlist_offers').select('token_hash').execute();
    expect(stored.every((row) => row.token_hash !== null && !tokens.includes(row.token_hash))).toBe(true);

    // GET changes nothing and shows the time with its zone.
    const view = await f.app.inject({
      method: 'GET',
      url: '/api/scheduler/waitlistOffer',
      headers: { 'x-claim-token': tokens[0] as string },
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json<WaitlistOfferView>()).toMatchObject({
      status: 'open',
      startUtc: new Date(slot.startMs).toISOString(),
    });
    expect(view.json<WaitlistOfferView>().timeZone).not.toBe('');

    const answers = await claimAll(send, tokens);
    const codes = answers.map((answer) => answer.status);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(CLAIMERS - 1);
    const lost = answers.find((answer) => answer.status === 409)?.body as WaitlistClaimGone | undefined;
    expect(lost?.error.code).toBe('SLOT_TAKEN');
    expect(Array.isArray(lost?.error.details.nextTimes)).toBe(true);

    const facts = await claimRaceFacts(f.t.db, brand, slot);
    expect(facts.appointments).toHaveLength(1);
    expect(facts.appointments[0]?.channel).toBe('waitlist-offer');
    expect(facts.claimedOffers).toBe(1);
    expect(facts.goneOffers).toBe(CLAIMERS - 1);
    expect(facts.bookedEntries).toBe(1);

    // Single use: the winner's link, with another key, is used; a wrong token reveals nothing.
    const winner = tokens[codes.indexOf(201)] as string;
    const again = await f.app.inject({
      method: 'POST',
      url: '/api/scheduler/claimWaitlistOffer',
      headers: { 'x-claim-token': winner },
      payload: { idempotencyKey: randomUUID() },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<WaitlistClaimGone>().error.code).toBe('OFFER_USED');
    const wrong = await f.app.inject({
      method: 'GET',
      url: '/api/scheduler/waitlistOffer',
      headers: { 'x-claim-token': 'A'.repeat(22) },
    });
    expect(wrong.statusCode).toBe(404);
  });
});
