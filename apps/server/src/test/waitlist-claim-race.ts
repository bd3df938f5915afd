/*
 * The 50-concurrent-claims race of waitlist offers (issue 18), shared by the server test
 * (contexts/waitlist/offers/offers.test.ts, through `inject`) and the races harness
 * (tools/safety/races-cli.ts --scenario waitlist-claims, over HTTP): N waiting entries for one
 * freed time, all offered it (waves run at once, messages "sent" to a recording transport), then
 * N claims at the same moment. Exactly one must book; every other claimer is told the time is gone.
 */
import { randomUUID } from 'node:crypto';
import type { GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import type { Db } from '../platform/db/database.ts';
import type { JobQueue, NewJob } from '../platform/jobs/job-queue.ts';
import type { OutboundEmail } from '../platform/outbound/transports.ts';
import { createWaitlistOffers, runWave, sendOffer } from '../contexts/waitlist/offers/waves.ts';
import { query, setSetting } from './public-api-fixture.ts';

export interface ClaimRaceAnswer {
  status: number;
  body: unknown;
}

/** How the race reaches the app: `inject` in tests, HTTP in the harness. */
export type ClaimRaceSend = (request: {
  method: 'GET' | 'POST';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}) => Promise<ClaimRaceAnswer>;

export interface ClaimRaceBrand {
  clientId: number;
  schedulerId: number;
  slug: string;
  schedulerSlug: string;
}

export interface ClaimRaceSlot {
  providerId: number;
  locationId: number;
  serviceId: number;
  startMs: number;
  endMs: number;
}

/** A job queue that only records what is enqueued (the race runs the waves itself). */
export function recordingQueue(): JobQueue & { jobs: NewJob[] } {
  const jobs: NewJob[] = [];
  return {
    kind: 'sqlite',
    jobs,
    enqueue: (_trx, added) => {
      jobs.push(...added);
      return Promise.resolve();
    },
    handle: () => undefined,
    start: () => Promise.resolve(),
    stop: () => Promise.resolve(),
    drain: () => Promise.resolve(0),
  };
}

/** The first free slot of the brand's first online service (found through the booking page's search). */
export async function firstFreeSlot(
  send: ClaimRaceSend,
  brand: ClaimRaceBrand,
  serviceId: number,
): Promise<ClaimRaceSlot> {
  const answer = await send({
    method: 'GET',
    url: `/api/scheduler/getProviders?${query({
      clientName: brand.slug,
      scheduler: brand.schedulerSlug,
      appointmentTypeId: serviceId,
      locationId: 'all',
    })}`,
  });
  if (answer.status !== 200) throw new Error(`getProviders answered ${answer.status}`);
  const card = (answer.body as GetProvidersResponse).providers.find((c) => c.slots.length > 0);
  const first = card?.slots[0];
  if (card === undefined || first === undefined) throw new Error('no free slot');
  const startMs = Date.parse(first.startUtc);
  return {
    providerId: Number(card.providerId),
    locationId: Number(first.locationId),
    serviceId,
    startMs,
    endMs: startMs + 3_600_000,
  };
}

/**
 * `count` waiting entries (oldest first) for the slot's service and location, any provider; the
 * brand's other entries are set aside so that only these match. Wave size = `waveSize`.
 */
export async function seedClaimers(
  db: Db,
  brand: ClaimRaceBrand,
  slot: ClaimRaceSlot,
  options: { count: number; waveSize: number; nowMs: number },
): Promise<void> {
  await setSetting(
    db,
    { ...brand, services: {}, locations: {}, providers: {} },
    'waitlistOffers',
    2,
    String(options.waveSize),
  );
  await db
    .updateTable('waitlist_entries')
    .set({ status: 'removed' })
    .where('client_id', '=', brand.clientId)
    .execute();
  for (let i = 0; i < options.count; i += 1) {
    await db
      .insertInto('waitlist_entries')
      .values({
        client_id: brand.clientId,
        scheduler_id: brand.schedulerId,
        location_id: slot.locationId,
        provider_id: null,
        service_id: slot.serviceId,
        patient_id: null,
        first_name: `Claimer${i}`,
        last_name: 'Waiting',
        date_of_birth: '1980-01-01',
        phone: null,
        email: `claimer${i}@example.org`,
        preferred_times: null,
        notes: null,
        status: 'waiting',
        created_at: options.nowMs - (options.count - i) * 60_000,
        updated_at: options.nowMs,
      })
      .execute();
  }
}

export interface OfferedTime {
  queue: ReturnType<typeof recordingQueue>;
  freedTimeId: number;
  /** Offer ids of each wave, in order. */
  waves: number[][];
  /** The claim tokens, read from the sent e-mails' links. */
  tokens: string[];
  sent: OutboundEmail[];
}

/** Frees the slot, runs its waves one after another (15 minutes apart) and sends every offer. */
export async function offerFreedTime(
  db: Db,
  brand: ClaimRaceBrand,
  slot: ClaimRaceSlot,
  nowMs: number,
): Promise<OfferedTime> {
  const queue = recordingQueue();
  const now = () => new Date(nowMs);
  await createWaitlistOffers(queue, now).timeFreed(db, {
    clientId: brand.clientId,
    locationId: slot.locationId,
    appointmentTypeId: slot.serviceId,
    providerId: slot.providerId,
    startUtcMs: slot.startMs,
    endUtcMs: slot.endMs,
    reason: 'cancelled',
  });
  const freedTimeId = Number(queue.jobs[0]?.payload.freedTimeId);
  const waves: number[][] = [];
  for (let wave = 1; ; wave += 1) {
    const ids = await runWave(db, queue, freedTimeId, wave, nowMs + (wave - 1) * 15 * 60_000);
    if (ids.length === 0) break;
    waves.push(ids);
  }
  const sent: OutboundEmail[] = [];
  const email = {
    configured: true,
    send: (message: OutboundEmail) => {
      sent.push(message);
      return Promise.resolve({ providerId: 'test' });
    },
    close: () => Promise.resolve(),
  };
  const sms = { configured: false, send: () => Promise.reject(new Error('no SMS')) };
  for (const offerId of waves.flat()) {
    await sendOffer({ db, now, email, sms, publicUrl: 'https://book.example' }, offerId);
  }
  const link = new RegExp(`/${brand.slug}/${brand.schedulerSlug}/claim/([A-Za-z0-9_-]{22})`);
  const tokens = sent.map((message) => {
    const match = link.exec(message.text);
    if (match?.[1] === undefined) throw new Error('no claim link in an offer message');
    return match[1];
  });
  return { queue, freedTimeId, waves, tokens, sent };
}

export interface TimedClaim extends ClaimRaceAnswer {
  token: string;
  ms: number;
}

/** All tokens claimed at the same moment, each with its own idempotency key; latency per claim. */
export async function claimAll(send: ClaimRaceSend, tokens: readonly string[]): Promise<TimedClaim[]> {
  return Promise.all(
    tokens.map(async (token) => {
      const started = performance.now();
      const answer = await send({
        method: 'POST',
        url: '/api/scheduler/claimWaitlistOffer',
        headers: { 'x-claim-token': token },
        payload: { idempotencyKey: randomUUID() },
      });
      return { ...answer, token, ms: performance.now() - started };
    }),
  );
}

export interface ClaimRaceFacts {
  /** Active appointments of the slot's provider at its start. */
  appointments: { id: number; channel: string }[];
  claimedOffers: number;
  goneOffers: number;
  bookedEntries: number;
}

/** What the database holds after the race. */
export async function claimRaceFacts(
  db: Db,
  brand: ClaimRaceBrand,
  slot: ClaimRaceSlot,
): Promise<ClaimRaceFacts> {
  const appointments = await db
    .selectFrom('appointments')
    .select(['id', 'channel'])
    .where('provider_id', '=', slot.providerId)
    .where('start_at', '=', slot.startMs)
    .where('status', 'in', ['booked', 'pending'])
    .execute();
  const outcomes = await db
    .selectFrom('waitlist_offers')
    .select('status')
    .where('client_id', '=', brand.clientId)
    .execute();
  const bookedEntries = await db
    .selectFrom('waitlist_entries')
    .select('id')
    .where('client_id', '=', brand.clientId)
    .where('status', '=', 'booked')
    .where('last_name', '=', 'Waiting')
    .execute();
  return {
    appointments: appointments.map((row) => ({ id: Number(row.id), channel: String(row.channel) })),
    claimedOffers: outcomes.filter((row) => row.status === 'claimed').length,
    goneOffers: outcomes.filter((row) => row.status === 'gone').length,
    bookedEntries: bookedEntries.length,
  };
}

/** The error code of a 4xx body, if any. */
export function claimErrorCode(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const code = (body as { error: { code?: unknown } }).error.code;
  return typeof code === 'string' ? code : undefined;
}

/** The p-th percentile (0–100) of some numbers, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? 0;
}
