/*
 * PUT bookAppointment. Checks the request against the scheduler's rules, then in ONE write
 * transaction: replays a known idempotency key, matches the patient, applies the refusals of
 * spec section 8, loads the slot's inputs and re-checks it with the availability engine
 * (`isSlotBookable`), picks a provider when none was chosen (appointment 18), upserts the
 * patient, and inserts the appointment, its status history and its slot units. The database's
 * slot-unit key turns a lost race into the spec's "slot taken" answer (HTTP 409).
 */
import { assignProvider } from '@scheduler/domain/availability/assign-provider';
import { isSlotBookable } from '@scheduler/domain/availability/compute-availability';
import { computeBookingWindow } from '@scheduler/domain/booking-window';
import { formatInTimeZone } from '@scheduler/domain/dates';
import { DomainError, bookingRefusal, validationError } from '@scheduler/domain/errors';
import { RELATIONSHIPS, createBookAppointmentRequestSchema } from '@scheduler/contract/booking';
import type { BookAppointmentBody, BookAppointmentResponse } from '@scheduler/contract/scheduler-api';
import type { SchedulerSettings } from '@scheduler/domain/settings';
import { localDateOf } from '@scheduler/domain/time-zone';
import { isSlotUnitConflict } from '../../platform/db/slot-units.ts';
import {
  assertLocationBookable,
  assertPatientMaySchedule,
  assertPlanInNetwork,
  assertProviderOnline,
  assertSelfPayOffered,
  assertServiceOnline,
  providerChangeRefusal,
  providerLimitFor,
} from '../availability/booking-rules.ts';
import { bookedCounts, seededRandom } from '../availability/engine-input.ts';
import {
  comparablePhone,
  existingAppointmentParams,
  normalizedPatientName,
  pickPatientMatch,
} from '../patients/patient-matching.ts';
import {
  LOCATION_NOT_FOUND_MESSAGE,
  PROVIDER_NOT_FOUND_MESSAGE,
  SERVICE_NOT_FOUND_MESSAGE,
  notFound,
  officePhone,
  providerDisplayName,
  requireRecordId,
  requireScope,
  toLocationResponse,
} from '../scheduler-config/scheduler-scope.ts';
import type { LocationRecord, ProviderRecord, SchedulerScope } from '../scheduler-config/scheduler-scope.ts';
import { isIdempotencyKeyConflict } from './booking-repository.ts';
import type { BookedAppointment, BookingRepository, Campaign } from './booking-repository.ts';
import { loadSlotRecheck } from './slot-recheck.ts';

const MS_PER_MINUTE = 60_000;

export const PLAN_NOT_AVAILABLE_MESSAGE = 'Choose one of the insurance plans offered.';
export const IDEMPOTENCY_REUSED_MESSAGE =
  'This booking request was already used for another appointment. Please start your booking again.';
export const BOOKING_CHANGED_MESSAGE =
  'This appointment has changed since it was booked. Please call our office if you have any questions.';

export interface BookingResult {
  /** True when the idempotency key named an earlier booking, which is returned unchanged. */
  replayed: boolean;
  booking: BookAppointmentResponse;
}

export interface BookingService {
  bookAppointment(request: BookAppointmentBody): Promise<BookingResult>;
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

function relationshipLabel(value: string): string | null {
  return RELATIONSHIPS.find((relationship) => relationship.value === value)?.label ?? null;
}

export function createBookingService(repository: BookingRepository, now: () => Date): BookingService {
  return {
    async bookAppointment(request) {
      const at = now();
      const nowMs = at.getTime();
      const serviceId = requireRecordId(
        request.appointmentTypeId,
        SERVICE_NOT_FOUND_MESSAGE,
        'appointmentTypeId',
      );
      const locationId = requireRecordId(request.locationId, LOCATION_NOT_FOUND_MESSAGE, 'locationId');
      const providerId =
        request.providerId === null
          ? null
          : requireRecordId(request.providerId, PROVIDER_NOT_FOUND_MESSAGE, 'providerId');

      const found = await repository.findScope(
        request.clientSlug,
        request.schedulerSlug,
        serviceId,
        locationId,
      );
      const scope = requireScope(found?.scope);
      const { settings } = scope;

      // A retry of a request that succeeded gets the first booking, whatever changed since.
      const earlier = await repository.findByIdempotencyKey(scope.clientId, request.idempotencyKey);
      if (earlier !== undefined) return replayOf(earlier, request, scope);

      const service = found?.service ?? null;
      if (service === null) throw notFound(SERVICE_NOT_FOUND_MESSAGE, 'appointmentTypeId');
      const location: LocationRecord | undefined = found?.location;
      if (location === undefined) throw notFound(LOCATION_NOT_FOUND_MESSAGE, 'locationId');

      const rules = createBookAppointmentRequestSchema({
        smsEmailPermissions: settings.smsEmailPermissions,
        today: localDateOf(at, location.timeZone),
      }).safeParse(request);
      if (!rules.success) throw validationError(rules.error);

      assertServiceOnline(service);
      assertLocationBookable(location);

      const insurance = request.insurance;
      let plan: { id: number; carrierId: number } | undefined;
      if (insurance?.selfPay === true) assertSelfPayOffered(settings, 'insurance.selfPay');
      if (insurance?.selfPay === false) {
        const planId = requireRecordId(insurance.planId, PLAN_NOT_AVAILABLE_MESSAGE, 'insurance.planId');
        plan = await repository.findPlan(scope.clientId, planId);
        if (plan === undefined || String(plan.carrierId) !== insurance.carrierId)
          throw new DomainError('VALIDATION', PLAN_NOT_AVAILABLE_MESSAGE, {
            fields: [{ path: 'insurance.planId', message: PLAN_NOT_AVAILABLE_MESSAGE }],
          });
      }

      const startMs = Date.parse(request.startUtc);
      const window = computeBookingWindow(settings, at, location.timeZone);
      // Campaign fields for reports: from the request, else from the flow's analytics session.
      const session =
        request.campaign === undefined
          ? await repository.findSessionCampaign(scope.clientId, request.sessionId)
          : undefined;
      const campaign: Campaign = {
        channel: request.channel ?? session?.channel ?? request.campaign?.utmCampaign ?? 'website',
        utmSource: request.campaign?.utmSource ?? session?.utmSource ?? null,
        utmMedium: request.campaign?.utmMedium ?? session?.utmMedium ?? null,
        utmCampaign: request.campaign?.utmCampaign ?? session?.utmCampaign ?? null,
        utmTerm: request.campaign?.utmTerm ?? session?.utmTerm ?? null,
        rwgToken: request.campaign?.rwgToken ?? session?.rwgToken ?? null,
      };

      const slotTaken = (): DomainError =>
        bookingRefusal('SLOT_TAKEN', { phone: officePhone(scope, location) });

      try {
        const outcome = await repository.inWriteTransaction(
          async (tx): Promise<BookedAppointment | Replay> => {
            const raced = await tx.findByIdempotencyKey(scope.clientId, request.idempotencyKey);
            if (raced !== undefined) return new Replay(raced);

            // Who is booking: the server's match decides; a patient who says so counts as existing too.
            const { patient } = request;
            const normalizedName = normalizedPatientName(patient.firstName, patient.lastName);
            const match = pickPatientMatch(
              await tx.findPatientCandidates(scope.clientId, normalizedName, patient.dateOfBirth),
              patient,
            );
            const kind = match !== undefined || request.isExistingPatient ? 'existing' : 'new';
            assertPatientMaySchedule(settings, service, kind);
            if (match !== undefined && !settings.allowMultipleAppointments) {
              const upcoming = await tx.findUpcomingAppointment(scope.clientId, match.id, nowMs);
              if (upcoming !== undefined)
                throw bookingRefusal(
                  'EXISTING_APPOINTMENT',
                  existingAppointmentParams(upcoming.startAt, upcoming.timeZone),
                );
            }

            // Appointment 3: an existing patient who has seen a provider may be limited to them.
            const limit =
              match === undefined || settings.allowProviderChangeForExisting
                ? undefined
                : providerLimitFor(
                    settings,
                    await tx.findPatientProvider(scope.clientId, match.id),
                    providerId,
                  );
            const onlyProviderId = providerId ?? limit?.id ?? null;

            // The providers who could take it.
            const providerRecords = await tx.listProviders({
              clientId: scope.clientId,
              serviceId: service.id,
              locationIds: [location.id],
              ...(onlyProviderId === null ? {} : { providerId: onlyProviderId }),
              ...(plan === undefined ? {} : { planId: plan.id }),
            });
            let candidates: ProviderRecord[];
            if (providerId !== null) {
              const provider = providerRecords[0];
              if (provider === undefined) throw notFound(PROVIDER_NOT_FOUND_MESSAGE, 'providerId');
              assertProviderOnline(provider);
              if (kind === 'new' && !provider.acceptingNewPatients)
                throw bookingRefusal('PROVIDER_NO_CAPACITY');
              if (plan !== undefined) assertPlanInNetwork(settings, provider.acceptsPlan);
              candidates = [provider];
            } else {
              candidates = providerRecords.filter(
                (provider) => provider.onlineBookable && (kind !== 'new' || provider.acceptingNewPatients),
              );
              if (plan !== undefined && settings.checkInsuranceCompatibility && candidates.length > 0) {
                candidates = candidates.filter((provider) => provider.acceptsPlan);
                if (candidates.length === 0) throw bookingRefusal('INSURANCE_NOT_IN_NETWORK');
              }
              // Their provider does not take this service here online: not another one instead.
              if (limit !== undefined && candidates.length === 0) throw providerChangeRefusal(limit);
            }
            if (candidates.length === 0) throw slotTaken();

            // Re-check the slot on what the database holds now.
            const { input, busy } = await loadSlotRecheck(tx, {
              at,
              window,
              clientId: scope.clientId,
              service,
              location,
              candidates,
              onlyProviderId,
              startMs,
            });
            const free = candidates
              .filter((provider) => isSlotBookable(input, String(provider.id), String(location.id), startMs))
              .sort((a, b) => `${a.lastName}, ${a.firstName}`.localeCompare(`${b.lastName}, ${b.firstName}`));
            const chosen =
              providerId === null
                ? assignProvider(
                    free.map((provider) => ({ providerId: String(provider.id), provider })),
                    settings.assignment,
                    {
                      random: seededRandom(request.idempotencyKey),
                      bookedCountByProvider: bookedCounts(
                        busy,
                        window.earliest.getTime(),
                        window.latestExclusive.getTime(),
                      ),
                    },
                  )?.provider
                : free[0];
            if (chosen === undefined) throw slotTaken();
            const endMs = startMs + (chosen.durationMinutes ?? service.durationMinutes) * MS_PER_MINUTE;

            // The patient record: created, or brought up to date.
            const patientRow = {
              clientId: scope.clientId,
              firstName: patient.firstName,
              lastName: patient.lastName,
              normalizedName,
              dateOfBirth: patient.dateOfBirth,
              phone: comparablePhone(patient.phone),
              email: patient.email.trim().toLowerCase(),
              smsPermission: patient.smsPermission,
              emailPermission: patient.emailPermission,
              now: nowMs,
            };
            const patientId = await tx.savePatient(match?.id, patientRow);
            const policyId =
              insurance === null
                ? null
                : await tx.findOrInsertPolicy({
                    clientId: scope.clientId,
                    patientId,
                    planId: plan?.id ?? null,
                    carrierId: plan?.carrierId ?? null,
                    relationshipLabel: insurance.selfPay ? null : relationshipLabel(insurance.relationship),
                    memberId: insurance.selfPay ? null : insurance.memberId,
                    selfPay: insurance.selfPay,
                    now: nowMs,
                  });

            const status = settings.autoConfirm ? 'booked' : 'pending';
            const appointmentId = await tx.insertAppointment({
              clientId: scope.clientId,
              schedulerId: scope.schedulerId,
              providerId: chosen.id,
              locationId: location.id,
              serviceId: service.id,
              patientId,
              insurancePolicyId: policyId,
              startAt: startMs,
              endAt: endMs,
              status,
              isNewPatient: match === undefined,
              idempotencyKey: request.idempotencyKey,
              sessionId: request.sessionId,
              campaign,
              reason: request.details.reasonForVisit || null,
              notes: request.details.notes || null,
              now: nowMs,
            });
            return {
              appointmentId,
              status,
              startAt: startMs,
              endAt: endMs,
              provider: chosen,
              location,
              service: { id: service.id, name: service.name },
              patient: { normalizedName, dateOfBirth: patient.dateOfBirth },
            };
          },
        );
        if (outcome instanceof Replay) return replayOf(outcome.booked, request, scope);
        return { replayed: false, booking: toResponse(outcome, settings) };
      } catch (error) {
        if (isSlotUnitConflict(error)) throw slotTaken();
        if (isIdempotencyKeyConflict(error)) {
          const winner = await repository.findByIdempotencyKey(scope.clientId, request.idempotencyKey);
          if (winner !== undefined) return replayOf(winner, request, scope);
        }
        throw error;
      }
    },
  };
}
