/*
 * The contract of the job queue (job-queue.ts), proven on both implementations: the SQLite
 * runner and pg-boss on PostgreSQL (with TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inWriteTransaction } from '../db/transaction.ts';
import { testDatabases } from '../../test/test-db.ts';
import type { TestDatabase } from '../../test/test-db.ts';
import { PermanentDeliveryError } from '../outbound/transports.ts';
import { createJobQueue } from './create-job-queue.ts';
import { MAX_JOB_ATTEMPTS, PermanentJobError } from './job-queue.ts';
import type { JobQueue, NewJob, RunningJob } from './job-queue.ts';

const BASE_MS = 1_000;
const config = { jobPollMs: 50 };
let counter = 0;
/** A handler from synchronous work. */
const sync =
  (work: (job: RunningJob) => void) =>
  (job: RunningJob): Promise<void> => {
    work(job);
    return Promise.resolve();
  };
const uniqueQueue = (): string => `test.q${++counter}`;

function job(queue: string, key: string, runAt: Date, payload: NewJob['payload'] = { n: 1 }): NewJob {
  return { queue, key, payload, runAt };
}

describe.each(testDatabases())('job queue contract on $name', (target) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await target.create();
  });
  afterAll(async () => {
    await t.destroy();
  });

  const fixedNow = new Date('2030-03-01T10:00:00Z');
  const queueAt = (now: Date = fixedNow): JobQueue =>
    createJobQueue(config, t.db, { now: () => now, retryBaseMs: BASE_MS });

  it('runs a job enqueued in a committed transaction, with its payload, once', async () => {
    const queue = queueAt();
    const name = uniqueQueue();
    const seen: RunningJob[] = [];
    queue.handle(
      name,
      sync((running) => {
        seen.push(running);
      }),
    );
    await inWriteTransaction(t.db, (trx) =>
      queue.enqueue(trx, [job(name, 'a', fixedNow, { id: 7, to: 'x', ok: true, none: null })]),
    );
    expect(await queue.drain()).toBe(1);
    expect(await queue.drain()).toBe(0);
    expect(seen).toEqual([
      expect.objectContaining({
        queue: name,
        key: 'a',
        payload: { id: 7, to: 'x', ok: true, none: null },
        attempt: 1,
        maxAttempts: MAX_JOB_ATTEMPTS,
      }),
    ]);
  });

  it('never runs a job whose transaction rolled back', async () => {
    const queue = queueAt();
    const name = uniqueQueue();
    let runs = 0;
    queue.handle(
      name,
      sync(() => {
        runs += 1;
      }),
    );
    await expect(
      inWriteTransaction(t.db, async (trx) => {
        await queue.enqueue(trx, [job(name, 'rolled-back', fixedNow)]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await queue.drain()).toBe(0);
    expect(runs).toBe(0);
    // The key was never taken: the same key can be added by a later change.
    await inWriteTransaction(t.db, (trx) => queue.enqueue(trx, [job(name, 'rolled-back', fixedNow)]));
    expect(await queue.drain()).toBe(1);
  });

  it('adds nothing for a key that exists, in any state, for the life of the database', async () => {
    const queue = queueAt();
    const name = uniqueQueue();
    const payloads: unknown[] = [];
    queue.handle(
      name,
      sync((running) => {
        payloads.push(running.payload);
      }),
    );
    await inWriteTransaction(t.db, (trx) =>
      queue.enqueue(trx, [job(name, 'k', fixedNow, { v: 1 }), job(name, 'k2', fixedNow, { v: 2 })]),
    );
    await inWriteTransaction(t.db, (trx) => queue.enqueue(trx, [job(name, 'k', fixedNow, { v: 3 })]));
    expect(await queue.drain()).toBe(2);
    await inWriteTransaction(t.db, (trx) => queue.enqueue(trx, [job(name, 'k', fixedNow, { v: 4 })]));
    expect(await queue.drain()).toBe(0);
    expect(payloads).toHaveLength(2);
    expect(payloads).toEqual(expect.arrayContaining([{ v: 1 }, { v: 2 }]));
    // The same key on another queue is another job.
    const other = uniqueQueue();
    queue.handle(other, () => Promise.resolve());
    await inWriteTransaction(t.db, (trx) => queue.enqueue(trx, [job(other, 'k', fixedNow)]));
    expect(await queue.drain()).toBe(1);
  });

  it('runs a job at or after runAt, never before', async () => {
    const name = uniqueQueue();
    const ran: string[] = [];
    const early = queueAt();
    early.handle(
      name,
      sync((running) => {
        ran.push(running.key);
      }),
    );
    const runAt = new Date(fixedNow.getTime() + 60 * 60_000);
    await inWriteTransaction(t.db, (trx) =>
      early.enqueue(trx, [job(name, 'later', runAt), job(name, 'now', fixedNow)]),
    );
    expect(await early.drain()).toBe(1);
    expect(await early.drain(new Date(runAt.getTime() - 1))).toBe(0);
    expect(ran).toEqual(['now']);
    expect(await early.drain(runAt)).toBe(1);
    expect(ran).toEqual(['now', 'later']);
  });

  it('retries with exponential backoff, then fails for good after 5 tries with the last error', async () => {
    const queue = queueAt();
    const name = uniqueQueue();
    const attempts: number[] = [];
    queue.handle(
      name,
      sync((running) => {
        attempts.push(running.attempt);
        throw new Error(`SMTP 451 try ${running.attempt}`);
      }),
    );
    await inWriteTransaction(t.db, (trx) => queue.enqueue(trx, [job(name, 'flaky', fixedNow)]));
    let at = fixedNow.getTime();
    expect(await queue.drain(new Date(at))).toBe(1);
    // Each retry is due base × 2^(try−1) after the failure: not a millisecond before.
    for (const delay of [BASE_MS, 2 * BASE_MS, 4 * BASE_MS, 8 * BASE_MS]) {
      expect(await queue.drain(new Date(at + delay - 1))).toBe(0);
      at += delay;
      expect(await queue.drain(new Date(at))).toBe(1);
    }
    expect(attempts).toEqual([1, 2, 3, 4, 5]);
    expect(await queue.drain(new Date(at + 3_600_000))).toBe(0);
    expect(await jobOutcome(t, name, 'flaky')).toEqual({
      state: 'failed',
      attempts: 5,
      error: 'SMTP 451 try 5',
    });
  });

  it('fails at once on PermanentJobError or a transport PermanentDeliveryError', async () => {
    const queue = queueAt();
    const name = uniqueQueue();
    let runs = 0;
    queue.handle(
      name,
      sync((running) => {
        runs += 1;
        if (running.key === 'job') throw new PermanentJobError('appointment is gone');
        throw new PermanentDeliveryError('Twilio 21211: invalid To', '21211');
      }),
    );
    await inWriteTransaction(t.db, (trx) =>
      queue.enqueue(trx, [job(name, 'job', fixedNow), job(name, 'sms', fixedNow)]),
    );
    expect(await queue.drain(new Date(fixedNow.getTime() + 86_400_000))).toBe(2);
    expect(runs).toBe(2);
    expect(await jobOutcome(t, name, 'job')).toEqual({
      state: 'failed',
      attempts: 1,
      error: 'PermanentJobError: appointment is gone',
    });
    expect(await jobOutcome(t, name, 'sms')).toMatchObject({ state: 'failed', attempts: 1 });
  });

  it('runs again, as its next try, a job whose runner died holding it (after the lease)', async () => {
    const name = uniqueQueue();
    const dead = createJobQueue(config, t.db, { retryBaseMs: BASE_MS });
    const survivor = createJobQueue(config, t.db, { retryBaseMs: BASE_MS, leaseMs: 1_000 });
    const tries: number[] = [];
    survivor.handle(
      name,
      sync((running) => {
        tries.push(running.attempt);
      }),
    );
    await inWriteTransaction(t.db, (trx) =>
      dead.enqueue(trx, [job(name, 'orphan', new Date(Date.now() - 1_000))]),
    );
    // A runner claims it for 1 s and dies (never records an outcome).
    const claimed = await dead.store.claim([name], new Date(), 1, 1_000);
    expect(claimed.map((c) => c.key)).toEqual(['orphan']);
    expect(await survivor.drain()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(await survivor.drain()).toBe(1);
    expect(tries).toEqual([2]);
    expect(await jobOutcome(t, name, 'orphan')).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('adds jobs with the plain handle too (a transaction of their own)', async () => {
    const queue = queueAt();
    const name = uniqueQueue();
    let runs = 0;
    queue.handle(
      name,
      sync(() => {
        runs += 1;
      }),
    );
    await queue.enqueue(t.db, [job(name, 'plain', fixedNow), job(name, 'plain', fixedNow)]);
    expect(await queue.drain()).toBe(1);
    expect(runs).toBe(1);
  });

  it('started, runs due jobs in the background, and stop waits for the running ones', async () => {
    const queue = createJobQueue(config, t.db, { retryBaseMs: BASE_MS });
    const name = uniqueQueue();
    let finished = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    queue.handle(name, async () => {
      started += 1;
      await gate;
      finished += 1;
    });
    await queue.start();
    await inWriteTransaction(t.db, (trx) => queue.enqueue(trx, [job(name, 'bg', new Date())]));
    await until(() => started === 1);
    const stopping = queue.stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(finished).toBe(0);
    release();
    await stopping;
    expect(finished).toBe(1);
    expect(await jobOutcome(t, name, 'bg')).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('two started queues on one database drain N jobs, each run exactly once', async () => {
    const name = uniqueQueue();
    const runs = new Map<string, number>();
    const makeQueue = (): JobQueue => {
      const queue = createJobQueue(config, t.db, { retryBaseMs: BASE_MS, concurrency: 4 });
      queue.handle(name, async (running) => {
        runs.set(running.key, (runs.get(running.key) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 2));
      });
      return queue;
    };
    const [a, b] = [makeQueue(), makeQueue()];
    const total = 120;
    const due = new Date(Date.now() - 1000);
    await inWriteTransaction(t.db, (trx) =>
      a.enqueue(
        trx,
        Array.from({ length: total }, (_, i) => job(name, `j${i}`, due)),
      ),
    );
    await Promise.all([a.start(), b.start()]);
    await until(() => runs.size === total, 30_000);
    await Promise.all([a.stop(), b.stop()]);
    expect(runs.size).toBe(total);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });
});

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A job's state, tries and last error, read from either implementation's tables. */
async function jobOutcome(
  t: TestDatabase,
  queue: string,
  key: string,
): Promise<{ state: string; attempts: number; error: string | null }> {
  if (t.name === 'sqlite') {
    const row = await t.db
      .selectFrom('jobs')
      .select(['state', 'attempts', 'last_error'])
      .where('queue', '=', queue)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    return { state: row.state, attempts: row.attempts, error: row.last_error };
  }
  const { PgBossJobStore } = await import('./pg-boss-repository.ts');
  const found = await new PgBossJobStore(t.db, { retryBaseMs: BASE_MS }).jobState(queue, key);
  if (found === undefined) throw new Error('no such job');
  return { ...found, state: found.state === 'completed' ? 'done' : found.state };
}
