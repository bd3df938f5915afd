/*
 * PUT bookAppointment. Checks the request against the scheduler's rules, then in ONE write
 * transaction: replays a known idempotency key, matches the patient, applies the refusals of
 * spec section 8, loads the slot's inputs and re-checks it with the availability engine
 * (`isSlotBookable`), picks a provider when none was chosen (appointment 18), creates a new
 * patient (a matched one is left as on file: what differs is kept as a pending change for staff,
 * issue 15 finding 3), and inserts the appointment, its status history and its slot units. The database's
 * slot-unit key turns a lost race into the spec's "slot taken" answer (HTTP 409). The steps are
 * book-appointment.ts.
 */
import { formatInTimeZone } from '@scheduler/domain/dates';
import { DomainError } from '@scheduler/domain/errors';
import { BOOKING_CHANGED_MESSAGE, IDEMPOTENCY_REUSED_MESSAGE } from '@scheduler/domain/messages';
import { confirmationNumberOf } from '@scheduler/domain/messages/format';
import type { BookAppointmentBody, BookAppointmentResponse } from '@scheduler/contract/scheduler-api';
import type { SchedulerSettings } from '@scheduler/domain/settings';
import { providerDisplayName } from '@scheduler/domain/providers';
import { isSlotUnitConflict } from '../../../platform/db/slot-units.ts';
import { toLocationResponse } from '../../catalogue/index.ts';
import type { SchedulerScope } from '../../catalogue/index.ts';
import { normalizedPatientName } from '../../patients/index.ts';
import {
  chooseProvider,
  matchPatient,
  persistBooking,
  resolveBooking,
  resolveScope,
  slotTaken,
} from './book-appointment.ts';
import { isIdempotencyKeyConflict } from './booking-repository.ts';
import type { BookedAppointment, BookingRepository } from './booking-repository.ts';
import { notifiedByOf } from './notified-by.ts';
import type { OutboundChannels } from './notified-by.ts';
import type { ManageLinks } from '../manage/manage-links.ts';

const MS_PER_MINUTE = 60_000;

export interface BookingResult {
  /** True when the idempotency key named an earlier booking, which is returned unchanged. */
  replayed: boolean;
  booking: BookAppointmentResponse;
}

export interface BookingService {
  /**
   * `beforeNewBooking` runs once the request is known not to be a replay (the per-identity lookup
   * limit): a retry of an acknowledged booking always gets its booking back, never a refusal.
   */
  bookAppointment(
    request: BookAppointmentBody,
    hooks?: { beforeNewBooking?: () => Promise<void> },
  ): Promise<BookingResult>;
}

class Replay {
  constructor(readonly booked: BookedAppointment) {}
}

function toResponse(booked: BookedAppointment, settings: SchedulerSettings): BookAppointmentResponse {
  if (booked.status !== 'booked' && booked.status !== 'pending')
    throw new DomainError('CONFLICT', BOOKING_CHANGED_MESSAGE);
  const zone = booked.location.timeZone;
  return {
    appointmentId: String(booked.appointmentId),
    confirmationNumber: confirmationNumberOf(booked.appointmentId),
    status: booked.status,
    startUtc: new Date(booked.startAt).toISOString(),
    endUtc: new Date(booked.endAt).toISOString(),
    dateLocal: formatInTimeZone(booked.startAt, zone, 'YYYY-MM-DD'),
    timeLocal: formatInTimeZone(booked.startAt, zone, 'HH:mm'),
    timeZone: zone,
    provider: {
      providerId: String(booked.provider.id),
      name: providerDisplayName(booked.provider),
      credentials: booked.provider.credentials,
    },
    location: toLocationResponse(booked.location),
    service: {
      appointmentTypeId: String(booked.service.id),
      name: booked.service.name,
      durationMinutes: Math.round((booked.endAt - booked.startAt) / MS_PER_MINUTE),
    },
    thankYou: { primary: settings.thankYouPrimary, secondary: settings.thankYouSecondary },
    manageUrl: null,
  };
}

/** The earlier booking of this key, refused when it was made for somebody else. */
function replayOf(
  booked: BookedAppointment,
  request: BookAppointmentBody,
  scope: SchedulerScope,
): BookingResult {
  const samePatient =
    booked.patient.normalizedName ===
      normalizedPatientName(request.patient.firstName, request.patient.lastName) &&
    booked.patient.dateOfBirth === request.patient.dateOfBirth;
  if (!samePatient)
    throw new DomainError('CONFLICT', IDEMPOTENCY_REUSED_MESSAGE, { field: 'idempotencyKey' });
  return { replayed: true, booking: toResponse(booked, scope.settings) };
}

export function createBookingService(
  repository: BookingRepository,
  now: () => Date,
  /** Issue 16 (helper D): the configured transports, for the answer's `notifiedBy`. */
  channels?: OutboundChannels,
  /** Issue 18 (helper H): the manage page link of the answer (`manageUrl`, null without). */
  manageLinks?: ManageLinks,
): BookingService {
  /** Issue 16 (helper D): `notifiedBy` added (one read, only when a transport is configured). */
  const withNotifiedBy = async (
    result: BookingResult,
    clientId: number,
    request: BookAppointmentBody,
  ): Promise<BookingResult> => {
    const anyChannel = channels !== undefined && (channels.email.configured || channels.sms.configured);
    const onFile = anyChannel
      ? await repository.findPatientContact(clientId, Number(result.booking.appointmentId))
      : undefined;
    const notifiedBy = notifiedByOf(channels, onFile, request.patient);
    const manageUrl = (await manageLinks?.linkFor(clientId, Number(result.booking.appointmentId))) ?? null;
    return { ...result, booking: { ...result.booking, notifiedBy, manageUrl } };
  };
  return {
    async bookAppointment(request, hooks) {
      const at = now();
      const resolved = await resolveScope(repository, request);
      const { scope } = resolved;
      const answer = (result: BookingResult) => withNotifiedBy(result, scope.clientId, request);
      // A retry of a request that succeeded gets the first booking, whatever changed since.
      const earlier = await repository.findByIdempotencyKey(scope.clientId, request.idempotencyKey);
      if (earlier !== undefined) return answer(replayOf(earlier, request, scope));
      await hooks?.beforeNewBooking?.();
      const booking = await resolveBooking(repository, request, resolved, at);

      try {
        const outcome = await repository.inWriteTransaction(
          async (tx): Promise<BookedAppointment | Replay> => {
            const raced = await tx.findByIdempotencyKey(scope.clientId, request.idempotencyKey);
            if (raced !== undefined) return new Replay(raced);
            const patient = await matchPatient(tx, booking, request);
            const chosen = await chooseProvider(tx, booking, patient, request.idempotencyKey);
            return persistBooking(tx, booking, request, patient, chosen);
          },
        );
        if (outcome instanceof Replay) return await answer(replayOf(outcome.booked, request, scope));
        return await answer({ replayed: false, booking: toResponse(outcome, scope.settings) });
      } catch (error) {
        if (isSlotUnitConflict(error)) throw slotTaken(booking);
        if (isIdempotencyKeyConflict(error)) {
          const winner = await repository.findByIdempotencyKey(scope.clientId, request.idempotencyKey);
          if (winner !== undefined) return answer(replayOf(winner, request, scope));
        }
        throw error;
      }
    },
  };
}
