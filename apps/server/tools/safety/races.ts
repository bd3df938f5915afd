/*
 * Booking races (issue 8, item 5). Concurrent clients book overlapping slots of a few providers
 * (two services of different lengths, so that bookings overlap without sharing a start), through
 * one or several server instances on one database; some retry a booking with its idempotency key,
 * and front-desk staff cancel, confirm or void acknowledged bookings meanwhile, which frees slots
 * that clients then re-book. Afterwards SQL checks the database:
 *
 *  - no two active appointments of one provider overlap;
 *  - every 201 answer is exactly one new appointment (with its idempotency key), every replayed 200
 *    answers the first booking's id, and no other appointment appeared;
 *  - no appointment is half-written (units ⇔ active status, a status history row each).
 *
 * The server instances, the slot targets and the seeded random source are in race-instances.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/platform/db/database.ts';
import { newPatient, query } from '../../src/test/public-api-fixture.ts';
import {
  appointmentsByIds,
  duplicatedIdempotencyKeys,
  halfWritten,
  isClean,
  maxAppointmentId,
  overlappingAppointments,
} from './db/booking-invariants.ts';
import { appointmentsAfter } from './db/brand-records.ts';
import type { HalfWritten, OverlapRow } from './db/booking-invariants.ts';
import { type RaceInstance, type SlotTarget, random } from './race-instances.ts';

export interface RaceOptions {
  attempts: number;
  concurrency: number;
  instances: RaceInstance[];
  targets: SlotTarget[];
  brand: { clientId: number; slug: string; schedulerSlug: string };
  /** Bearer headers of a staff session allowed patients:write (and entered-in-error: admin/owner). */
  staffHeaders?: Record<string, string>;
  /** Share of attempts that re-send an acknowledged booking with its key (default 0.08). */
  retryShare?: number;
  /** Share of iterations that change the status of an acknowledged booking (default 0.06). */
  statusShare?: number;
  seed?: number;
  onProgress?: (done: number) => void;
}

export interface RaceReport {
  attempts: number;
  created: number;
  replayed: number;
  /** Replays of a booking that staff had cancelled or voided meanwhile: 409 CONFLICT, nothing booked. */
  replayedChanged: number;
  conflicts: number;
  otherAnswers: Record<string, number>;
  statusChanges: Record<string, number>;
  rebookedAfterCancel: number;
  overlaps: OverlapRow[];
  halfWritten: HalfWritten;
  /** Broken promises: 201s without their row, replays with another id, rows nobody was told of… */
  failures: string[];
  seconds: number;
}

interface Acked {
  appointmentId: string;
  key: string;
  body: Record<string, unknown>;
  target: SlotTarget;
}

const bump = (map: Record<string, number>, key: string) => {
  map[key] = (map[key] ?? 0) + 1;
};

function codeOf(body: unknown): string {
  if (typeof body !== 'object' || body === null || !('error' in body)) return 'no-error-body';
  const error = (body as { error: { code?: unknown } }).error;
  return typeof error.code === 'string' ? error.code : 'no-code';
}

/** What one race keeps while it runs: the report and what each acknowledged booking became. */
interface RaceRun {
  options: RaceOptions;
  next: () => number;
  report: RaceReport;
  fail: (message: string) => void;
  statusShare: number;
  retryShare: number;
  acked: Acked[];
  byKey: Map<string, string>;
  createdIds: Set<string>;
  /** Slots freed by a status change (a later booking of them counts as a re-booking). */
  freed: Set<string>;
  /** Appointments whose status staff changed (or were changing). */
  statusTouched: Set<string>;
  /** Appointments a replay called changed (their final status must say so). */
  answeredChanged: Set<string>;
  /** Attempts started, attempts last reported, the instance used last. */
  startedAttempts: number;
  reported: number;
  instanceIndex: number;
}

const targetKey = (t: SlotTarget) => `${t.providerId}|${t.serviceId}|${t.startUtc}`;

function emptyRaceReport(): RaceReport {
  return {
    attempts: 0,
    created: 0,
    replayed: 0,
    replayedChanged: 0,
    conflicts: 0,
    otherAnswers: {},
    statusChanges: {},
    rebookedAfterCancel: 0,
    overlaps: [],
    halfWritten: { activeWithoutUnits: [], unitsOfInactive: [], withoutHistory: [], orphanHistory: [] },
    failures: [],
    seconds: 0,
  };
}

export async function runBookingRace(db: Db, options: RaceOptions): Promise<RaceReport> {
  const started = Date.now();
  const maxIdBefore = await maxAppointmentId(db);
  const report = emptyRaceReport();
  const run: RaceRun = {
    options,
    next: random(options.seed ?? 8),
    report,
    fail: (message) => {
      if (report.failures.length < 100) report.failures.push(message);
    },
    retryShare: options.retryShare ?? 0.08,
    statusShare: options.staffHeaders === undefined ? 0 : (options.statusShare ?? 0.06),
    acked: [],
    byKey: new Map(),
    createdIds: new Set(),
    freed: new Set(),
    statusTouched: new Set(),
    answeredChanged: new Set(),
    startedAttempts: 0,
    reported: 0,
    instanceIndex: 0,
  };

  await Promise.all(Array.from({ length: options.concurrency }, () => worker(run)));
  await checkDatabase(run, db, maxIdBefore);
  report.seconds = (Date.now() - started) / 1000;
  return report;
}

function pickInstance(run: RaceRun): RaceInstance {
  run.instanceIndex = (run.instanceIndex + 1) % run.options.instances.length;
  const instance = run.options.instances[run.instanceIndex];
  if (instance === undefined) throw new Error('no instance');
  return instance;
}

async function worker(run: RaceRun): Promise<void> {
  const { options } = run;
  while (run.startedAttempts < options.attempts) {
    const roll = run.next();
    const previous =
      run.acked.length === 0 ? undefined : run.acked[Math.floor(run.next() * run.acked.length)];
    if (previous !== undefined && roll < run.statusShare) {
      await changeStatus(run, previous);
      continue;
    }
    run.startedAttempts++;
    if (previous !== undefined && roll < run.statusShare + run.retryShare) await retry(run, previous);
    else {
      const target = options.targets[Math.floor(run.next() * options.targets.length)];
      if (target !== undefined) await book(run, target);
    }
    if (run.startedAttempts - run.reported >= 500) {
      run.reported = run.startedAttempts - (run.startedAttempts % 500);
      options.onProgress?.(run.reported);
    }
  }
}

async function book(run: RaceRun, target: SlotTarget): Promise<void> {
  const { options, report } = run;
  const key = randomUUID();
  const body = {
    clientSlug: options.brand.slug,
    schedulerSlug: options.brand.schedulerSlug,
    locationId: target.locationId,
    providerId: target.providerId,
    appointmentTypeId: target.serviceId,
    startUtc: target.startUtc,
    patient: newPatient(),
    isExistingPatient: false,
    insurance: null,
    sessionId: `race-${key}`,
    idempotencyKey: key,
  };
  const answer = await pickInstance(run).send({
    method: 'PUT',
    url: '/api/scheduler/bookAppointment',
    payload: body,
  });
  report.attempts++;
  if (answer.status === 201) {
    const id = (answer.body as { appointmentId: string }).appointmentId;
    if (run.createdIds.has(id)) run.fail(`201 twice for appointment ${id}`);
    run.createdIds.add(id);
    run.byKey.set(key, id);
    report.created++;
    if (run.freed.delete(targetKey(target))) report.rebookedAfterCancel++;
    run.acked.push({ appointmentId: id, key, body, target });
  } else if (answer.status === 409 && codeOf(answer.body) === 'SLOT_TAKEN') {
    report.conflicts++;
  } else {
    if (answer.status >= 500)
      run.fail(`booking answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 200)}`);
    bump(report.otherAnswers, `${answer.status} ${codeOf(answer.body)}`);
  }
}

async function retry(run: RaceRun, previous: Acked): Promise<void> {
  const { report } = run;
  const answer = await pickInstance(run).send({
    method: 'PUT',
    url: '/api/scheduler/bookAppointment',
    payload: previous.body,
  });
  report.attempts++;
  if (answer.status === 200) {
    report.replayed++;
    const id = (answer.body as { appointmentId: string }).appointmentId;
    if (id !== previous.appointmentId)
      run.fail(`replay of ${previous.key} answered ${id}, first ${previous.appointmentId}`);
  } else if (
    answer.status === 409 &&
    codeOf(answer.body) === 'CONFLICT' &&
    run.statusTouched.has(previous.appointmentId)
  ) {
    // Staff cancelled or voided it meanwhile: the replay says so, and books nothing (checked below).
    report.replayedChanged++;
    run.answeredChanged.add(previous.appointmentId);
  } else {
    run.fail(`replay of ${previous.key} answered ${answer.status} ${codeOf(answer.body)}`);
  }
}

async function changeStatus(run: RaceRun, previous: Acked): Promise<void> {
  const { options, report } = run;
  const headers = options.staffHeaders ?? {};
  const instance = pickInstance(run);
  const details = await instance.send({
    method: 'GET',
    url: `/api/patient-management/getAppointmentDetails?${query({
      clientId: options.brand.clientId,
      appointmentId: previous.appointmentId,
    })}`,
    headers,
  });
  if (details.status !== 200) {
    bump(report.statusChanges, `details ${details.status}`);
    return;
  }
  const appointment = (details.body as { appointment: { status: string; version: number } }).appointment;
  run.statusTouched.add(previous.appointmentId);
  const roll = run.next();
  const status =
    appointment.status === 'pending' && roll < 0.3
      ? 'booked'
      : roll < 0.85
        ? 'cancelled'
        : 'entered-in-error';
  const answer = await instance.send({
    method: 'POST',
    url: '/api/patient-management/update_appointment_status',
    headers,
    payload: {
      clientId: options.brand.clientId,
      appointmentId: previous.appointmentId,
      status,
      version: appointment.version,
      reason: 'Race harness',
    },
  });
  bump(
    report.statusChanges,
    `${status} ${answer.status}${answer.status === 200 ? '' : ` ${codeOf(answer.body)}`}`,
  );
  if (answer.status >= 500) run.fail(`status change answered ${answer.status}`);
  if (answer.status === 200 && status !== 'booked') run.freed.add(targetKey(previous.target));
}

/** The database, checked with SQL after the race. */
async function checkDatabase(run: RaceRun, db: Db, maxIdBefore: number): Promise<void> {
  const { report, fail } = run;
  report.overlaps = await overlappingAppointments(db);
  report.halfWritten = await halfWritten(db, maxIdBefore);
  const ids = [...run.createdIds].map(Number);
  const rows = await appointmentsByIds(db, ids);
  for (const id of run.answeredChanged) {
    const status = rows.get(Number(id))?.status;
    if (status === 'booked' || status === 'pending')
      fail(`a replay called ${id} changed, but it is ${status}`);
  }
  for (const [key, id] of run.byKey) {
    const row = rows.get(Number(id));
    if (row === undefined) fail(`acknowledged appointment ${id} does not exist`);
    else if (row.idempotencyKey !== key)
      fail(`appointment ${id} carries key ${row.idempotencyKey}, not ${key}`);
  }
  const newRows = await appointmentsAfter(db, maxIdBefore);
  if (newRows !== report.created)
    fail(`${newRows} new appointment rows, but ${report.created} bookings were acknowledged`);
  for (const duplicate of await duplicatedIdempotencyKeys(db))
    fail(`idempotency key ${duplicate.key} on ${duplicate.n} appointments`);
  if (report.overlaps.length > 0)
    fail(`overlapping active appointments: ${JSON.stringify(report.overlaps.slice(0, 5))}`);
  if (!isClean(report.halfWritten)) fail(`half-written appointments: ${JSON.stringify(report.halfWritten)}`);
}
