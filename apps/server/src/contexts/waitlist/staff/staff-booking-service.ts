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
import { formatInTimeZone } from '@scheduler/domain/dates';
import { DomainError } from '@scheduler/domain/errors';
import { confirmationNumberOf } from '@scheduler/domain/messages/format';
import { FRONT_DESK_CHANNEL } from '@scheduler/contract/waitlist';
import { providerDisplayName } from '@scheduler/domain/providers';
import type { BookFromWaitListRequest, BookFromWaitListResponse } from '@scheduler/contract/waitlist';
import { isSlotUnitConflict } from '../../../platform/db/slot-units.ts';
import type { AuditActor } from '../../../platform/audit/audit-log.ts';
import { isIdempotencyKeyConflict } from '../../scheduling/index.ts';
import type { BookedAppointment } from '../../scheduling/index.ts';
import { Replay, bookInTransaction, patientKeyOf, resolveTarget, slotTaken } from './staff-booking-steps.ts';
import type { Booked } from './staff-booking-steps.ts';
import type { StaffBookingRepository, WaitlistEntryForBooking } from './staff-booking-repository.ts';
import {
  IDEMPOTENCY_REUSED_MESSAGE,
  STAFF_BOOKING_CHANGED_MESSAGE,
  STAFF_WAITLIST_ENTRY_NOT_FOUND_MESSAGE,
} from '@scheduler/domain/messages';

export interface StaffBookingResult {
  /** True when the idempotency key named an earlier booking, which is returned unchanged. */
  replayed: boolean;
  booking: BookFromWaitListResponse;
}

export interface StaffBookingService {
  bookFromWaitList(actor: AuditActor, request: BookFromWaitListRequest): Promise<StaffBookingResult>;
}

function toResponse(
  { booked, patientId }: Booked,
  entryId: number,
  channel: string | null,
): BookFromWaitListResponse {
  const zone = booked.location.timeZone;
  return {
    appointmentId: String(booked.appointmentId),
    confirmationNumber: confirmationNumberOf(booked.appointmentId),
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
      const { clientId } = actor;

      const entry = await repository.findEntry(clientId, request.waitlistEntryId);
      if (entry === undefined)
        throw new DomainError('NOT_FOUND', STAFF_WAITLIST_ENTRY_NOT_FOUND_MESSAGE, {
          field: 'waitlistEntryId',
        });

      // A retry of a request that succeeded gets the first booking (the entry is booked by then).
      const earlier = await repository.findByIdempotencyKey(clientId, request.idempotencyKey);
      if (earlier !== undefined) return replayOf(actor, earlier, entry, request.dateOfBirth);

      const target = await resolveTarget(repository, clientId, request, entry, at);
      try {
        const outcome = await repository.inWriteTransaction((tx) =>
          bookInTransaction(tx, actor, request, entry, target, at),
        );
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
