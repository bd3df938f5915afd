/*
 * The double-booking guard (see the `appointment_slot_units` table in the initial
 * migration). An active appointment holds every 5-minute unit of its provider's time that
 * it touches; the UNIQUE key (provider_id, unit_start) lets only one appointment hold a
 * unit. Booking code inserts the units in the same transaction as the appointment and maps
 * a unique violation to the spec's "slot taken" message via `isSlotUnitConflict`.
 * Issue 20 (migration 020): a partner's hold (`slot_holds`) claims its units the same way
 * (`hold_id` set instead of `appointment_id`), so a booking over a hold fails like one over
 * an appointment, and the other way round.
 */
import type { AppointmentStatus, EpochMs } from './schema.ts';
import { activeAppointmentStatuses } from './schema.ts';

export const SLOT_UNIT_MS = 5 * 60 * 1000;
export const SLOT_UNIT_CONSTRAINT = 'appointment_slot_units_provider_unit_key';

/** Unit starts touched by [startAt, endAt): from floor(startAt) to before endAt, step 5 min. */
export function slotUnitStarts(startAt: EpochMs, endAt: EpochMs): EpochMs[] {
  const units: EpochMs[] = [];
  for (let unit = Math.floor(startAt / SLOT_UNIT_MS) * SLOT_UNIT_MS; unit < endAt; unit += SLOT_UNIT_MS) {
    units.push(unit);
  }
  return units;
}

/** Whether an appointment in this status keeps its time reserved. */
export function holdsSlotUnits(status: AppointmentStatus): boolean {
  return activeAppointmentStatuses.includes(status);
}

/**
 * True when `error` is the unique violation of the slot-unit key, on either database:
 * better-sqlite3 reports SQLITE_CONSTRAINT_UNIQUE naming the table's columns; node-postgres
 * reports SQLSTATE 23505 with the constraint name.
 */
export function isSlotUnitConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code === '23505') return constraint === SLOT_UNIT_CONSTRAINT;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return typeof message === 'string' && message.includes('appointment_slot_units.');
  }
  return false;
}
