/*
 * Waitlist claims race (issue 18): one freed time offered to N waiting entries, then N claims at
 * the same moment over HTTP, spread over the instances (two pools on PostgreSQL). Exactly one
 * appointment may exist afterwards; every other claimer must be told the time is gone (409).
 * The setup is the server test's (src/test/waitlist-claim-race.ts).
 */
import type { HarnessDatabase } from './harness-servers.ts';
import type { RaceInstance } from './race-instances.ts';
import { NOW } from './safety-fixture.ts';
import { brandRecords, onlineServices } from './db/brand-records.ts';
import {
  claimAll,
  claimErrorCode,
  claimRaceFacts,
  firstFreeSlot,
  offerFreedTime,
  percentile,
  seedClaimers,
} from '../../src/test/waitlist-claim-race.ts';
import type { ClaimRaceSend } from '../../src/test/waitlist-claim-race.ts';

export interface WaitlistClaimsReport {
  attempts: number;
  winners: number;
  /** 409 answers that say the time is gone (SLOT_TAKEN, OFFER_USED, OFFER_EXPIRED). */
  losers: number;
  loserCodes: Record<string, number>;
  otherAnswers: Record<string, number>;
  /** Active appointments at the freed time beyond the first (must be 0). */
  duplicates: number;
  claimedOffers: number;
  goneOffers: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  failures: string[];
}

export async function runWaitlistClaimsRace(
  database: HarnessDatabase,
  instances: RaceInstance[],
  claims: number,
): Promise<WaitlistClaimsReport> {
  const records = await brandRecords(database.db, 'brightsmile', NOW.getTime());
  const brand = {
    clientId: records.clientId,
    schedulerId: records.schedulerId,
    slug: records.slug,
    schedulerSlug: records.schedulerSlug,
  };
  let turn = 0;
  const send: ClaimRaceSend = (request) => {
    const instance = instances[turn++ % instances.length];
    if (instance === undefined) throw new Error('no instance');
    return instance.send(request);
  };
  const service = (await onlineServices(database.db, brand.clientId))[0];
  if (service === undefined) throw new Error('no online service');
  const slot = await firstFreeSlot(send, brand, service.id);
  await seedClaimers(database.db, brand, slot, { count: claims, waveSize: 20, nowMs: NOW.getTime() });
  const { tokens } = await offerFreedTime(database.db, brand, slot, NOW.getTime());

  const answers = await claimAll(send, tokens);
  const failures: string[] = [];
  const loserCodes: Record<string, number> = {};
  const otherAnswers: Record<string, number> = {};
  let winners = 0;
  for (const answer of answers) {
    const code = claimErrorCode(answer.body);
    if (answer.status === 201) winners += 1;
    else if (answer.status === 409 && code !== undefined) loserCodes[code] = (loserCodes[code] ?? 0) + 1;
    else
      otherAnswers[`${answer.status} ${code ?? ''}`.trim()] =
        (otherAnswers[`${answer.status} ${code ?? ''}`.trim()] ?? 0) + 1;
  }
  const losers = Object.values(loserCodes).reduce((sum, n) => sum + n, 0);
  const facts = await claimRaceFacts(database.db, brand, slot);
  if (tokens.length !== claims) failures.push(`${tokens.length} offers sent for ${claims} entries`);
  if (winners !== 1) failures.push(`${winners} claims answered 201`);
  if (losers !== answers.length - 1) failures.push(`${losers} claims told the time is gone`);
  if (facts.appointments.length !== 1)
    failures.push(`${facts.appointments.length} appointments at the freed time`);
  if (facts.claimedOffers !== 1) failures.push(`${facts.claimedOffers} offers claimed`);
  if (facts.bookedEntries !== 1) failures.push(`${facts.bookedEntries} entries booked`);
  const ms = answers.map((answer) => answer.ms);
  return {
    attempts: answers.length,
    winners,
    losers,
    loserCodes,
    otherAnswers,
    duplicates: Math.max(0, facts.appointments.length - 1),
    claimedOffers: facts.claimedOffers,
    goneOffers: facts.goneOffers,
    p50Ms: percentile(ms, 50),
    p95Ms: percentile(ms, 95),
    maxMs: percentile(ms, 100),
    failures,
  };
}
