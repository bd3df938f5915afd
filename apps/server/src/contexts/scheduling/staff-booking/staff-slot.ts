/*
 * The staff rules of one time (decision 012, issue 19), shared by the front desk's booking and
 * move and the waitlist's Book dialog: the booking's own re-check (`loadSlotRecheck` +
 * `isSlotBookable`, through the one engine site), with a window from now to the end of the slot —
 * staff are not held to the patient booking window, nor to the "bookable online" flags — and, when
 * the time is refused, which rule refused it: working hours, a closed day, time off, or another
 * appointment (none of them can be overridden).
 */
import type { AvailabilityInput } from '@scheduler/domain/availability/types';
import { computeBookingWindow } from '@scheduler/domain/booking-window';
import type { SchedulerSettings } from '@scheduler/domain/settings';
import type { OverrideRule, StaffTimeRefusal } from '@scheduler/contract/admin/front-desk';
import { localDateOf } from '@scheduler/domain/time-zone';
import type { Db } from '../../../platform/db/database.ts';
import { listClosedDates } from '../../catalogue/index.ts';
import type { BookableProvider, LocationRecord } from '../../catalogue/index.ts';
import type { BookingTransaction } from '../booking/booking-repository.ts';
import { loadSlotRecheck } from '../booking/slot-recheck.ts';
import { isSlotBookable } from '../engine.ts';

const MS_PER_MINUTE = 60_000;

/** Null when staff may book the time, else the rule that refuses it (checked in this order). */
export function staffSlotVerdict(
  input: AvailabilityInput,
  providerKey: string,
  locationKey: string,
  startMs: number,
): StaffTimeRefusal | null {
  if (isSlotBookable(input, providerKey, locationKey, startMs)) return null;
  const { closures, ...open } = input;
  const bare: AvailabilityInput = { ...open, timeOff: [], appointments: [] };
  if (!isSlotBookable(bare, providerKey, locationKey, startMs)) return 'outside-hours';
  if (closures !== undefined && !isSlotBookable({ ...bare, closures }, providerKey, locationKey, startMs))
    return 'closed';
  if (!isSlotBookable({ ...input, appointments: [] }, providerKey, locationKey, startMs)) return 'time-off';
  return 'taken';
}

/** The window of a staff check: from now to the end of the slot (no patient booking window). */
export function staffWindow(at: Date, endMs: number): { earliest: Date; latestExclusive: Date } {
  return { earliest: at, latestExclusive: new Date(Math.max(endMs, at.getTime())) };
}

/** The end of a slot of `provider` for `service` from `startMs`. */
export function slotEndMs(
  provider: Pick<BookableProvider, 'durationMinutes'>,
  service: { durationMinutes: number },
  startMs: number,
): number {
  return startMs + (provider.durationMinutes ?? service.durationMinutes) * MS_PER_MINUTE;
}

export interface StaffSlotRequest {
  at: Date;
  clientId: number;
  service: { id: number; durationMinutes: number };
  location: LocationRecord;
  provider: BookableProvider;
  startMs: number;
}

/** Loads the re-check on the transaction and judges the time by the staff rules. */
export async function checkStaffSlot(
  tx: BookingTransaction,
  request: StaffSlotRequest,
): Promise<{ endMs: number; refusal: StaffTimeRefusal | null }> {
  const { at, clientId, service, location, provider, startMs } = request;
  const endMs = slotEndMs(provider, service, startMs);
  const { input } = await loadSlotRecheck(tx, {
    at,
    window: staffWindow(at, endMs),
    clientId,
    service,
    location,
    candidates: [provider],
    onlyProviderId: provider.id,
    startMs,
    includeOfflineProviders: true,
  });
  return { endMs, refusal: staffSlotVerdict(input, String(provider.id), String(location.id), startMs) };
}

/** The patient-protecting rules a staff time overrides: sooner than the scheduler's minimum notice. */
export function overriddenRules(
  settings: SchedulerSettings,
  at: Date,
  timeZone: string,
  startMs: number,
  closedDates: readonly string[] = [],
): OverrideRule[] {
  // Closed days do not count as business days of the notice (as in the patient's booking window).
  const window = computeBookingWindow(settings, at, timeZone, closedDates);
  return startMs < window.earliest.getTime() ? ['minimum-notice'] : [];
}

/** The location's closed local dates from today (at the location) to `startMs`'s date: what the notice skips. */
export async function closedDatesUntil(
  db: Db,
  clientId: number,
  location: Pick<LocationRecord, 'id' | 'timeZone'>,
  at: Date,
  untilMs: number,
): Promise<string[]> {
  const from = localDateOf(at, location.timeZone);
  const until = localDateOf(Math.max(untilMs, at.getTime()), location.timeZone);
  return (await listClosedDates(db, clientId, [location.id], from, until)).map(
    (closure) => closure.dateLocal,
  );
}
