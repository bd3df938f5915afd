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
 */
import { randomUUID } from 'node:crypto';
import type { GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import type { App } from '../app.ts';
import type { Db } from '../platform/db/database.ts';
import { newPatient, query } from '../test/public-api-fixture.ts';
import {
  appointmentsAfter,
  appointmentsByIds,
  duplicatedIdempotencyKeys,
  halfWritten,
  isClean,
  maxAppointmentId,
  onlineServices,
  overlappingAppointments,
} from './safety-repository.ts';
import type { HalfWritten, OverlapRow } from './safety-repository.ts';

export interface Answer {
  status: number;
  body: unknown;
}

/** One server instance as a client sees it. */
export interface RaceInstance {
  name: string;
  send(request: {
    method: string;
    url: string;
    payload?: unknown;
    headers?: Record<string, string>;
  }): Promise<Answer>;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** An in-process instance called through `inject` (no sockets). */
export function injectInstance(app: App, name = 'inject'): RaceInstance {
  return {
    name,
    async send({ method, url, payload, headers }) {
      const response = await app.inject({
        method: method as 'GET',
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
        ...(headers === undefined ? {} : { headers }),
      });
      return { status: response.statusCode, body: parseBody(response.body) };
    },
  };
}

/** An instance listening on a port of 127.0.0.1, called over HTTP. */
export async function listeningInstance(app: App, name: string): Promise<RaceInstance> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    name: `${name} (${address})`,
    async send({ method, url, payload, headers }) {
      const response = await fetch(`${address}${url}`, {
        method,
        headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      });
      return { status: response.status, body: parseBody(await response.text()) };
    },
  };
}

export interface SlotTarget {
  providerId: string;
  serviceId: string;
  locationId: string;
  startUtc: string;
}

/** Free slots of a few providers in two or more services (overlapping intervals of different lengths). */
export async function raceTargets(
  instance: RaceInstance,
  db: Db,
  brand: { clientId: number; slug: string; schedulerSlug: string },
  options: { providers: number; slotsPerService: number },
): Promise<SlotTarget[]> {
  const byProvider = new Map<string, SlotTarget[]>();
  for (const service of await onlineServices(db, brand.clientId)) {
    const answer = await instance.send({
      method: 'GET',
      url: `/api/scheduler/getProviders?${query({
        clientName: brand.slug,
        scheduler: brand.schedulerSlug,
        appointmentTypeId: service.id,
        locationId: 'all',
      })}`,
    });
    if (answer.status !== 200) continue;
    for (const card of (answer.body as GetProvidersResponse).providers) {
      const slots = card.slots.slice(0, options.slotsPerService);
      if (slots.length === 0) continue;
      const list = byProvider.get(card.providerId) ?? [];
      list.push(
        ...slots.map((slot) => ({
          providerId: card.providerId,
          serviceId: String(service.id),
          locationId: slot.locationId,
          startUtc: slot.startUtc,
        })),
      );
      byProvider.set(card.providerId, list);
    }
  }
  // Providers offering the most services first: their slots overlap across services.
  const chosen = [...byProvider.values()]
    .sort((a, b) => new Set(b.map((t) => t.serviceId)).size - new Set(a.map((t) => t.serviceId)).size)
    .slice(0, options.providers);
  return chosen.flat();
}

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

/** A small seeded generator (mulberry32): reproducible choices. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
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

export async function runBookingRace(db: Db, options: RaceOptions): Promise<RaceReport> {
  const started = Date.now();
  const next = random(options.seed ?? 8);
  const retryShare = options.retryShare ?? 0.08;
  const statusShare = options.staffHeaders === undefined ? 0 : (options.statusShare ?? 0.06);
  const maxIdBefore = await maxAppointmentId(db);
  const report: RaceReport = {
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
  const acked: Acked[] = [];
  const byKey = new Map<string, string>();
  const createdIds = new Set<string>();
  const freed = new Set<string>();
  /** Appointments whose status staff changed (or were changing). */
  const statusTouched = new Set<string>();
  /** Appointments a replay called changed (their final status must say so). */
  const answeredChanged = new Set<string>();
  const fail = (message: string) => {
    if (report.failures.length < 100) report.failures.push(message);
  };
  const targetKey = (t: SlotTarget) => `${t.providerId}|${t.serviceId}|${t.startUtc}`;
  let started_ = 0;
  let reported = 0;
  let instanceIndex = 0;
  const pickInstance = () => {
    instanceIndex = (instanceIndex + 1) % options.instances.length;
    const instance = options.instances[instanceIndex];
    if (instance === undefined) throw new Error('no instance');
    return instance;
  };

  async function book(target: SlotTarget): Promise<void> {
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
    const answer = await pickInstance().send({
      method: 'PUT',
      url: '/api/scheduler/bookAppointment',
      payload: body,
    });
    report.attempts++;
    if (answer.status === 201) {
      const id = (answer.body as { appointmentId: string }).appointmentId;
      if (createdIds.has(id)) fail(`201 twice for appointment ${id}`);
      createdIds.add(id);
      byKey.set(key, id);
      report.created++;
      if (freed.delete(targetKey(target))) report.rebookedAfterCancel++;
      acked.push({ appointmentId: id, key, body, target });
    } else if (answer.status === 409 && codeOf(answer.body) === 'SLOT_TAKEN') {
      report.conflicts++;
    } else {
      if (answer.status >= 500)
        fail(`booking answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 200)}`);
      bump(report.otherAnswers, `${answer.status} ${codeOf(answer.body)}`);
    }
  }

  async function retry(previous: Acked): Promise<void> {
    const answer = await pickInstance().send({
      method: 'PUT',
      url: '/api/scheduler/bookAppointment',
      payload: previous.body,
    });
    report.attempts++;
    if (answer.status === 200) {
      report.replayed++;
      const id = (answer.body as { appointmentId: string }).appointmentId;
      if (id !== previous.appointmentId)
        fail(`replay of ${previous.key} answered ${id}, first ${previous.appointmentId}`);
    } else if (
      answer.status === 409 &&
      codeOf(answer.body) === 'CONFLICT' &&
      statusTouched.has(previous.appointmentId)
    ) {
      // Staff cancelled or voided it meanwhile: the replay says so, and books nothing (checked below).
      report.replayedChanged++;
      answeredChanged.add(previous.appointmentId);
    } else {
      fail(`replay of ${previous.key} answered ${answer.status} ${codeOf(answer.body)}`);
    }
  }

  async function changeStatus(previous: Acked): Promise<void> {
    const headers = options.staffHeaders ?? {};
    const instance = pickInstance();
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
    statusTouched.add(previous.appointmentId);
    const roll = next();
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
    if (answer.status >= 500) fail(`status change answered ${answer.status}`);
    if (answer.status === 200 && status !== 'booked') freed.add(targetKey(previous.target));
  }

  async function worker(): Promise<void> {
    while (started_ < options.attempts) {
      const roll = next();
      const previous = acked.length === 0 ? undefined : acked[Math.floor(next() * acked.length)];
      if (previous !== undefined && roll < statusShare) {
        await changeStatus(previous);
        continue;
      }
      started_++;
      if (previous !== undefined && roll < statusShare + retryShare) await retry(previous);
      else {
        const target = options.targets[Math.floor(next() * options.targets.length)];
        if (target !== undefined) await book(target);
      }
      if (started_ - reported >= 500) {
        reported = started_ - (started_ % 500);
        options.onProgress?.(reported);
      }
    }
  }

  await Promise.all(Array.from({ length: options.concurrency }, () => worker()));

  // The database, checked with SQL.
  report.overlaps = await overlappingAppointments(db);
  report.halfWritten = await halfWritten(db, maxIdBefore);
  const ids = [...createdIds].map(Number);
  const rows = await appointmentsByIds(db, ids);
  for (const id of answeredChanged) {
    const status = rows.get(Number(id))?.status;
    if (status === 'booked' || status === 'pending')
      fail(`a replay called ${id} changed, but it is ${status}`);
  }
  for (const [key, id] of byKey) {
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
  report.seconds = (Date.now() - started) / 1000;
  return report;
}
