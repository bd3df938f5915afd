/*
 * The checks of a partner's slot (issue 20), shared by `$hold` and `$book`: what a slot id names in
 * the published brand (404 otherwise), whether the booking API offers it now (the app's one
 * availability service: a new patient, that provider, location and service, on the slot's local
 * day), its re-check inside the write transaction (the booking's `loadSlotRecheck` +
 * `isSlotBookable` on what the database holds, with the patient booking window), the live holds
 * over it, and the 409s: taken (or lost a race on the slot units) or held by another client.
 */
import { computeBookingWindow } from '@scheduler/domain/booking-window';
import { isDomainError } from '@scheduler/domain/errors';
import { localDateOf } from '@scheduler/domain/time-zone';
import type { Db } from '../../../platform/db/database.ts';
import { isSlotUnitConflict } from '../../../platform/db/slot-units.ts';
import { requireScope, selectLocations, selectSchedulerScope } from '../../catalogue/index.ts';
import type {
  BookableProvider,
  LocationRecord,
  SchedulerScope,
  ServiceRecord,
} from '../../catalogue/index.ts';
import { isSlotBookable, loadSlotRecheck } from '../../scheduling/index.ts';
import type { AvailabilityService, BookingTransaction } from '../../scheduling/index.ts';
import { FhirError } from '../fhir/operation-outcome.ts';
import { parseSlotId } from '../fhir/ids.ts';
import type { SlotKey } from '../fhir/ids.ts';
import type { Publication } from '../publication/publication-repository.ts';
import type { AppointmentView } from './appointment-resource.ts';
import { selectHoldsOverlapping } from './partner-repository.ts';
import type { HoldRecord, PartnerRecord } from './partner-repository.ts';

export const MS_PER_MINUTE = 60_000;

/** Who asks: the brand's publication and the partner its token names. */
export interface PartnerCaller {
  publication: Publication;
  partner: PartnerRecord;
  ip: string | null;
}

/** What the slot id names, checked against the published brand. */
export interface SlotTarget {
  key: SlotKey;
  slotId: string;
  scope: SchedulerScope;
  service: ServiceRecord;
  location: LocationRecord;
}

const slotNotFound = (slotId: string) =>
  new FhirError(404, {
    code: 'not-found',
    diagnostics: `Slot/${slotId} is not a published slot of this practice`,
  });

export const slotUnavailable = (): FhirError =>
  new FhirError(409, {
    code: 'conflict',
    diagnostics: 'The slot is no longer available: choose another one',
    expression: ['Appointment.slot'],
  });

export const heldByAnother = (): FhirError =>
  new FhirError(409, {
    code: 'conflict',
    diagnostics: 'The slot is held by another client',
    expression: ['Appointment.slot'],
  });

/** The service, location and scheduler of a slot id (404 when the published brand has none of them). */
export async function resolveSlot(db: Db, publication: Publication, slotId: string): Promise<SlotTarget> {
  const key = parseSlotId(slotId);
  if (key === undefined || Number.isNaN(new Date(key.startMs).getTime()))
    throw new FhirError(400, {
      code: 'invalid',
      diagnostics: 'A slot id is {providerId}-{locationId}-{serviceId}-{startUnixMinutes}',
      expression: ['Appointment.slot'],
    });
  const found = await selectSchedulerScope(
    db,
    publication.clientSlug,
    publication.scheduler.slug,
    key.serviceId,
  );
  const service = found?.service ?? null;
  if (found === undefined || service === null) throw slotNotFound(slotId);
  const [location] = await selectLocations(db, found.scope.clientId, {
    locationId: key.locationId,
    serviceId: key.serviceId,
  });
  if (location === undefined || !location.offersService) throw slotNotFound(slotId);
  return { key, slotId, scope: requireScope(found.scope), service, location };
}

/** Whether the booking API offers exactly this slot now (a refusal of the search means it does not). */
export async function isOffered(
  availability: AvailabilityService,
  publication: Publication,
  target: SlotTarget,
): Promise<boolean> {
  const { key, location } = target;
  const providerId = String(key.providerId);
  try {
    const answer = await availability.searchSlots({
      clientName: publication.clientSlug,
      scheduler: publication.scheduler.slug,
      appointmentTypeId: String(key.serviceId),
      locationId: String(key.locationId),
      providerId,
      isExistingPatient: 'false',
      fromDate: localDateOf(key.startMs, location.timeZone),
      days: 1,
    });
    return answer.providers.some(
      (provider) =>
        provider.providerId === providerId &&
        provider.slots.some(
          (slot) => slot.locationId === String(key.locationId) && Date.parse(slot.startUtc) === key.startMs,
        ),
    );
  } catch (error) {
    if (isDomainError(error) && error.status >= 400 && error.status < 500) return false;
    throw error;
  }
}

/**
 * In the transaction: the provider (bookable online, offering the service here), its slot re-checked
 * on what the database holds now with the patient booking window; the provider, else 409.
 */
export async function recheckSlot(
  tx: BookingTransaction,
  target: SlotTarget,
  at: Date,
): Promise<{ provider: BookableProvider; endMs: number }> {
  const { key, scope, service, location } = target;
  const [provider] = await tx.listProviders({
    clientId: scope.clientId,
    serviceId: service.id,
    locationIds: [location.id],
    providerId: key.providerId,
  });
  if (provider === undefined || !provider.onlineBookable) throw slotUnavailable();
  const { input } = await loadSlotRecheck(tx, {
    at,
    window: computeBookingWindow(scope.settings, at, location.timeZone),
    windowSettings: scope.settings,
    clientId: scope.clientId,
    service,
    location,
    candidates: [provider],
    onlyProviderId: provider.id,
    startMs: key.startMs,
  });
  if (!isSlotBookable(input, String(provider.id), String(location.id), key.startMs)) throw slotUnavailable();
  return {
    provider,
    endMs: key.startMs + (provider.durationMinutes ?? service.durationMinutes) * MS_PER_MINUTE,
  };
}

export function viewOf(
  target: SlotTarget,
  provider: BookableProvider,
  startAt: number,
  endAt: number,
): AppointmentView {
  return {
    slotId: target.slotId,
    provider: { ...provider, middleName: null, specialty: null },
    location: target.location,
    service: target.service,
    startAt,
    endAt,
  };
}

/** The unit key's unique violation (a booking or hold won the race) as the slot's 409. */
export async function orConflict<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isSlotUnitConflict(error)) throw slotUnavailable();
    throw error;
  }
}

/** The caller's own live hold of exactly this slot, and whether another partner holds any of [start, endMs). */
export async function holdsOf(
  trx: Db,
  partnerId: number,
  target: SlotTarget,
  endMs: number,
  nowMs: number,
): Promise<{ own: HoldRecord | undefined; others: boolean }> {
  const { key, scope, location, service } = target;
  const holds = await selectHoldsOverlapping(trx, scope.clientId, key.providerId, key.startMs, endMs, nowMs);
  const own = holds.find(
    (hold) =>
      hold.partnerId === partnerId &&
      hold.startAt === key.startMs &&
      hold.locationId === location.id &&
      hold.serviceId === service.id,
  );
  return { own, others: holds.some((hold) => hold.partnerId !== partnerId) };
}
