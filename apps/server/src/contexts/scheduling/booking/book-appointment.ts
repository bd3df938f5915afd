/*
 * The steps of PUT bookAppointment, in order: resolve (the ids, the scope, the request checked
 * against the scheduler's rules, the plan, the window and the campaign), replay (service.ts: a
 * known idempotency key), then in the write transaction: match the patient, choose the provider
 * (candidates, the slot re-checked on what the database holds now, appointment 18), persist.
 */
import { assignProvider } from '@scheduler/domain/availability/assign-provider';
import { isSlotBookable } from '../engine.ts';
import { computeBookingWindow } from '@scheduler/domain/booking-window';
import type { BookingWindow } from '@scheduler/domain/booking-window';
import { DomainError, bookingRefusal, validationError } from '@scheduler/domain/errors';
import {
  LOCATION_NOT_FOUND_MESSAGE,
  PLAN_NOT_AVAILABLE_MESSAGE,
  PROVIDER_NOT_FOUND_MESSAGE,
  SERVICE_NOT_FOUND_MESSAGE,
} from '@scheduler/domain/messages';
import { RELATIONSHIPS, createBookAppointmentRequestSchema } from '@scheduler/contract/booking';
import type { BookAppointmentBody } from '@scheduler/contract/scheduler-api';
import type { SchedulerSettings } from '@scheduler/domain/settings';
import { localDateOf } from '@scheduler/domain/time-zone';
import {
  assertSelfPayOffered,
  notFound,
  officePhone,
  requireRecordId,
  requireScope,
} from '../../catalogue/index.ts';
import type {
  LocationRecord,
  BookableProvider,
  SchedulerScope,
  ServiceRecord,
} from '../../catalogue/index.ts';
import {
  comparablePhone,
  existingAppointmentParams,
  isExactIdentityMatch,
  normalizedPatientName,
  pickPatientMatch,
} from '../../patients/index.ts';
import type { PatientCandidate } from '../../patients/index.ts';
import { bookedCounts, seededRandom } from '../engine-input.ts';
import {
  assertLocationBookable,
  assertPatientMaySchedule,
  assertPlanInNetwork,
  assertProviderOnline,
  assertServiceOnline,
  providerChangeRefusal,
  providerLimitFor,
} from '../rules.ts';
import type { PatientKind } from '../rules.ts';
import type {
  BookedAppointment,
  BookingRepository,
  BookingScope,
  BookingTransaction,
} from './booking-repository.ts';
import type { Campaign } from './booking-writes-repository.ts';
import { loadSlotRecheck } from './slot-recheck.ts';

const MS_PER_MINUTE = 60_000;

/** The booking's scope: the ids of the request and statement 1 (the scope, service, location). */
export interface ResolvedScope {
  providerId: number | null;
  found: BookingScope | undefined;
  scope: SchedulerScope;
}

/** Everything the transaction needs, checked before it starts. */
export interface ResolvedBooking {
  at: Date;
  scope: SchedulerScope;
  settings: SchedulerSettings;
  service: ServiceRecord;
  location: LocationRecord;
  /** The provider asked for; null lets the server pick (appointment 18). */
  providerId: number | null;
  plan: { id: number; carrierId: number } | undefined;
  window: BookingWindow;
  startMs: number;
  campaign: Campaign;
}

/** Step 1a: the ids (404 when malformed) and the scope (404 when the slugs name no scheduler). */
export async function resolveScope(
  repository: BookingRepository,
  request: BookAppointmentBody,
): Promise<ResolvedScope> {
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
  const found = await repository.findScope(request.clientSlug, request.schedulerSlug, serviceId, locationId);
  return { providerId, found, scope: requireScope(found?.scope) };
}

/** The insurance plan chosen, checked against the client's plans (self-pay only when offered). */
async function resolvePlan(
  repository: BookingRepository,
  request: BookAppointmentBody,
  scope: SchedulerScope,
): Promise<{ id: number; carrierId: number } | undefined> {
  const insurance = request.insurance;
  if (insurance?.selfPay === true) assertSelfPayOffered(scope.settings, 'insurance.selfPay');
  if (insurance?.selfPay !== false) return undefined;
  const planId = requireRecordId(insurance.planId, PLAN_NOT_AVAILABLE_MESSAGE, 'insurance.planId');
  const plan = await repository.findPlan(scope.clientId, planId);
  if (plan === undefined || String(plan.carrierId) !== insurance.carrierId)
    throw new DomainError('VALIDATION', PLAN_NOT_AVAILABLE_MESSAGE, {
      fields: [{ path: 'insurance.planId', message: PLAN_NOT_AVAILABLE_MESSAGE }],
    });
  return plan;
}

/** Campaign fields for reports: from the request, else from the flow's analytics session. */
async function resolveCampaign(
  repository: BookingRepository,
  request: BookAppointmentBody,
  clientId: number,
): Promise<Campaign> {
  const session =
    request.campaign === undefined
      ? await repository.findSessionCampaign(clientId, request.sessionId)
      : undefined;
  return {
    channel: request.channel ?? session?.channel ?? request.campaign?.utmCampaign ?? 'website',
    utmSource: request.campaign?.utmSource ?? session?.utmSource ?? null,
    utmMedium: request.campaign?.utmMedium ?? session?.utmMedium ?? null,
    utmCampaign: request.campaign?.utmCampaign ?? session?.utmCampaign ?? null,
    utmTerm: request.campaign?.utmTerm ?? session?.utmTerm ?? null,
    rwgToken: request.campaign?.rwgToken ?? session?.rwgToken ?? null,
  };
}

/** Step 1b (after the replay): the service and location, the request's rules and refusals. */
export async function resolveBooking(
  repository: BookingRepository,
  request: BookAppointmentBody,
  { providerId, found, scope }: ResolvedScope,
  at: Date,
): Promise<ResolvedBooking> {
  const { settings } = scope;
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
  const plan = await resolvePlan(repository, request, scope);
  const startMs = Date.parse(request.startUtc);
  const window = computeBookingWindow(settings, at, location.timeZone);
  const campaign = await resolveCampaign(repository, request, scope.clientId);
  return { at, scope, settings, service, location, providerId, plan, window, startMs, campaign };
}

/** SLOT_TAKEN with the office phone to call. */
export function slotTaken(booking: Pick<ResolvedBooking, 'scope' | 'location'>): DomainError {
  return bookingRefusal('SLOT_TAKEN', { phone: officePhone(booking.scope, booking.location) });
}

/** Who is booking, as the server's match decides. */
export interface PatientMatch {
  match: PatientCandidate | undefined;
  kind: PatientKind;
  normalizedName: string;
}

/** Step 3: the patient matched (a patient who says so counts as existing too), and their limits. */
export async function matchPatient(
  tx: BookingTransaction,
  booking: ResolvedBooking,
  request: BookAppointmentBody,
): Promise<PatientMatch> {
  const { scope, settings } = booking;
  const { patient } = request;
  const normalizedName = normalizedPatientName(patient.firstName, patient.lastName);
  const match = pickPatientMatch(
    await tx.findPatientCandidates(scope.clientId, normalizedName, patient.dateOfBirth),
    patient,
  );
  const kind = match !== undefined || request.isExistingPatient ? 'existing' : 'new';
  assertPatientMaySchedule(settings, booking.service, kind);
  if (match !== undefined && !settings.allowMultipleAppointments) {
    const upcoming = await tx.findUpcomingAppointment(scope.clientId, match.id, booking.at.getTime());
    // The date and time only to someone who gave every identity field exactly (issue 15, finding 10).
    if (upcoming !== undefined)
      throw isExactIdentityMatch(match, patient)
        ? bookingRefusal(
            'EXISTING_APPOINTMENT',
            existingAppointmentParams(upcoming.startAt, upcoming.timeZone),
          )
        : new DomainError('CALL_OFFICE');
  }
  return { match, kind, normalizedName };
}

/** The providers who could take the booking, and the one it is limited to (if any). */
async function candidatesFor(
  tx: BookingTransaction,
  booking: ResolvedBooking,
  { match, kind }: PatientMatch,
): Promise<{ candidates: BookableProvider[]; onlyProviderId: number | null }> {
  const { scope, settings, service, location, providerId, plan } = booking;
  // Appointment 3: an existing patient who has seen a provider may be limited to them.
  const limit =
    match === undefined || settings.allowProviderChangeForExisting
      ? undefined
      : providerLimitFor(settings, await tx.findPatientProvider(scope.clientId, match.id), providerId);
  const onlyProviderId = providerId ?? limit?.id ?? null;

  const providerRecords = await tx.listProviders({
    clientId: scope.clientId,
    serviceId: service.id,
    locationIds: [location.id],
    ...(onlyProviderId === null ? {} : { providerId: onlyProviderId }),
    ...(plan === undefined ? {} : { planId: plan.id }),
  });
  if (providerId !== null) {
    const provider = providerRecords[0];
    if (provider === undefined) throw notFound(PROVIDER_NOT_FOUND_MESSAGE, 'providerId');
    assertProviderOnline(provider);
    if (kind === 'new' && !provider.acceptingNewPatients) throw bookingRefusal('PROVIDER_NO_CAPACITY');
    if (plan !== undefined) assertPlanInNetwork(settings, provider.acceptsPlan);
    return { candidates: [provider], onlyProviderId };
  }
  let candidates = providerRecords.filter(
    (provider) => provider.onlineBookable && (kind !== 'new' || provider.acceptingNewPatients),
  );
  if (plan !== undefined && settings.checkInsuranceCompatibility && candidates.length > 0) {
    candidates = candidates.filter((provider) => provider.acceptsPlan);
    if (candidates.length === 0) throw bookingRefusal('INSURANCE_NOT_IN_NETWORK');
  }
  // Their provider does not take this service here online: not another one instead.
  if (limit !== undefined && candidates.length === 0) throw providerChangeRefusal(limit);
  return { candidates, onlyProviderId };
}

/** Step 4: a provider free at the slot on what the database holds now (appointment 18 when none was asked for). */
export async function chooseProvider(
  tx: BookingTransaction,
  booking: ResolvedBooking,
  patient: PatientMatch,
  idempotencyKey: string,
): Promise<BookableProvider> {
  const { at, window, scope, service, location, providerId, startMs, settings } = booking;
  const { candidates, onlyProviderId } = await candidatesFor(tx, booking, patient);
  if (candidates.length === 0) throw slotTaken(booking);

  const { input, busy } = await loadSlotRecheck(tx, {
    at,
    window,
    // The window again with the location's closed days (issue 19), as the search computes it.
    windowSettings: settings,
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
            random: seededRandom(idempotencyKey),
            bookedCountByProvider: bookedCounts(
              busy,
              input.window.earliest.getTime(),
              input.window.latestExclusive.getTime(),
            ),
          },
        )?.provider
      : free[0];
  if (chosen === undefined) throw slotTaken(booking);
  return chosen;
}

function relationshipLabel(value: string): string | null {
  return RELATIONSHIPS.find((relationship) => relationship.value === value)?.label ?? null;
}

/** Step 5: the patient (created, or matched and left as on file), the policy, the appointment. */
export async function persistBooking(
  tx: BookingTransaction,
  booking: ResolvedBooking,
  request: BookAppointmentBody,
  { match, normalizedName }: PatientMatch,
  chosen: BookableProvider,
): Promise<BookedAppointment> {
  const { scope, settings, service, location, plan, startMs } = booking;
  const { patient, insurance } = request;
  const nowMs = booking.at.getTime();
  const endMs = startMs + (chosen.durationMinutes ?? service.durationMinutes) * MS_PER_MINUTE;
  const patientId = await tx.savePatient(match?.id, {
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
  });
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
    campaign: booking.campaign,
    reason: request.details.reasonForVisit || null,
    notes: request.details.notes || null,
    language: request.language,
    now: nowMs,
  });
  // A matched record keeps its details; what differs waits for staff (issue 15, finding 3).
  if (match !== undefined)
    await tx.keepPendingChange({
      clientId: scope.clientId,
      patientId,
      appointmentId,
      source: 'booking',
      submitted: patient,
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
}
