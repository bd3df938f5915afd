/*
 * The reschedule inside its write transaction (issue 18; staff moves, issue 19): the new time
 * checked with the booking's own slot re-check (loadSlotRecheck + isSlotBookable: working hours,
 * busy periods, closed days, the booking window), the appointment's own current time not counting
 * against it, then the move. A time taken meanwhile is SLOT_TAKEN (here, or from the slot-unit key
 * at insert): the caller's transaction rolls back and the appointment keeps its old time. The
 * patient's reschedule (`rescheduleOnTransaction`) and the front desk's move (scheduling/
 * staff-booking) share `moveOnTransaction`; they differ in who may be chosen and how a refused time
 * is told.
 */
import type { AvailabilityInput, BookingWindow as EngineWindow } from '@scheduler/domain/availability/types';
import { isSlotBookable } from '../engine.ts';
import type { BookingWindow } from '@scheduler/domain/booking-window';
import { DomainError } from '@scheduler/domain/errors';
import type { Db } from '../../../platform/db/database.ts';
import type { BookableProvider, LocationRecord } from '../../catalogue/index.ts';
import { slotTaken } from '../booking/book-appointment.ts';
import { bookingTransactionOf } from '../booking/booking-repository.ts';
import { loadSlotRecheck } from '../booking/slot-recheck.ts';
import { toEngineBusy } from '../engine-input.ts';
import { moveByPatient } from './manage-repository.ts';
import type { ManagedAppointment } from './manage-repository.ts';
import type { ManageContext } from './manage-view.ts';

const MS_PER_MINUTE = 60_000;

export interface RescheduleMove {
  at: Date;
  window: BookingWindow;
  /** The appointment as re-read in the transaction. */
  current: ManagedAppointment;
  providerId: number;
  startMs: number;
}

/** A move of `current` to `provider` at `location` from `startMs`, judged by `judge`. */
export interface AppointmentMove {
  at: Date;
  /** The window the new time must lie in (the patient's booking window; from now for staff). */
  window: EngineWindow;
  current: ManagedAppointment;
  service: { id: number; durationMinutes: number };
  location: LocationRecord;
  provider: BookableProvider;
  startMs: number;
  includeOfflineProviders: boolean;
  /** Throws to refuse the time, given the re-check's input without the appointment's own time. */
  judge(input: AvailabilityInput, providerKey: string, locationKey: string, startMs: number): void;
  /** A staff move (not counted against the patient's own reschedules); absent for the patient's. */
  byStaff?: boolean;
}

/** Re-checks the new time on what the database holds now (its own time aside) and moves the row. */
export async function moveOnTransaction(trx: Db, move: AppointmentMove): Promise<void> {
  const { current, provider, service, location, startMs, at } = move;
  const tx = bookingTransactionOf(trx);
  const { input, busy } = await loadSlotRecheck(tx, {
    at,
    window: move.window,
    clientId: current.clientId,
    service,
    location,
    candidates: [provider],
    onlyProviderId: provider.id,
    startMs,
    includeOfflineProviders: move.includeOfflineProviders,
  });
  // The appointment being moved does not block its own new time.
  const own = busy.findIndex(
    (period) =>
      period.kind === 'appointment' &&
      period.providerId === current.providerId &&
      period.startAt === current.startAt &&
      period.endAt === current.endAt,
  );
  const others = own < 0 ? busy : busy.filter((_, index) => index !== own);
  move.judge({ ...input, ...toEngineBusy(others) }, String(provider.id), String(location.id), startMs);
  const moved = await moveByPatient(trx, {
    appointment: current,
    providerId: provider.id,
    locationId: location.id,
    startAt: startMs,
    endAt: startMs + (provider.durationMinutes ?? service.durationMinutes) * MS_PER_MINUTE,
    nowMs: at.getTime(),
    ...(move.byStaff === true ? { byStaff: true } : {}),
  });
  if (!moved) throw new DomainError('CONFLICT');
}

/** Checks the new time on what the database holds now and moves the appointment; throws SLOT_TAKEN. */
export async function rescheduleOnTransaction(
  trx: Db,
  context: ManageContext,
  move: RescheduleMove,
): Promise<void> {
  const { service, location } = context;
  const { current, providerId } = move;
  const otherProvider = providerId !== current.providerId;
  const [provider] = await bookingTransactionOf(trx).listProviders({
    clientId: current.clientId,
    serviceId: service.id,
    locationIds: [location.id],
    providerId,
  });
  if (provider === undefined) throw slotTaken(context);
  if (otherProvider && (!provider.onlineBookable || (current.isNewPatient && !provider.acceptingNewPatients)))
    throw slotTaken(context);
  await moveOnTransaction(trx, {
    ...move,
    service,
    location,
    provider,
    // The patient's own provider, even one staff book only (the appointment was made with them).
    includeOfflineProviders: !otherProvider,
    judge: (input, providerKey, locationKey, startMs) => {
      if (!isSlotBookable(input, providerKey, locationKey, startMs)) throw slotTaken(context);
    },
  });
}
