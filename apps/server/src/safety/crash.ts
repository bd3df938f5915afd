/*
 * Crash harness (issue 8, item 6). A real server process (crash-server.ts) takes booking load from
 * concurrent HTTP clients and is killed with SIGKILL at a random moment, again and again. After
 * each restart the harness checks with SQL that
 *
 *  - every acknowledged booking (201, or 200 replay) exists, exactly once, with its key;
 *  - nothing is half-written (an active appointment without its slot units or status history, or
 *    units / history without their appointment), and no two active appointments overlap;
 *
 * and re-sends every request whose answer the kill swallowed, with the same idempotency key: it
 * must come back as 201 (the first attempt never committed), 200 with the appointment it did
 * commit, or 409 SLOT_TAKEN — never as a second appointment.
 *
 * SIGKILL tests atomicity and "acknowledged means committed"; the page cache survives it, so the
 * durability settings (SQLite WAL + synchronous=FULL, PostgreSQL synchronous_commit=on) are checked
 * by reading them, not by pulling the power.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from '../platform/config.ts';
import { newPatient } from '../test/public-api-fixture.ts';
import type { HarnessDatabase } from './harness-servers.ts';
import type { RaceInstance, SlotTarget } from './races.ts';
import { random, raceTargets } from './races.ts';
import {
  appointmentsByIds,
  appointmentsWithKeys,
  duplicatedIdempotencyKeys,
  durabilitySettings,
  halfWritten,
  isClean,
  overlappingAppointments,
} from './safety-repository.ts';

const BUILD_DIR = path.join(repoRoot, 'node_modules', '.cache', 'scheduler-safety');

/** Bundles crash-server.ts once (a bundle starts in well under a second; tsx takes seconds). */
export async function buildCrashServer(): Promise<string> {
  mkdirSync(BUILD_DIR, { recursive: true });
  const outfile = path.join(BUILD_DIR, 'crash-server.mjs');
  await build({
    entryPoints: [path.join(repoRoot, 'apps', 'server', 'src', 'safety', 'crash-server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    plugins: [
      {
        name: 'external-packages',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@scheduler/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
    banner: {
      js: "import { createRequire as __safetyCreateRequire } from 'node:module'; const require = __safetyCreateRequire(import.meta.url);",
    },
  });
  return outfile;
}

/** Server processes alive now (killed with the harness when it is interrupted). */
const children = new Set<ChildProcess>();

export interface RunningServer {
  child: ChildProcess;
  url: string;
  startedInMs: number;
}

/** Starts the server process on the harness database and waits for `LISTENING <url>`. */
export function startServer(entry: string, database: HarnessDatabase): Promise<RunningServer> {
  const started = Date.now();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(BUILD_DIR, 'no-web-build'),
    RATE_LIMIT_READS_PER_MINUTE: '1000000',
    RATE_LIMIT_BOOKINGS_PER_MINUTE: '1000000',
    ...(database.dialect === 'postgres'
      ? { DATABASE_URL: database.location }
      : { SQLITE_PATH: database.location }),
  };
  const child = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in 60 s: ${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (\S+)/.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve({ child, url: match[1], startedInMs: Date.now() - started });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening: ${output}`));
    });
  });
}

function killHard(server: RunningServer): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      resolve();
      return;
    }
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  });
}

function httpInstance(url: string): RaceInstance {
  return {
    name: url,
    async send({ method, url: pathAndQuery, payload, headers }) {
      const response = await fetch(`${url}${pathAndQuery}`, {
        method,
        headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: response.status, body };
    },
  };
}

export interface CrashOptions {
  kills: number;
  concurrency: number;
  /** Load runs this long (random between the two) before the kill. */
  minLoadMs: number;
  maxLoadMs: number;
  seed?: number;
  onKill?: (done: number, report: CrashReport) => void;
  /**
   * Signs in a front-desk user on the running server (bearer headers). With it, a tenth of the
   * clients cancel acknowledged bookings during the load: slots free up, so bookings keep
   * committing over a hundred rounds, and the kill also lands inside status changes.
   */
  staffLogin?: (instance: RaceInstance) => Promise<Record<string, string>>;
  /** How many providers and slots per service the load aims at (default: every free slot). */
  targetSpread?: { providers: number; slotsPerService: number };
}

export interface CrashReport {
  kills: number;
  bookingRequests: number;
  /** Answered 201/200 while the server ran. */
  acknowledged: number;
  /** Every booking acknowledged by the end (load and retries), all checked to exist once. */
  acknowledgedTotal: number;
  /** Requests cut by a kill, answered by their retry: created now, or the first attempt had committed. */
  unknownOutcomes: number;
  retriedCreated: number;
  retriedCommittedBefore: number;
  /** …refused now (409 slot taken, 422 no capacity left): the first attempt had not committed. */
  retriedRefused: number;
  /** Acknowledged bookings re-sent after the last restart: the same appointment each time. */
  replaysAfterRestart: number;
  /** Cancellations answered 200 during the load. */
  cancelled: number;
  durability: Record<string, string>;
  meanRestartMs: number;
  failures: string[];
  seconds: number;
}

interface Booking {
  key: string;
  body: Record<string, unknown>;
}

function bookingBody(target: SlotTarget, brand: HarnessDatabase['brand']): Booking {
  const key = randomUUID();
  return {
    key,
    body: {
      clientSlug: brand.slug,
      schedulerSlug: brand.schedulerSlug,
      locationId: target.locationId,
      providerId: target.providerId,
      appointmentTypeId: target.serviceId,
      startUtc: target.startUtc,
      patient: newPatient(),
      isExistingPatient: false,
      insurance: null,
      sessionId: `crash-${key}`,
      idempotencyKey: key,
    },
  };
}

const idOf = (body: unknown): string | undefined =>
  typeof body === 'object' && body !== null && 'appointmentId' in body
    ? String(body.appointmentId)
    : undefined;

export async function runCrashes(database: HarnessDatabase, options: CrashOptions): Promise<CrashReport> {
  const startedAt = Date.now();
  const next = random(options.seed ?? 6);
  const entry = await buildCrashServer();
  const report: CrashReport = {
    kills: 0,
    bookingRequests: 0,
    acknowledged: 0,
    acknowledgedTotal: 0,
    unknownOutcomes: 0,
    retriedCreated: 0,
    retriedCommittedBefore: 0,
    retriedRefused: 0,
    replaysAfterRestart: 0,
    cancelled: 0,
    durability: await durabilitySettings(database.db),
    meanRestartMs: 0,
    failures: [],
    seconds: 0,
  };
  const fail = (message: string) => {
    if (report.failures.length < 100) report.failures.push(message);
  };
  const acked = new Map<string, { appointmentId: string; booking: Booking }>();
  let unknown: Booking[] = [];
  /** Appointments a cancel was sent for (answered or cut by a kill). */
  const maybeCancelled = new Set<string>();
  let staffHeaders: Record<string, string> | undefined;
  /** Keys whose retry was refused: no appointment may carry them. */
  const refusedKeys: string[] = [];
  const restartTimes: number[] = [];

  let server = await startServer(entry, database);
  restartTimes.push(server.startedInMs);
  // Interrupted (Ctrl-C): take the server process down too.
  const stop = (signal: NodeJS.Signals) => {
    for (const child of children) child.kill('SIGKILL');
    process.kill(process.pid, signal);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  async function verify(when: string): Promise<void> {
    const rows = await appointmentsByIds(
      database.db,
      [...acked.values()].map((a) => Number(a.appointmentId)),
    );
    for (const [key, { appointmentId }] of acked) {
      const row = rows.get(Number(appointmentId));
      if (row === undefined) fail(`${when}: acknowledged appointment ${appointmentId} is gone`);
      else if (row.idempotencyKey !== key) fail(`${when}: appointment ${appointmentId} carries another key`);
    }
    for (const duplicate of await duplicatedIdempotencyKeys(database.db)) {
      fail(`${when}: key ${duplicate.key} on ${duplicate.n} appointments`);
    }
    const booked = await appointmentsWithKeys(database.db, refusedKeys);
    if (booked.length > 0)
      fail(`${when}: refused retries whose first attempt had booked: ${booked.join(', ')}`);
    const half = await halfWritten(database.db);
    if (!isClean(half)) fail(`${when}: half-written ${JSON.stringify(half)}`);
    const overlaps = await overlappingAppointments(database.db);
    if (overlaps.length > 0)
      fail(`${when}: overlapping appointments ${JSON.stringify(overlaps.slice(0, 3))}`);
  }

  async function retryUnknown(instance: RaceInstance): Promise<void> {
    const pending = unknown;
    unknown = [];
    for (const booking of pending) {
      const answer = await instance.send({
        method: 'PUT',
        url: '/api/scheduler/bookAppointment',
        payload: booking.body,
      });
      const id = idOf(answer.body);
      if ((answer.status === 201 || answer.status === 200) && id !== undefined) {
        if (answer.status === 201) report.retriedCreated++;
        else report.retriedCommittedBefore++;
        acked.set(booking.key, { appointmentId: id, booking });
      } else if (answer.status === 409 || answer.status === 422) {
        // Refused now (slot taken, no capacity left): the first attempt must not have committed.
        report.retriedRefused++;
        refusedKeys.push(booking.key);
      } else {
        fail(
          `retry of ${booking.key} answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`,
        );
      }
    }
  }

  try {
    // Every free slot of every provider: the load keeps committing bookings across 100 rounds.
    const targets = await raceTargets(
      httpInstance(server.url),
      database.db,
      database.brand,
      options.targetSpread ?? { providers: 1_000, slotsPerService: 1_000 },
    );
    if (targets.length === 0) throw new Error('no free slots to book');

    staffHeaders = await options.staffLogin?.(httpInstance(server.url));

    for (let round = 1; round <= options.kills; round++) {
      const instance = httpInstance(server.url);
      await retryUnknown(instance);
      await verify(`after restart ${round - 1}`);

      // Load until the kill.
      let killed = false;
      const worker = async () => {
        while (!killed) {
          const target = targets[Math.floor(next() * targets.length)];
          if (target === undefined) return;
          const booking = bookingBody(target, database.brand);
          report.bookingRequests++;
          try {
            const answer = await instance.send({
              method: 'PUT',
              url: '/api/scheduler/bookAppointment',
              payload: booking.body,
            });
            const id = idOf(answer.body);
            if ((answer.status === 201 || answer.status === 200) && id !== undefined) {
              acked.set(booking.key, { appointmentId: id, booking });
              report.acknowledged++;
            } else if (answer.status >= 500) {
              fail(`booking answered ${answer.status}`);
            }
          } catch {
            // The kill cut the request: outcome unknown until it is re-sent.
            unknown.push(booking);
            report.unknownOutcomes++;
            return;
          }
        }
      };
      const frontDesk = async () => {
        while (!killed && staffHeaders !== undefined) {
          const candidates = [...acked.values()].filter((a) => !maybeCancelled.has(a.appointmentId));
          const chosen = candidates[Math.floor(next() * candidates.length)];
          if (chosen === undefined) {
            await new Promise((resolve) => setTimeout(resolve, 50));
            continue;
          }
          maybeCancelled.add(chosen.appointmentId);
          try {
            const details = await instance.send({
              method: 'GET',
              url: `/api/patient-management/getAppointmentDetails?clientId=${database.brand.clientId}&appointmentId=${chosen.appointmentId}`,
              headers: staffHeaders,
            });
            const version = (details.body as { appointment?: { version?: number } }).appointment?.version;
            if (details.status !== 200 || version === undefined) continue;
            const answer = await instance.send({
              method: 'POST',
              url: '/api/patient-management/update_appointment_status',
              headers: staffHeaders,
              payload: {
                clientId: database.brand.clientId,
                appointmentId: chosen.appointmentId,
                status: 'cancelled',
                version,
                reason: 'Crash harness',
              },
            });
            if (answer.status === 200) report.cancelled++;
            else if (answer.status >= 500) fail(`cancel answered ${answer.status}`);
          } catch {
            return;
          }
        }
      };
      const cancellers = staffHeaders === undefined ? 0 : Math.max(1, Math.floor(options.concurrency / 10));
      const workers = [
        ...Array.from({ length: options.concurrency - cancellers }, () => worker()),
        ...Array.from({ length: cancellers }, () => frontDesk()),
      ];
      const loadMs = options.minLoadMs + next() * (options.maxLoadMs - options.minLoadMs);
      await new Promise((resolve) => setTimeout(resolve, loadMs));
      await killHard(server);
      killed = true;
      await Promise.all(workers);
      report.kills++;
      server = await startServer(entry, database);
      restartTimes.push(server.startedInMs);
      options.onKill?.(round, report);
    }

    const instance = httpInstance(server.url);
    await retryUnknown(instance);
    await verify('after the last restart');
    // Idempotent across restarts: re-sending an acknowledged booking answers the same appointment.
    const sample = [...acked.values()].filter((_, index) => index % 10 === 0).slice(0, 200);
    for (const { appointmentId, booking } of sample) {
      const answer = await instance.send({
        method: 'PUT',
        url: '/api/scheduler/bookAppointment',
        payload: booking.body,
      });
      report.replaysAfterRestart++;
      // A cancelled booking answers 409 CONFLICT to its replay (and books nothing).
      const cancelledReplay = answer.status === 409 && maybeCancelled.has(appointmentId);
      if (!cancelledReplay && (answer.status !== 200 || idOf(answer.body) !== appointmentId)) {
        fail(
          `replay of ${booking.key} after restarts answered ${answer.status} ${idOf(answer.body) ?? ''}, not ${appointmentId}`,
        );
      }
    }
    await verify('after the replays');
  } finally {
    await killHard(server);
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
  report.acknowledgedTotal = acked.size;
  report.meanRestartMs = restartTimes.reduce((sum, ms) => sum + ms, 0) / restartTimes.length;
  report.seconds = (Date.now() - startedAt) / 1000;
  return report;
}
