/*
 * Builds working hours and a realistic history of appointments for one provider: never
 * overlapping (the same rule the database guard enforces), inside working hours, outside
 * time off, with FHIR statuses that fit the clock, their status history and slot units.
 */
import type { AppointmentStatus, EpochMs } from '../schema.ts';
import { holdsSlotUnits, slotUnitStarts } from '../slot-units.ts';
import type { Random } from './random.ts';
import type { IdAllocator, RowSink } from './row-writer.ts';
import { pickTrafficSource } from './traffic.ts';
import type { DayNumber } from './zoned-time.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS, localDayOf, weekdayOf, zonedToUtc } from './zoned-time.ts';

export interface HoursBlock {
  locationId: number;
  timeZone: string;
  weekday: number;
  startMinute: number;
  endMinute: number;
  effectiveFrom: DayNumber | null;
  effectiveTo: DayNumber | null;
}

export interface PlannedService {
  serviceId: number;
  durationMinutes: number;
  newPatientsOnly: boolean;
  /** Relative frequency. */
  weight: number;
}

export interface ProviderPlan {
  clientId: number;
  schedulerId: number;
  providerId: number;
  blocks: readonly HoursBlock[];
  services: readonly PlannedService[];
  timeOff: readonly { startAt: EpochMs; endAt: EpochMs }[];
}

export interface AppointmentContext {
  now: EpochMs;
  random: Random;
  ids: IdAllocator;
  sink: RowSink;
  patientIds: readonly number[];
  /** Patients who already have an appointment (for `is_new_patient`). */
  seenPatients: Set<number>;
  /** Users who book by phone (created_by_user_id); may be empty. */
  staffUserIds: readonly number[];
  /** thankYouScreen 3: booked (true) or pending (false) for online bookings. */
  autoConfirm: boolean;
  /** The patient's insurance policy, linked to the appointment when present. */
  policyIdByPatient?: ReadonlyMap<number, number>;
  /** Called with each created appointment (seed uses it for feedback and notes). */
  onAppointment?: (appointment: CreatedAppointment) => void;
}

export interface CreatedAppointment {
  id: number;
  patientId: number;
  startAt: EpochMs;
  endAt: EpochMs;
  status: AppointmentStatus;
}

const cancelReasons = ['Patient request', 'Scheduling conflict', 'Feeling better', 'Rescheduled', 'Weather'];
const visitReasons = [
  'Routine visit',
  'Follow-up',
  'Pain or discomfort',
  'Second opinion',
  'Check-up before travel',
];

interface Lifecycle {
  status: AppointmentStatus;
  createdAt: EpochMs;
  cancelReason: string | null;
  history: { from: AppointmentStatus | null; to: AppointmentStatus; at: EpochMs; reason: string | null }[];
}

function lifecycle(
  startAt: EpochMs,
  endAt: EpochMs,
  now: EpochMs,
  random: Random,
  autoConfirm: boolean,
  byStaff: boolean,
): Lifecycle {
  const createdAt = Math.min(startAt, now) - random.int(2, 21 * 24) * HOUR_MS - random.int(0, 59) * MINUTE_MS;
  const initial: AppointmentStatus = byStaff || autoConfirm ? 'booked' : 'pending';
  const history: Lifecycle['history'] = [{ from: null, to: initial, at: createdAt, reason: null }];
  const confirmAt = Math.min(createdAt + random.int(1, 24) * HOUR_MS, startAt - HOUR_MS, now);
  const confirm = (): void => {
    if (initial === 'pending')
      history.push({ from: 'pending', to: 'booked', at: Math.max(confirmAt, createdAt + 1), reason: null });
  };
  const cancelAt = (): EpochMs => Math.min(now, startAt) - random.int(1, 47) * HOUR_MS;

  if (endAt <= now) {
    const outcome = random.weighted([
      ['fulfilled', 82],
      ['noshow', 6],
      ['cancelled', 10],
      ['entered-in-error', 2],
    ] as const);
    if (outcome === 'cancelled' || outcome === 'entered-in-error') {
      const reason = outcome === 'cancelled' ? random.pick(cancelReasons) : 'Duplicate booking';
      history.push({ from: initial, to: outcome, at: Math.max(cancelAt(), createdAt + 1), reason });
      return { status: outcome, createdAt, cancelReason: outcome === 'cancelled' ? reason : null, history };
    }
    confirm();
    if (outcome === 'noshow') {
      history.push({ from: 'booked', to: 'noshow', at: startAt + 20 * MINUTE_MS, reason: null });
      return { status: 'noshow', createdAt, cancelReason: null, history };
    }
    history.push({
      from: 'booked',
      to: 'checked-in',
      at: startAt - random.int(2, 15) * MINUTE_MS,
      reason: null,
    });
    history.push({ from: 'checked-in', to: 'fulfilled', at: endAt, reason: null });
    return { status: 'fulfilled', createdAt, cancelReason: null, history };
  }

  if (startAt <= now) {
    confirm();
    const present: AppointmentStatus = random.chance(0.5) ? 'arrived' : 'checked-in';
    history.push({ from: 'booked', to: present, at: startAt - random.int(1, 10) * MINUTE_MS, reason: null });
    return { status: present, createdAt, cancelReason: null, history };
  }

  if (random.chance(0.08)) {
    const reason = random.pick(cancelReasons);
    history.push({ from: initial, to: 'cancelled', at: Math.max(cancelAt(), createdAt + 1), reason });
    return { status: 'cancelled', createdAt, cancelReason: reason, history };
  }
  // Most pending bookings get confirmed by staff within a day; recent ones may still wait.
  if (initial === 'pending' && createdAt < now - DAY_MS && random.chance(0.8)) {
    confirm();
    return { status: 'booked', createdAt, cancelReason: null, history };
  }
  return { status: initial, createdAt, cancelReason: null, history };
}

function weightedService(
  services: readonly PlannedService[],
  maxMinutes: number,
  random: Random,
): PlannedService | undefined {
  const fitting = services.filter((service) => service.durationMinutes <= maxMinutes);
  if (fitting.length === 0) return undefined;
  return random.weighted(fitting.map((service) => [service, service.weight] as const));
}

/**
 * Fills the provider's working time from `fromDay` to `toDay` (local calendar days,
 * inclusive) with appointments. `utilization(daysFromToday)` is the chance that a free
 * 15-minute position starts an appointment. Returns how many were created (≤ maxCount).
 */
export function fillProviderAppointments(
  plan: ProviderPlan,
  context: AppointmentContext,
  fromDay: DayNumber,
  toDay: DayNumber,
  utilization: (daysFromToday: number) => number,
  maxCount = Number.POSITIVE_INFINITY,
): number {
  const { now, random, sink, ids } = context;
  if (plan.services.length === 0 || plan.blocks.length === 0 || context.patientIds.length === 0) return 0;
  const shortest = Math.min(...plan.services.map((service) => service.durationMinutes));
  const todayByZone = new Map<string, DayNumber>();
  let created = 0;

  for (let day = fromDay; day <= toDay && created < maxCount; day++) {
    const weekday = weekdayOf(day);
    for (const block of plan.blocks) {
      if (block.weekday !== weekday) continue;
      if (block.effectiveFrom !== null && day < block.effectiveFrom) continue;
      if (block.effectiveTo !== null && day > block.effectiveTo) continue;
      let today = todayByZone.get(block.timeZone);
      if (today === undefined) {
        today = localDayOf(now, block.timeZone);
        todayByZone.set(block.timeZone, today);
      }
      const probability = utilization(day - today);
      const blockStart = zonedToUtc(day, block.startMinute, block.timeZone);
      const blockEnd = blockStart + (block.endMinute - block.startMinute) * MINUTE_MS;
      let cursor = blockStart;
      while (cursor + shortest * MINUTE_MS <= blockEnd && created < maxCount) {
        if (!random.chance(probability)) {
          cursor += 15 * MINUTE_MS;
          continue;
        }
        const service = weightedService(plan.services, (blockEnd - cursor) / MINUTE_MS, random);
        if (service === undefined) break;
        const startAt = cursor;
        const endAt = startAt + service.durationMinutes * MINUTE_MS;
        if (plan.timeOff.some((off) => off.startAt < endAt && startAt < off.endAt)) {
          cursor += 15 * MINUTE_MS;
          continue;
        }
        createAppointment(plan, context, block.locationId, service, startAt, endAt);
        created++;
        cursor = endAt;
      }
    }
  }
  return created;

  function createAppointment(
    providerPlan: ProviderPlan,
    ctx: AppointmentContext,
    locationId: number,
    service: PlannedService,
    startAt: EpochMs,
    endAt: EpochMs,
  ): void {
    const id = ids.next('appointments');
    const patientId = random.pick(ctx.patientIds);
    const isNew = service.newPatientsOnly || !ctx.seenPatients.has(patientId);
    ctx.seenPatients.add(patientId);
    const byStaff = ctx.staffUserIds.length > 0 && random.chance(0.25);
    const bookedByUserId = byStaff ? random.pick(ctx.staffUserIds) : null;
    const frontDeskUserId = ctx.staffUserIds[0] ?? null;
    const source = byStaff ? null : pickTrafficSource(random);
    const life = lifecycle(startAt, endAt, now, random, ctx.autoConfirm, byStaff);
    const updatedAt = life.history[life.history.length - 1]?.at ?? life.createdAt;
    sink.add('appointments', {
      id,
      client_id: providerPlan.clientId,
      scheduler_id: providerPlan.schedulerId,
      provider_id: providerPlan.providerId,
      location_id: locationId,
      service_id: service.serviceId,
      patient_id: patientId,
      insurance_policy_id: ctx.policyIdByPatient?.get(patientId) ?? null,
      start_at: startAt,
      end_at: endAt,
      status: life.status,
      is_new_patient: isNew ? 1 : 0,
      idempotency_key: byStaff ? null : `seed-${id}`,
      session_id: null,
      channel: byStaff ? 'phone' : (source?.channel ?? 'website'),
      utm_source: source?.utmSource ?? null,
      utm_medium: source?.utmMedium ?? null,
      utm_campaign: source?.utmCampaign ?? null,
      utm_term: source?.utmTerm ?? null,
      rwg_token: source?.rwgToken ?? null,
      reason: random.chance(0.3) ? random.pick(visitReasons) : null,
      notes: null,
      cancel_reason: life.cancelReason,
      version: life.history.length,
      created_by_user_id: bookedByUserId,
      created_at: life.createdAt,
      updated_at: updatedAt,
    });
    for (const step of life.history) {
      sink.add('appointment_status_history', {
        client_id: providerPlan.clientId,
        appointment_id: id,
        from_status: step.from,
        to_status: step.to,
        reason: step.reason,
        changed_by_user_id: step.from === null ? bookedByUserId : frontDeskUserId,
        created_at: step.at,
      });
    }
    if (holdsSlotUnits(life.status)) {
      for (const unitStart of slotUnitStarts(startAt, endAt)) {
        sink.add('appointment_slot_units', {
          client_id: providerPlan.clientId,
          provider_id: providerPlan.providerId,
          unit_start: unitStart,
          appointment_id: id,
        });
      }
    }
    ctx.onAppointment?.({ id, patientId, startAt, endAt, status: life.status });
  }
}
