/*
 * The patient's reschedule inside its write transaction (issue 18): the new time checked with the
 * booking's own slot re-check (loadSlotRecheck + isSlotBookable: working hours, busy periods, the
 * booking window), the patient's own current time not counting against it, then the move. A time
 * taken meanwhile is SLOT_TAKEN (here, or from the slot-unit key at insert): the caller's
 * transaction rolls back and the appointment keeps its old time.
 */
import { isSlotBookable } from '@scheduler/domain/availability/compute-availability';
import type { BookingWindow } from '@scheduler/domain/booking-window';
import { DomainError } from '@scheduler/domain/errors';
import type { Db } from '../../../platform/db/database.ts';
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

/** Checks the new time on what the database holds now and moves the appointment; throws SLOT_TAKEN. */
export async function rescheduleOnTransaction(
  trx: Db,
  context: ManageContext,
  move: RescheduleMove,
): Promise<void> {
  const { service, location } = context;
  const { current, providerId, startMs, at } = move;
  const otherProvider = providerId !== current.providerId;
  const tx = bookingTransactionOf(trx);
  const [provider] = await tx.listProviders({
    clientId: current.clientId,
    serviceId: service.id,
    locationIds: [location.id],
    providerId,
  });
  if (provider === undefined) throw slotTaken(context);
  if (otherProvider && (!provider.onlineBookable || (current.isNewPatient && !provider.acceptingNewPatients)))
    throw slotTaken(context);
  const { input, busy } = await loadSlotRecheck(tx, {
    at,
    window: move.window,
    clientId: current.clientId,
    service,
    location,
    candidates: [provider],
    onlyProviderId: providerId,
    startMs,
    // The patient's own provider, even one staff book only (the appointment was made with them).
    includeOfflineProviders: !otherProvider,
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
  if (
    !isSlotBookable({ ...input, ...toEngineBusy(others) }, String(providerId), String(location.id), startMs)
  )
    throw slotTaken(context);
  const moved = await moveByPatient(trx, {
    appointment: current,
    providerId,
    startAt: startMs,
    endAt: startMs + (provider.durationMinutes ?? service.durationMinutes) * MS_PER_MINUTE,
    nowMs: at.getTime(),
  });
  if (!moved) throw new DomainError('CONFLICT');
}
