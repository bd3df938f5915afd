/*
 * POST /api/patient-management/bookFromWaitList: staff book a waitlisted patient into a time.
 * Unlike the patient's PUT bookAppointment, the booking window and the online-booking rules do
 * not apply (staff may book today, beyond the window, a provider or location not bookable
 * online); the time must still not have passed, must lie inside the provider's working hours at
 * the location (and outside their time off), and must be free. In ONE write transaction (the
 * booking module's): replay a known idempotency key, re-check the slot with the booking's own
 * re-check (`loadSlotRecheck` + `isSlotBookable`), match or create the patient from the entry's
 * contact (by name and date of birth: the entry's, or the one staff entered when the entry has
 * none, checked against today at the location), insert the appointment (channel front-desk, created by the staff user) with its
 * status history and slot units, mark the entry booked, and write the audit row. The slot-unit
 * key of the database turns a lost race with a patient's booking into 409.
 */
import { isSlotBookable } from '@scheduler/domain/availability/compute-availability';
import { formatInTimeZone } from '@scheduler/domain/dates';
import { DomainError } from '@scheduler/domain/errors';
import { FRONT_DESK_CHANNEL, staffDateOfBirthIssue } from '@scheduler/contract/waitlist';
import { localDateOf } from '@scheduler/domain/time-zone';
import type { BookFromWaitListRequest, BookFromWaitListResponse } from '@scheduler/contract/waitlist';
import { isSlotUnitConflict } from '../../platform/db/slot-units.ts';
import type { AuditActor } from '../../platform/audit/audit-log.ts';
import { isIdempotencyKeyConflict } from '../booking/booking-repository.ts';
import type { BookedAppointment } from '../booking/booking-repository.ts';
import { IDEMPOTENCY_REUSED_MESSAGE } from '../booking/service.ts';
import { loadSlotRecheck } from '../booking/slot-recheck.ts';
import { comparablePhone, normalizedPatientName, pickPatientMatch } from '../patients/patient-matching.ts';
import {
  LOCATION_NOT_FOUND_MESSAGE,
  PROVIDER_NOT_FOUND_MESSAGE,
  SERVICE_NOT_FOUND_MESSAGE,
  notFound,
  providerDisplayName,
} from '../scheduler-config/scheduler-scope.ts';
import { OPEN_WAITLIST_STATUSES } from './staff-booking-repository.ts';
import type { StaffBookingRepository, WaitlistEntryForBooking } from './staff-booking-repository.ts';

const MS_PER_MINUTE = 60_000;

export const STAFF_WAITLIST_ENTRY_NOT_FOUND_MESSAGE = 'This waitlist entry does not exist.';
export const WAITLIST_ENTRY_CLOSED_MESSAGE =
  'This waitlist entry is no longer waiting: it was booked or removed. Reload the waitlist.';
export const STAFF_SERVICE_REQUIRED_MESSAGE = 'Choose the service to book.';
export const STAFF_SERVICE_NOT_AT_LOCATION_MESSAGE =
  'This location does not offer the service. Choose another one.';
export const STAFF_PAST_TIME_MESSAGE = 'This time has already passed. Choose a time that is still to come.';
export const STAFF_OUTSIDE_HOURS_MESSAGE =
  'The provider does not work at this location at that time (outside their working hours or on time off). Choose another time.';
export const STAFF_SLOT_TAKEN_MESSAGE =
  'This time is no longer free: the provider already has an appointment then. Choose another time.';
export const STAFF_ENTRY_NO_BIRTH_DATE_MESSAGE =
  "This waitlist entry has no date of birth: enter the patient's date of birth (dateOfBirth, YYYY-MM-DD) so their patient record can be matched or created.";
export const STAFF_BIRTH_DATE_MISMATCH_MESSAGE =
  "This date of birth differs from the waitlist entry's. Leave the date of birth out to use the entry's.";
export const STAFF_BOOKING_CHANGED_MESSAGE =
  'This booking request was already used. Close the dialog and reload the waitlist.';

export interface StaffBookingResult {
  /** True when the idempotency key named an earlier booking, which is returned unchanged. */
  replayed: boolean;
  booking: BookFromWaitListResponse;
}

export interface StaffBookingService {
  bookFromWaitList(actor: AuditActor, request: BookFromWaitListRequest): Promise<StaffBookingResult>;
}

class Replay {
  constructor(readonly booked: BookedAppointment) {}
}

interface Booked {
  booked: BookedAppointment;
  patientId: number;
}

function fieldError(code: 'VALIDATION', field: string, message: string): DomainError {
  return new DomainError(code, message, { fields: [{ path: field, message }] });
}

function toResponse(
  { booked, patientId }: Booked,
  entryId: number,
  channel: string | null,
): BookFromWaitListResponse {
  const zone = booked.location.timeZone;
  return {
    appointmentId: String(booked.appointmentId),
    patientId: String(patientId),
    waitlistEntryId: String(entryId),
    status: booked.status,
    startUtc: new Date(booked.startAt).toISOString(),
    endUtc: new Date(booked.endAt).toISOString(),
    dateLocal: formatInTimeZone(booked.startAt, zone, 'YYYY-MM-DD'),
    timeLocal: formatInTimeZone(booked.startAt, zone, 'HH:mm'),
    timeZone: zone,
    channel: channel ?? FRONT_DESK_CHANNEL,
    provider: { providerId: String(booked.provider.id), name: providerDisplayName(booked.provider) },
    location: { locationId: String(booked.location.id), name: booked.location.name },
    service: { appointmentTypeId: String(booked.service.id), name: booked.service.name },
  };
}

/**
 * The patient key of a waitlist entry: its name and its date of birth, or, when it has none, the
 * one staff entered (`dateOfBirth` of the request; without it the entry cannot be booked).
 */
function patientKeyOf(
  entry: WaitlistEntryForBooking,
  enteredDateOfBirth: string | undefined,
): { normalizedName: string; dateOfBirth: string } {
  const dateOfBirth = entry.dateOfBirth ?? enteredDateOfBirth;
  if (dateOfBirth === undefined)
    throw fieldError('VALIDATION', 'dateOfBirth', STAFF_ENTRY_NO_BIRTH_DATE_MESSAGE);
  if (enteredDateOfBirth !== undefined && enteredDateOfBirth !== dateOfBirth)
    throw fieldError('VALIDATION', 'dateOfBirth', STAFF_BIRTH_DATE_MISMATCH_MESSAGE);
  return { normalizedName: normalizedPatientName(entry.firstName, entry.lastName), dateOfBirth };
}

export function createStaffBookingService(
  repository: StaffBookingRepository,
  now: () => Date,
): StaffBookingService {
  /** The earlier booking of this key, refused when it was made for another patient. */
  async function replayOf(
    actor: AuditActor,
    booked: BookedAppointment,
    entry: WaitlistEntryForBooking,
    enteredDateOfBirth: string | undefined,
  ): Promise<StaffBookingResult> {
    const key = patientKeyOf(entry, enteredDateOfBirth);
    if (
      booked.patient.normalizedName !== key.normalizedName ||
      booked.patient.dateOfBirth !== key.dateOfBirth
    )
      throw new DomainError('CONFLICT', IDEMPOTENCY_REUSED_MESSAGE, { field: 'idempotencyKey' });
    const patientId = await repository.findAppointmentPatient(actor.clientId, booked.appointmentId);
    if (patientId === undefined) throw new DomainError('CONFLICT', STAFF_BOOKING_CHANGED_MESSAGE);
    await repository.audit.recordFor(actor, 'waitlist.book.replay', {
      type: 'appointment',
      id: booked.appointmentId,
      details: { waitlistEntryId: entry.id, patientId },
    });
    return { replayed: true, booking: toResponse({ booked, patientId }, entry.id, null) };
  }

  return {
    async bookFromWaitList(actor, request) {
      const at = now();
      const nowMs = at.getTime();
      const { clientId } = actor;

      const entry = await repository.findEntry(clientId, request.waitlistEntryId);
      if (entry === undefined)
        throw new DomainError('NOT_FOUND', STAFF_WAITLIST_ENTRY_NOT_FOUND_MESSAGE, {
          field: 'waitlistEntryId',
        });

      // A retry of a request that succeeded gets the first booking (the entry is booked by then).
      const earlier = await repository.findByIdempotencyKey(clientId, request.idempotencyKey);
      if (earlier !== undefined) return replayOf(actor, earlier, entry, request.dateOfBirth);

      const serviceId = request.appointmentTypeId ?? entry.serviceId;
      if (serviceId === null)
        throw fieldError('VALIDATION', 'appointmentTypeId', STAFF_SERVICE_REQUIRED_MESSAGE);
      const service = await repository.findService(clientId, serviceId);
      if (service === undefined) throw notFound(SERVICE_NOT_FOUND_MESSAGE, 'appointmentTypeId');
      const location = await repository.findLocation(clientId, request.locationId, service.id);
      if (location === undefined) throw notFound(LOCATION_NOT_FOUND_MESSAGE, 'locationId');
      if (!(OPEN_WAITLIST_STATUSES as readonly string[]).includes(entry.status))
        throw new DomainError('CONFLICT', WAITLIST_ENTRY_CLOSED_MESSAGE, { field: 'waitlistEntryId' });
      if (!location.offersService)
        throw fieldError('VALIDATION', 'locationId', STAFF_SERVICE_NOT_AT_LOCATION_MESSAGE);
      const startMs = Date.parse(request.startUtc);
      if (startMs < nowMs) throw fieldError('VALIDATION', 'startUtc', STAFF_PAST_TIME_MESSAGE);
      const key = patientKeyOf(entry, request.dateOfBirth);
      // A date of birth staff entered: a real date before today at the location, at most 120 years ago.
      if (entry.dateOfBirth === null) {
        const issue = staffDateOfBirthIssue(key.dateOfBirth, localDateOf(at, location.timeZone));
        if (issue !== null) throw fieldError('VALIDATION', 'dateOfBirth', issue);
      }
      const slotTaken = () => new DomainError('SLOT_TAKEN', STAFF_SLOT_TAKEN_MESSAGE, { field: 'startUtc' });

      try {
        const outcome = await repository.inWriteTransaction(async (tx): Promise<Booked | Replay> => {
          const raced = await tx.findByIdempotencyKey(clientId, request.idempotencyKey);
          if (raced !== undefined) return new Replay(raced);

          const [provider] = await tx.listProviders({
            clientId,
            serviceId: service.id,
            locationIds: [location.id],
            providerId: request.providerId,
          });
          if (provider === undefined) throw notFound(PROVIDER_NOT_FOUND_MESSAGE, 'providerId');
          const endMs = startMs + (provider.durationMinutes ?? service.durationMinutes) * MS_PER_MINUTE;

          // The booking's own re-check, with a window from now to the end of the slot: staff are
          // not held to the patient booking window, only to the past, the hours and the diary.
          const { input } = await loadSlotRecheck(tx, {
            at,
            window: { earliest: at, latestExclusive: new Date(endMs) },
            clientId,
            service,
            location,
            candidates: [provider],
            onlyProviderId: provider.id,
            startMs,
            includeOfflineProviders: true,
          });
          const providerKey = String(provider.id);
          const locationKey = String(location.id);
          if (!isSlotBookable({ ...input, appointments: [] }, providerKey, locationKey, startMs))
            throw fieldError('VALIDATION', 'startUtc', STAFF_OUTSIDE_HOURS_MESSAGE);
          if (!isSlotBookable(input, providerKey, locationKey, startMs)) throw slotTaken();

          // The patient: the entry's record when it is still theirs, else matched or created.
          const candidates = await tx.findPatientCandidates(clientId, key.normalizedName, key.dateOfBirth);
          const match =
            candidates.find((candidate) => candidate.id === entry.patientId) ??
            pickPatientMatch(candidates, { phone: entry.phone ?? '', email: entry.email ?? '' });
          const patientRow = {
            clientId,
            firstName: entry.firstName,
            lastName: entry.lastName,
            normalizedName: key.normalizedName,
            dateOfBirth: key.dateOfBirth,
            phone: entry.phone ? comparablePhone(entry.phone) : (match?.phone ?? ''),
            email: entry.email ? entry.email.trim().toLowerCase() : (match?.email ?? ''),
            smsPermission: request.smsPermission,
            emailPermission: request.emailPermission,
            now: nowMs,
          };
          const patientId = await tx.savePatient(match?.id, patientRow);

          const status = 'booked';
          const appointmentId = await tx.insertAppointment({
            clientId,
            schedulerId: entry.schedulerId,
            providerId: provider.id,
            locationId: location.id,
            serviceId: service.id,
            patientId,
            insurancePolicyId: null,
            startAt: startMs,
            endAt: endMs,
            status,
            isNewPatient: match === undefined,
            idempotencyKey: request.idempotencyKey,
            sessionId: null,
            campaign: {
              channel: FRONT_DESK_CHANNEL,
              utmSource: null,
              utmMedium: null,
              utmCampaign: null,
              utmTerm: null,
              rwgToken: null,
            },
            reason: null,
            notes: request.notes ?? null,
            createdByUserId: actor.userId,
            now: nowMs,
          });
          if (!(await tx.markEntryBooked(clientId, entry.id, nowMs)))
            throw new DomainError('CONFLICT', WAITLIST_ENTRY_CLOSED_MESSAGE, { field: 'waitlistEntryId' });
          // Ids only: no name, date of birth, phone or e-mail in the audit trail.
          await tx.audit.recordFor(actor, 'waitlist.book', {
            type: 'appointment',
            id: appointmentId,
            details: {
              waitlistEntryId: entry.id,
              from: entry.status,
              to: 'booked',
              patientId,
              newPatient: match === undefined,
              providerId: provider.id,
              locationId: location.id,
              serviceId: service.id,
              startUtc: new Date(startMs).toISOString(),
              channel: FRONT_DESK_CHANNEL,
            },
          });
          return {
            patientId,
            booked: {
              appointmentId,
              status,
              startAt: startMs,
              endAt: endMs,
              provider,
              location,
              service: { id: service.id, name: service.name },
              patient: key,
            },
          };
        });
        if (outcome instanceof Replay)
          return await replayOf(actor, outcome.booked, entry, request.dateOfBirth);
        return { replayed: false, booking: toResponse(outcome, entry.id, FRONT_DESK_CHANNEL) };
      } catch (error) {
        if (isSlotUnitConflict(error)) throw slotTaken();
        if (isIdempotencyKeyConflict(error)) {
          const winner = await repository.findByIdempotencyKey(clientId, request.idempotencyKey);
          if (winner !== undefined) return replayOf(actor, winner, entry, request.dateOfBirth);
        }
        throw error;
      }
    },
  };
}
