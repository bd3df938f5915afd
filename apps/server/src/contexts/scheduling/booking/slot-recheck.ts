/*
 * The slot re-check of a booking, on what the database holds inside the booking transaction:
 * the candidates' working hours at the location and their busy periods (time off and active
 * appointments) around the slot, as the availability engine's input. Shared by the patient's
 * PUT bookAppointment and the staff booking from the waitlist, so both answer "is this slot
 * still free" the same way; the slot-unit key of the database settles a race either way.
 */
import type { AvailabilityInput, BookingWindow } from '@scheduler/domain/availability/types';
import type { BusyRecord } from '../slot-search/busy-repository.ts';
import { toEngineBusy, toEngineHours, toEngineLocation, toEngineProvider } from '../engine-input.ts';
import type { LocationRecord, BookableProvider } from '../../catalogue/index.ts';
import type { BookingTransaction } from './booking-repository.ts';

const MS_PER_MINUTE = 60_000;

export interface SlotRecheckRequest {
  at: Date;
  window: BookingWindow;
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

/** The engine input of the re-check, loaded on the transaction (two statements). */
export async function loadSlotRecheck(
  tx: BookingTransaction,
  request: SlotRecheckRequest,
): Promise<SlotRecheck> {
  const { at, window, clientId, service, location, candidates, onlyProviderId, startMs } = request;
  const longest = Math.max(...candidates.map((p) => p.durationMinutes ?? service.durationMinutes));
  const fromMs = Math.min(window.earliest.getTime(), startMs);
  const toMs = Math.max(window.latestExclusive.getTime(), startMs + longest * MS_PER_MINUTE);
  const only = onlyProviderId === null ? {} : { providerId: onlyProviderId };
  const [hours, busy] = await Promise.all([
    tx.listWorkingHours({ clientId, serviceId: service.id, locationIds: [location.id], ...only }),
    tx.listBusy({ clientId, serviceId: service.id, fromMs, toMs, ...only }),
  ]);
  const input: AvailabilityInput = {
    now: at,
    window,
    service: { id: String(service.id), durationMinutes: service.durationMinutes },
    locations: [toEngineLocation(location)],
    providers: candidates.map(toEngineProvider),
    workingHours: toEngineHours(hours),
    ...toEngineBusy(busy),
    ...(request.includeOfflineProviders === true ? { options: { includeOfflineProviders: true } } : {}),
  };
  return { input, busy };
}
