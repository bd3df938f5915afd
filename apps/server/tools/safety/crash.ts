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
import { randomUUID } from 'node:crypto';
import { newPatient } from '../../src/test/public-api-fixture.ts';
import { buildCrashServer, children, httpInstance, killHard, startServer } from './crash-process.ts';
import type { RunningServer } from './crash-process.ts';
import type { HarnessDatabase } from './harness-servers.ts';
import type { RaceInstance, SlotTarget } from './race-instances.ts';
import { random, raceTargets } from './race-instances.ts';
import {
  appointmentsByIds,
  duplicatedIdempotencyKeys,
  durabilitySettings,
  halfWritten,
  isClean,
  overlappingAppointments,
} from './db/booking-invariants.ts';
import { appointmentsWithKeys } from './db/credentials.ts';

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

/** What one crash run keeps across rounds: the report and every booking's known outcome. */
interface CrashRun {
  database: HarnessDatabase;
  options: CrashOptions;
  next: () => number;
  report: CrashReport;
  fail: (message: string) => void;
  acked: Map<string, { appointmentId: string; booking: Booking }>;
  /** Bookings whose request a kill cut: re-sent after the restart. */
  unknown: Booking[];
  /** Appointments a cancel was sent for (answered or cut by a kill). */
  maybeCancelled: Set<string>;
  /** Keys whose retry was refused: no appointment may carry them. */
  refusedKeys: string[];
  staffHeaders: Record<string, string> | undefined;
}

function emptyReport(durability: Record<string, string>): CrashReport {
  return {
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
    durability,
    meanRestartMs: 0,
    failures: [],
    seconds: 0,
  };
}

export async function runCrashes(database: HarnessDatabase, options: CrashOptions): Promise<CrashReport> {
  const startedAt = Date.now();
  const entry = await buildCrashServer();
  const report = emptyReport(await durabilitySettings(database.db));
  const run: CrashRun = {
    database,
    options,
    next: random(options.seed ?? 6),
    report,
    fail: (message) => {
      if (report.failures.length < 100) report.failures.push(message);
    },
    acked: new Map(),
    unknown: [],
    maybeCancelled: new Set(),
    refusedKeys: [],
    staffHeaders: undefined,
  };
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

  try {
    // Every free slot of every provider: the load keeps committing bookings across 100 rounds.
    const targets = await raceTargets(
      httpInstance(server.url),
      database.db,
      database.brand,
      options.targetSpread ?? { providers: 1_000, slotsPerService: 1_000 },
    );
    if (targets.length === 0) throw new Error('no free slots to book');

    run.staffHeaders = await options.staffLogin?.(httpInstance(server.url));

    for (let round = 1; round <= options.kills; round++) {
      const instance = httpInstance(server.url);
      await retryUnknown(run, instance);
      await verify(run, `after restart ${round - 1}`);
      await loadUntilKill(run, instance, targets, server);
      report.kills++;
      server = await startServer(entry, database);
      restartTimes.push(server.startedInMs);
      options.onKill?.(round, report);
    }

    const instance = httpInstance(server.url);
    await retryUnknown(run, instance);
    await verify(run, 'after the last restart');
    await replayAcknowledged(run, instance);
    await verify(run, 'after the replays');
  } finally {
    await killHard(server);
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
  report.acknowledgedTotal = run.acked.size;
  report.meanRestartMs = restartTimes.reduce((sum, ms) => sum + ms, 0) / restartTimes.length;
  report.seconds = (Date.now() - startedAt) / 1000;
  return report;
}

/** Every acknowledged booking exists once with its key; nothing refused, half-written or overlapping. */
async function verify(run: CrashRun, when: string): Promise<void> {
  const { database, acked, fail } = run;
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
  const booked = await appointmentsWithKeys(database.db, run.refusedKeys);
  if (booked.length > 0)
    fail(`${when}: refused retries whose first attempt had booked: ${booked.join(', ')}`);
  const half = await halfWritten(database.db);
  if (!isClean(half)) fail(`${when}: half-written ${JSON.stringify(half)}`);
  const overlaps = await overlappingAppointments(database.db);
  if (overlaps.length > 0) fail(`${when}: overlapping appointments ${JSON.stringify(overlaps.slice(0, 3))}`);
}

/** Re-sends every booking a kill cut, with its key, and classifies the answer. */
async function retryUnknown(run: CrashRun, instance: RaceInstance): Promise<void> {
  const { report } = run;
  const pending = run.unknown;
  run.unknown = [];
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
      run.acked.set(booking.key, { appointmentId: id, booking });
    } else if (answer.status === 409 || answer.status === 422) {
      // Refused now (slot taken, no capacity left): the first attempt must not have committed.
      report.retriedRefused++;
      run.refusedKeys.push(booking.key);
    } else {
      run.fail(
        `retry of ${booking.key} answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`,
      );
    }
  }
}

/** Books (and, with a front desk, cancels) from concurrent clients until the server is killed. */
async function loadUntilKill(
  run: CrashRun,
  instance: RaceInstance,
  targets: readonly SlotTarget[],
  server: RunningServer,
): Promise<void> {
  const { options } = run;
  const state = { killed: false };
  const cancellers = run.staffHeaders === undefined ? 0 : Math.max(1, Math.floor(options.concurrency / 10));
  const workers = [
    ...Array.from({ length: options.concurrency - cancellers }, () =>
      bookingWorker(run, instance, targets, state),
    ),
    ...Array.from({ length: cancellers }, () => frontDeskWorker(run, instance, state)),
  ];
  const loadMs = options.minLoadMs + run.next() * (options.maxLoadMs - options.minLoadMs);
  await new Promise((resolve) => setTimeout(resolve, loadMs));
  await killHard(server);
  state.killed = true;
  await Promise.all(workers);
}

async function bookingWorker(
  run: CrashRun,
  instance: RaceInstance,
  targets: readonly SlotTarget[],
  state: { killed: boolean },
): Promise<void> {
  const { report } = run;
  while (!state.killed) {
    const target = targets[Math.floor(run.next() * targets.length)];
    if (target === undefined) return;
    const booking = bookingBody(target, run.database.brand);
    report.bookingRequests++;
    try {
      const answer = await instance.send({
        method: 'PUT',
        url: '/api/scheduler/bookAppointment',
        payload: booking.body,
      });
      const id = idOf(answer.body);
      if ((answer.status === 201 || answer.status === 200) && id !== undefined) {
        run.acked.set(booking.key, { appointmentId: id, booking });
        report.acknowledged++;
      } else if (answer.status >= 500) {
        run.fail(`booking answered ${answer.status}`);
      }
    } catch {
      // The kill cut the request: outcome unknown until it is re-sent.
      run.unknown.push(booking);
      report.unknownOutcomes++;
      return;
    }
  }
}

async function frontDeskWorker(
  run: CrashRun,
  instance: RaceInstance,
  state: { killed: boolean },
): Promise<void> {
  const { database, staffHeaders } = run;
  while (!state.killed && staffHeaders !== undefined) {
    const candidates = [...run.acked.values()].filter((a) => !run.maybeCancelled.has(a.appointmentId));
    const chosen = candidates[Math.floor(run.next() * candidates.length)];
    if (chosen === undefined) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    run.maybeCancelled.add(chosen.appointmentId);
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
      if (answer.status === 200) run.report.cancelled++;
      else if (answer.status >= 500) run.fail(`cancel answered ${answer.status}`);
    } catch {
      return;
    }
  }
}

/** Idempotent across restarts: re-sending an acknowledged booking answers the same appointment. */
async function replayAcknowledged(run: CrashRun, instance: RaceInstance): Promise<void> {
  const sample = [...run.acked.values()].filter((_, index) => index % 10 === 0).slice(0, 200);
  for (const { appointmentId, booking } of sample) {
    const answer = await instance.send({
      method: 'PUT',
      url: '/api/scheduler/bookAppointment',
      payload: booking.body,
    });
    run.report.replaysAfterRestart++;
    // A cancelled booking answers 409 CONFLICT to its replay (and books nothing).
    const cancelledReplay = answer.status === 409 && run.maybeCancelled.has(appointmentId);
    if (!cancelledReplay && (answer.status !== 200 || idOf(answer.body) !== appointmentId)) {
      run.fail(
        `replay of ${booking.key} after restarts answered ${answer.status} ${idOf(answer.body) ?? ''}, not ${appointmentId}`,
      );
    }
  }
}
