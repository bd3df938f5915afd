/*
 * The one runner of both implementations (the database differences live in a JobStore):
 * polling every `pollMs` (JOB_POLL_MS) for due jobs, up to `concurrency` at once, handlers run in
 * system tenant scope (they read any brand's rows: there is no request), retries with exponential
 * backoff (`retryBaseMs` × 2^(attempt−1): 30 s, 1 min, 2 min, 4 min by default), MAX_JOB_ATTEMPTS
 * tries, then failed with the last error. PermanentJobError (and a transport's
 * PermanentDeliveryError) fail the job at once.
 *
 * `enqueue` nudges the runner shortly after (the caller's transaction commits first: on SQLite
 * the claim waits for the connection the transaction holds; on PostgreSQL a claim before the
 * commit finds nothing and the next poll runs it).
 */
import { asSystem } from '../db/tenant-context.ts';
import type { Db } from '../db/database.ts';
import { PermanentDeliveryError } from '../outbound/transports.ts';
import { MAX_JOB_ATTEMPTS, PermanentJobError } from './job-queue.ts';
import type { JobHandler, JobQueue, NewJob, RunningJob } from './job-queue.ts';
import type { JobStore } from './job-store.ts';

export interface JobRunnerOptions {
  /** The queue's clock (the app's `now`): due times, backoff and leases are on it. */
  now?: () => Date;
  /** How often a started runner looks for due jobs (default 1000). */
  pollMs?: number;
  /** Jobs run at once by a started runner (default 16). */
  concurrency?: number;
  /** First retry delay; doubles with each try (default 30 000). */
  retryBaseMs?: number;
  /** How long a claimed job is its runner's; after it, another runner may claim it (default 5 min). */
  leaseMs?: number;
  /** Where the runner reports a failure it cannot hand to anyone (a claim that failed). */
  onError?: (error: unknown, job?: RunningJob) => void;
}

const NUDGE_DELAY_MS = 25;
const MAX_ERROR_LENGTH = 2_000;

function errorText(error: unknown): string {
  const text =
    error instanceof Error
      ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}`
      : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH)}…` : text;
}

function isPermanent(error: unknown): boolean {
  return error instanceof PermanentJobError || error instanceof PermanentDeliveryError;
}

export class JobRunner implements JobQueue {
  readonly #handlers = new Map<string, JobHandler>();
  readonly #running = new Set<Promise<void>>();
  readonly #now: () => Date;
  readonly #pollMs: number;
  readonly #concurrency: number;
  readonly #retryBaseMs: number;
  readonly #leaseMs: number;
  readonly #onError: (error: unknown, job?: RunningJob) => void;
  #started = false;
  #timer: NodeJS.Timeout | undefined;
  #pumping: Promise<void> | undefined;
  #pumpAgain = false;
  #lastRelease = 0;
  /** A started runner claims again once this many slots are free (claims come in batches). */
  readonly #refillAt: number;
  /** Successful tries not yet recorded: written together (one statement per burst). */
  #completions: RunningJob[] = [];
  #flushTimer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();

  constructor(
    readonly kind: JobQueue['kind'],
    readonly store: JobStore,
    options: JobRunnerOptions = {},
  ) {
    this.#now = options.now ?? (() => new Date());
    this.#pollMs = options.pollMs ?? 1_000;
    this.#concurrency = options.concurrency ?? 16;
    this.#refillAt = Math.max(1, Math.floor(this.#concurrency / 2));
    this.#retryBaseMs = options.retryBaseMs ?? 30_000;
    this.#leaseMs = options.leaseMs ?? 5 * 60_000;
    this.#onError = options.onError ?? ((error) => console.error(`job queue: ${errorText(error)}`));
  }

  async enqueue(trx: Db, jobs: readonly NewJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.store.enqueue(trx, jobs);
    if (this.#started) this.#schedule(NUDGE_DELAY_MS);
  }

  handle(queue: string, handler: JobHandler): void {
    if (this.#handlers.has(queue)) throw new Error(`job queue: a handler for ${queue} is already registered`);
    this.#handlers.set(queue, handler);
  }

  async start(): Promise<void> {
    if (this.#started) return;
    await this.store.start?.();
    this.#started = true;
    this.#schedule(0);
  }

  async stop(): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#pumping;
    await Promise.allSettled([...this.#running]);
    await this.#flush();
    await this.store.stop?.();
  }

  async drain(now?: Date): Promise<number> {
    const at = (): Date => now ?? this.#now();
    await this.store.releaseExpired(at());
    let ran = 0;
    for (;;) {
      const jobs = await this.store.claim([...this.#handlers.keys()], at(), 1, this.#leaseMs);
      const job = jobs[0];
      if (job === undefined) return ran;
      if (await this.#run(job, at)) await this.store.complete([job], at());
      ran += 1;
    }
  }

  /** The backoff before try `attempt + 1`. */
  retryDelayMs(attempt: number): number {
    return this.#retryBaseMs * 2 ** (attempt - 1);
  }

  /** Runs one try; true when it succeeded (the caller records it), a failure is recorded here. */
  async #run(job: RunningJob, now: () => Date): Promise<boolean> {
    const handler = this.#handlers.get(job.queue);
    try {
      if (handler === undefined) throw new PermanentJobError(`no handler for queue ${job.queue}`);
      await asSystem(() => handler(job));
    } catch (error) {
      const last = isPermanent(error) || job.attempt >= MAX_JOB_ATTEMPTS;
      const at = now();
      const retryAt = last ? undefined : new Date(at.getTime() + this.retryDelayMs(job.attempt));
      await this.store.fail(job, errorText(error), retryAt, at);
      return false;
    }
    return true;
  }

  /** Queues a success for the next batched write (soon, or at once when the batch is full). */
  #completed(job: RunningJob): void {
    this.#completions.push(job);
    if (this.#completions.length >= this.#refillAt) void this.#flush();
    else this.#flushTimer ??= setTimeout(() => void asSystem(() => this.#flush()), 5);
  }

  /** Writes the queued successes (one at a time: batches never interleave). */
  #flush(): Promise<void> {
    clearTimeout(this.#flushTimer);
    this.#flushTimer = undefined;
    const jobs = this.#completions;
    if (jobs.length === 0) return this.#flushing;
    this.#completions = [];
    this.#flushing = this.#flushing
      .then(() => this.store.complete(jobs, this.#now()))
      .catch((error: unknown) => this.#onError(error));
    return this.#flushing;
  }

  #schedule(delayMs: number): void {
    if (!this.#started) return;
    clearTimeout(this.#timer);
    // In system scope: a nudge from `enqueue` would otherwise carry the request's tenant along.
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      asSystem(() => this.#pump());
    }, delayMs);
  }

  /** One pass: claims as many due jobs as there are free slots, again while slots free up. */
  #pump(): void {
    if (!this.#started) return;
    if (this.#pumping !== undefined) {
      this.#pumpAgain = true;
      return;
    }
    this.#pumping = this.#fill()
      .catch((error: unknown) => this.#onError(error))
      .finally(() => {
        this.#pumping = undefined;
        if (!this.#started) return;
        if (this.#pumpAgain) {
          this.#pumpAgain = false;
          this.#schedule(0);
        } else this.#schedule(this.#pollMs);
      });
  }

  async #fill(): Promise<void> {
    await this.#flush();
    const now = this.#now();
    if (now.getTime() - this.#lastRelease >= Math.min(this.#leaseMs / 4, 10_000)) {
      this.#lastRelease = now.getTime();
      await this.store.releaseExpired(now);
    }
    while (this.#started) {
      const free = this.#concurrency - this.#running.size;
      if (free <= 0) return;
      const jobs = await this.store.claim([...this.#handlers.keys()], this.#now(), free, this.#leaseMs);
      for (const job of jobs) {
        const run: Promise<void> = this.#run(job, this.#now)
          .then((succeeded) => {
            if (succeeded) this.#completed(job);
          })
          .catch((error: unknown) => this.#onError(error, job))
          .finally(() => {
            this.#running.delete(run);
            // Enough slots free (or none running): claim more at once, a burst drains without polls.
            if (this.#concurrency - this.#running.size >= this.#refillAt || this.#running.size === 0)
              this.#pump();
          });
        this.#running.add(run);
      }
      if (jobs.length < free) return;
    }
  }
}
