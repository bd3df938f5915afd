/*
 * The slot re-check of a booking, on what the database holds inside the booking transaction:
 * the candidates' working hours at the location, their busy periods (time off and active
 * appointments) around the slot and the location's closed days (issue 19), as the availability
 * engine's input. Shared by the patient's PUT bookAppointment, the reschedule and the staff
 * bookings, so all answer "is this slot still free" the same way (the engine through engine.ts);
 * the slot-unit key of the database settles a race either way.
 */
import type { AvailabilityInput, BookingWindow } from '@scheduler/domain/availability/types';
import { computeBookingWindow } from '@scheduler/domain/booking-window';
import type { BookingWindowSettings } from '@scheduler/domain/booking-window';
import { localDateOf } from '@scheduler/domain/time-zone';
import type { BusyRecord } from '../slot-search/busy-repository.ts';
import { toEngineBusy, toEngineHours, toEngineLocation, toEngineProvider } from '../engine-input.ts';
import type { LocationRecord, BookableProvider } from '../../catalogue/index.ts';
import type { BookingTransaction } from './booking-repository.ts';

const MS_PER_MINUTE = 60_000;
/** Closed days are read from the slot's (or today's) local date on, with no end: they are few. */
const NO_END = '9999-12-31';

export interface SlotRecheckRequest {
  at: Date;
  window: BookingWindow;
  /**
   * The patient booking window's settings: when given, the window is computed again with the
   * location's closed days (business days step over them, as in the search) and replaces `window`.
   */
  windowSettings?: BookingWindowSettings;
  clientId: number;
  service: { id: number; durationMinutes: number };
  location: LocationRecord;
  candidates: readonly BookableProvider[];
  /** Only this provider's hours and busy periods (null: every provider offering the service). */
  onlyProviderId: number | null;
  startMs: number;
  /** Staff may book providers who are not bookable online. */
  includeOfflineProviders?: boolean;
}

export interface SlotRecheck {
  input: AvailabilityInput;
  busy: BusyRecord[];
}

/** The engine input of the re-check, loaded on the transaction (three statements). */
export async function loadSlotRecheck(
  tx: BookingTransaction,
  request: SlotRecheckRequest,
): Promise<SlotRecheck> {
  const { at, clientId, service, location, candidates, onlyProviderId, startMs } = request;
  // Closed days first: they may move the window, whose span the busy periods are read for. (The
  // statements of one transaction run one after the other anyway.)
  const closedFrom = localDateOf(Math.min(at.getTime(), startMs), location.timeZone);
  const closed = await tx.listClosedDates(clientId, [location.id], closedFrom, NO_END);
  const closedDates = closed.map((closure) => closure.dateLocal);
  const window =
    request.windowSettings === undefined
      ? request.window
      : computeBookingWindow(request.windowSettings, at, location.timeZone, closedDates);
  const longest = Math.max(...candidates.map((p) => p.durationMinutes ?? service.durationMinutes));
  const fromMs = Math.min(window.earliest.getTime(), startMs);
  const toMs = Math.max(window.latestExclusive.getTime(), startMs + longest * MS_PER_MINUTE);
  const only = onlyProviderId === null ? {} : { providerId: onlyProviderId };
  const [hours, busy] = await Promise.all([
    tx.listWorkingHours({ clientId, serviceId: service.id, locationIds: [location.id], ...only }),
    tx.listBusy({ clientId, serviceId: service.id, fromMs, toMs, ...only }),
  ]);
  const locationKey = String(location.id);
  const input: AvailabilityInput = {
    now: at,
    window,
    service: { id: String(service.id), durationMinutes: service.durationMinutes },
    locations: [toEngineLocation(location)],
    providers: candidates.map(toEngineProvider),
    workingHours: toEngineHours(hours),
    ...toEngineBusy(busy),
    ...(closedDates.length === 0
      ? {}
      : { closures: closedDates.map((dateLocal) => ({ locationId: locationKey, dateLocal })) }),
    ...(request.includeOfflineProviders === true ? { options: { includeOfflineProviders: true } } : {}),
  };
  return { input, busy };
}
