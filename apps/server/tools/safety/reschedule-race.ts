/*
 * Reschedule race (issue 18): "taking the new time and releasing the old one is one transaction".
 * N patients, each with a booked appointment of one provider (days after the target), move it
 * through their manage links to the same free time T at the same moment, while M new patients try
 * to book T through the booking page's route. Afterwards:
 *
 *  - exactly one request won T (one 200 reschedule or one 201 booking), and one active
 *    appointment of the provider covers T;
 *  - every losing mover was told SLOT_TAKEN (409) and still has its old time, booked;
 *  - the winning mover's old time is free again (no active appointment of the provider there);
 *  - no two active appointments of a provider overlap and nothing is half-written.
 */
import { randomUUID } from 'node:crypto';
import type { GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import type { Db } from '../../src/platform/db/database.ts';
import { activeAppointmentStatuses } from '../../src/platform/db/schema/columns.ts';
import { newPatient, query } from '../../src/test/public-api-fixture.ts';
import { halfWritten, isClean, overlappingAppointments } from './db/booking-invariants.ts';
import { onlineServices } from './db/brand-records.ts';
import type { Answer, RaceInstance } from './race-instances.ts';
import { NOW } from './safety-fixture.ts';

const DAY_MS = 86_400_000;
const ACTIVE: readonly string[] = activeAppointmentStatuses;

export interface RescheduleRaceOptions {
  /** Patients moving their appointment to the target time (default 20). */
  movers?: number;
  /** New patients booking the target time meanwhile (default 5). */
  bookers?: number;
}

export interface RescheduleRaceReport {
  movers: number;
  bookers: number;
  /** 200 reschedules and 201 bookings of the target time (must total 1). */
  movedThere: number;
  bookedThere: number;
  /** Answers of the losers by status and code ('409 SLOT_TAKEN': …). */
  losers: Record<string, number>;
  /** Active appointments of the provider at the target time (must be 1). */
  atTarget: number;
  /** Losing movers whose appointment is not at its old time, active, any more (must be 0). */
  losersMoved: number;
  /** The winning mover's old time still held by an active appointment (must be 0). */
  oldTimeHeld: number;
  overlaps: number;
  halfWritten: boolean;
  p95Ms: number;
  failures: string[];
}

interface Slot {
  startUtc: string;
  dateLocal: string;
  providerId: string;
  locationId: string;
}

interface Mover {
  appointmentId: number;
  token: string;
  slot: Slot;
}

function codeOf(body: unknown): string {
  if (typeof body !== 'object' || body === null || !('error' in body)) return '';
  const { error } = body as { error: { code?: unknown } };
  return typeof error.code === 'string' ? error.code : '';
}

/** The provider (and location) with the most free slots two days ahead or later, and those slots. */
async function providerSlots(
  send: RaceInstance['send'],
  brand: { slug: string; schedulerSlug: string },
  serviceId: number,
): Promise<Slot[]> {
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
  const groups = new Map<string, Slot[]>();
  for (const card of (answer.body as GetProvidersResponse).providers) {
    for (const slot of card.slots) {
      if (Date.parse(slot.startUtc) < NOW.getTime() + 2 * DAY_MS) continue;
      const key = `${card.providerId}@${slot.locationId}`;
      const list = groups.get(key) ?? [];
      list.push({ ...slot, providerId: card.providerId });
      groups.set(key, list);
    }
  }
  return [...groups.values()].sort((a, b) => b.length - a.length)[0] ?? [];
}

function bookingPayload(
  brand: { slug: string; schedulerSlug: string },
  serviceId: number,
  slot: Slot,
): Record<string, unknown> {
  return {
    clientSlug: brand.slug,
    schedulerSlug: brand.schedulerSlug,
    locationId: slot.locationId,
    providerId: slot.providerId,
    appointmentTypeId: String(serviceId),
    startUtc: slot.startUtc,
    patient: newPatient(),
    isExistingPatient: false,
    insurance: null,
    details: {},
    sessionId: `race-${randomUUID()}`,
    idempotencyKey: randomUUID(),
  };
}

async function activeAt(db: Db, providerId: number, startMs: number): Promise<{ id: number }[]> {
  return db
    .selectFrom('appointments')
    .select('id')
    .where('provider_id', '=', providerId)
    .where('start_at', '=', startMs)
    .where('status', 'in', [...activeAppointmentStatuses])
    .execute();
}

async function timed(run: () => Promise<Answer>): Promise<Answer & { ms: number }> {
  const started = performance.now();
  const answer = await run();
  return { ...answer, ms: performance.now() - started };
}

interface Tally {
  losers: Record<string, number>;
  movedThere: number;
  bookedThere: number;
  losersMoved: number;
  oldTimeHeld: number;
}

/** What the movers' and bookers' answers say, checked against the rows. */
async function tally(
  db: Db,
  target: Slot,
  movers: Mover[],
  moverAnswers: Answer[],
  bookerAnswers: Answer[],
  failures: string[],
): Promise<Tally> {
  const losers: Record<string, number> = {};
  const lose = (answer: Answer) => {
    const key = `${answer.status} ${codeOf(answer.body)}`.trim();
    losers[key] = (losers[key] ?? 0) + 1;
  };
  let movedThere = 0;
  let bookedThere = 0;
  let losersMoved = 0;
  let oldTimeHeld = 0;
  const providerId = Number(target.providerId);
  for (const [index, answer] of moverAnswers.entries()) {
    const mover = movers[index] as Mover;
    const row = await db
      .selectFrom('appointments')
      .select(['start_at', 'status'])
      .where('id', '=', mover.appointmentId)
      .executeTakeFirstOrThrow();
    if (answer.status === 200) {
      movedThere += 1;
      if (Number(row.start_at) !== Date.parse(target.startUtc))
        failures.push(`mover ${mover.appointmentId} answered 200 but is not at the target time`);
      oldTimeHeld += (await activeAt(db, providerId, Date.parse(mover.slot.startUtc))).length;
    } else {
      lose(answer);
      if (answer.status !== 409 || codeOf(answer.body) !== 'SLOT_TAKEN')
        failures.push(`mover ${mover.appointmentId} answered ${answer.status} ${codeOf(answer.body)}`);
      if (Number(row.start_at) !== Date.parse(mover.slot.startUtc) || !ACTIVE.includes(row.status))
        losersMoved += 1;
    }
  }
  for (const answer of bookerAnswers) {
    if (answer.status === 201) bookedThere += 1;
    else {
      lose(answer);
      if (answer.status !== 409) failures.push(`a booker answered ${answer.status} ${codeOf(answer.body)}`);
    }
  }
  return { losers, movedThere, bookedThere, losersMoved, oldTimeHeld };
}

export async function runRescheduleRace(
  db: Db,
  instances: RaceInstance[],
  brand: { clientId: number; slug: string; schedulerSlug: string },
  options: RescheduleRaceOptions = {},
): Promise<RescheduleRaceReport> {
  const moverCount = options.movers ?? 20;
  const bookerCount = options.bookers ?? 5;
  let turn = 0;
  const send: RaceInstance['send'] = (request) => {
    const instance = instances[turn++ % instances.length];
    if (instance === undefined) throw new Error('no instance');
    return instance.send(request);
  };
  const service = (await onlineServices(db, brand.clientId))[0];
  if (service === undefined) throw new Error('no online service');
  const slots = await providerSlots(send, brand, service.id);
  const target = slots[0];
  if (target === undefined) throw new Error('no free slot two days ahead');

  // The movers' appointments: later days than the target's (they never cover it).
  const movers: Mover[] = [];
  for (const slot of slots) {
    if (movers.length >= moverCount) break;
    if (slot.dateLocal === target.dateLocal) continue;
    const booked = await send({
      method: 'PUT',
      url: '/api/scheduler/bookAppointment',
      payload: bookingPayload(brand, service.id, slot),
    });
    if (booked.status !== 201) continue; // overlaps an earlier mover's appointment
    const body = booked.body as { appointmentId: string; manageUrl?: string | null };
    const token = body.manageUrl?.split('/').at(-1);
    if (token === undefined) throw new Error('the booking answer has no manage link');
    movers.push({ appointmentId: Number(body.appointmentId), token, slot });
  }
  const failures: string[] = [];
  if (movers.length < moverCount) failures.push(`only ${movers.length} of ${moverCount} movers could book`);

  // The race: every mover and every booker at once.
  const requests: (() => Promise<Answer>)[] = [
    ...movers.map(
      (mover) => () =>
        send({
          method: 'POST',
          url: '/api/scheduler/manage/reschedule',
          headers: { 'x-manage-token': mover.token },
          payload: { startUtc: target.startUtc, providerId: null },
        }),
    ),
    ...Array.from(
      { length: bookerCount },
      () => () =>
        send({
          method: 'PUT',
          url: '/api/scheduler/bookAppointment',
          payload: bookingPayload(brand, service.id, target),
        }),
    ),
  ];
  const answers = await Promise.all(requests.map((request) => timed(request)));
  const moverAnswers = answers.slice(0, movers.length);
  const bookerAnswers = answers.slice(movers.length);

  const { losers, movedThere, bookedThere, losersMoved, oldTimeHeld } = await tally(
    db,
    target,
    movers,
    moverAnswers,
    bookerAnswers,
    failures,
  );
  const atTarget = (await activeAt(db, Number(target.providerId), Date.parse(target.startUtc))).length;
  const overlaps = (await overlappingAppointments(db)).length;
  const half = await halfWritten(db);
  if (movedThere + bookedThere !== 1)
    failures.push(`${movedThere + bookedThere} requests won the target time`);
  if (atTarget !== 1) failures.push(`${atTarget} active appointments at the target time`);
  if (losersMoved > 0) failures.push(`${losersMoved} losing movers lost their old time`);
  if (oldTimeHeld > 0) failures.push("the winner's old time is still held");
  if (overlaps > 0) failures.push(`${overlaps} overlapping active appointments`);
  if (!isClean(half)) failures.push('half-written appointments');
  const ms = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  return {
    movers: movers.length,
    bookers: bookerCount,
    movedThere,
    bookedThere,
    losers,
    atTarget,
    losersMoved,
    oldTimeHeld,
    overlaps,
    halfWritten: !isClean(half),
    p95Ms: ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.95))] ?? 0,
    failures,
  };
}

/** The figures `npm run safety:races -- --scenario reschedule` prints. */
export function rescheduleFigures(report: RescheduleRaceReport): Record<string, string | number> {
  return {
    'movers (reschedule to T)': report.movers,
    'bookers (book T)': report.bookers,
    'won T: moved / booked': `${report.movedThere} / ${report.bookedThere}`,
    losers: JSON.stringify(report.losers),
    'active appointments at T': report.atTarget,
    'losing movers without their old time': report.losersMoved,
    "winner's old time still held": report.oldTimeHeld,
    'overlaps found': report.overlaps,
    'half-written': report.halfWritten ? 'yes' : 'no',
    'latency p95 (ms)': report.p95Ms.toFixed(0),
    failures: report.failures.length,
  };
}
