/*
 * The named steps of bookFromWaitList (staff-booking-service.ts): resolve what is booked and
 * check it before the transaction; inside it choose the provider and re-check the slot, match or
 * create the patient, insert the appointment, mark the entry booked and audit.
 */
import { DomainError } from '@scheduler/domain/errors';
import { FRONT_DESK_CHANNEL, staffDateOfBirthIssue } from '@scheduler/contract/waitlist';
import { localDateOf } from '@scheduler/domain/time-zone';
import type { BookFromWaitListRequest } from '@scheduler/contract/waitlist';
import type { AuditActor } from '../../../platform/audit/audit-log.ts';
import { checkStaffSlot, staffAppointment } from '../../scheduling/index.ts';
import type { BookedAppointment } from '../../scheduling/index.ts';
import { comparablePhone, normalizedPatientName, pickPatientMatch } from '../../patients/index.ts';
import { notFound } from '../../catalogue/index.ts';
import { OPEN_WAITLIST_STATUSES } from './staff-booking-repository.ts';
import type {
  BookableService,
  StaffBookingRepository,
  StaffBookingTransaction,
  WaitlistEntryForBooking,
} from './staff-booking-repository.ts';
import {
  LOCATION_NOT_FOUND_MESSAGE,
  PROVIDER_NOT_FOUND_MESSAGE,
  SERVICE_NOT_FOUND_MESSAGE,
  STAFF_BIRTH_DATE_MISMATCH_MESSAGE,
  STAFF_ENTRY_NO_BIRTH_DATE_MESSAGE,
  STAFF_OUTSIDE_HOURS_MESSAGE,
  STAFF_PAST_TIME_MESSAGE,
  STAFF_SERVICE_NOT_AT_LOCATION_MESSAGE,
  STAFF_SERVICE_REQUIRED_MESSAGE,
  STAFF_SLOT_TAKEN_MESSAGE,
  WAITLIST_ENTRY_CLOSED_MESSAGE,
} from '@scheduler/domain/messages';

export class Replay {
  constructor(readonly booked: BookedAppointment) {}
}

export interface Booked {
  booked: BookedAppointment;
  patientId: number;
}

export function fieldError(code: 'VALIDATION', field: string, message: string): DomainError {
  return new DomainError(code, message, { fields: [{ path: field, message }] });
}

/**
 * The patient key of a waitlist entry: its name and its date of birth, or, when it has none, the
 * one staff entered (`dateOfBirth` of the request; without it the entry cannot be booked).
 */
export function patientKeyOf(
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

export const slotTaken = (): DomainError =>
  new DomainError('SLOT_TAKEN', STAFF_SLOT_TAKEN_MESSAGE, { field: 'startUtc' });

type PatientKey = ReturnType<typeof patientKeyOf>;
type BookableLocation = NonNullable<Awaited<ReturnType<StaffBookingRepository['findLocation']>>>;
type BookableProvider = NonNullable<Awaited<ReturnType<StaffBookingTransaction['listProviders']>>[number]>;

/** What is booked, checked before the transaction: service, location, start and patient key. */
export interface BookingTarget {
  service: BookableService;
  location: BookableLocation;
  startMs: number;
  key: PatientKey;
}

/** Service, location, time and date of birth of the request, checked against the entry and now. */
export async function resolveTarget(
  repository: StaffBookingRepository,
  clientId: number,
  request: BookFromWaitListRequest,
  entry: WaitlistEntryForBooking,
  at: Date,
): Promise<BookingTarget> {
  const serviceId = request.appointmentTypeId ?? entry.serviceId;
  if (serviceId === null) throw fieldError('VALIDATION', 'appointmentTypeId', STAFF_SERVICE_REQUIRED_MESSAGE);
  const service = await repository.findService(clientId, serviceId);
  if (service === undefined) throw notFound(SERVICE_NOT_FOUND_MESSAGE, 'appointmentTypeId');
  const location = await repository.findLocation(clientId, request.locationId, service.id);
  if (location === undefined) throw notFound(LOCATION_NOT_FOUND_MESSAGE, 'locationId');
  if (!(OPEN_WAITLIST_STATUSES as readonly string[]).includes(entry.status))
    throw new DomainError('CONFLICT', WAITLIST_ENTRY_CLOSED_MESSAGE, { field: 'waitlistEntryId' });
  if (!location.offersService)
    throw fieldError('VALIDATION', 'locationId', STAFF_SERVICE_NOT_AT_LOCATION_MESSAGE);
  const startMs = Date.parse(request.startUtc);
  if (startMs < at.getTime()) throw fieldError('VALIDATION', 'startUtc', STAFF_PAST_TIME_MESSAGE);
  const key = patientKeyOf(entry, request.dateOfBirth);
  // A date of birth staff entered: a real date before today at the location, at most 120 years ago.
  if (entry.dateOfBirth === null) {
    const issue = staffDateOfBirthIssue(key.dateOfBirth, localDateOf(at, location.timeZone));
    if (issue !== null) throw fieldError('VALIDATION', 'dateOfBirth', issue);
  }
  return { service, location, startMs, key };
}

/** The provider asked for, and the slot re-checked with the booking's own re-check. */
async function providerWithFreeSlot(
  tx: StaffBookingTransaction,
  clientId: number,
  request: BookFromWaitListRequest,
  { service, location, startMs }: BookingTarget,
  at: Date,
): Promise<{ provider: BookableProvider; endMs: number }> {
  const [provider] = await tx.listProviders({
    clientId,
    serviceId: service.id,
    locationIds: [location.id],
    providerId: request.providerId,
  });
  if (provider === undefined) throw notFound(PROVIDER_NOT_FOUND_MESSAGE, 'providerId');
  // The front desk's staff rules of one time (scheduling/staff-booking/staff-slot.ts): the
  // booking's own re-check with a window from now to the end of the slot — staff are not held to
  // the patient booking window, only to the past, the hours, closed days and the diary.
  const { endMs, refusal } = await checkStaffSlot(tx, {
    at,
    clientId,
    service,
    location,
    provider,
    startMs,
  });
  if (refusal === 'taken') throw slotTaken();
  if (refusal !== null) throw fieldError('VALIDATION', 'startUtc', STAFF_OUTSIDE_HOURS_MESSAGE);
  return { provider, endMs };
}

/** The patient: the entry's record when it is still theirs, else matched (left as on file) or created. */
async function savePatientOfEntry(
  tx: StaffBookingTransaction,
  clientId: number,
  request: BookFromWaitListRequest,
  entry: WaitlistEntryForBooking,
  key: PatientKey,
  nowMs: number,
): Promise<{ patientId: number; isNew: boolean }> {
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
  return { patientId, isNew: match === undefined };
}

/** Who books: a staff user, or (a waitlist offer's claim, issue 18) the patient, with no user. */
export type BookingActor = Omit<AuditActor, 'userId'> & { userId: number | null };

/** How the booking is recorded: the appointment's channel and the audit action. */
export interface BookingMode {
  channel: string;
  auditAction: string;
}

const STAFF_BOOKING_MODE: BookingMode = { channel: FRONT_DESK_CHANNEL, auditAction: 'waitlist.book' };

/**
 * Inside the write transaction: replay, slot, patient, appointment, entry booked, audit row.
 * Staff (bookFromWaitList) and a patient's claim of a waitlist offer (issue 18) share it.
 */
export async function bookInTransaction(
  tx: StaffBookingTransaction,
  actor: BookingActor,
  request: BookFromWaitListRequest,
  entry: WaitlistEntryForBooking,
  target: BookingTarget,
  at: Date,
  mode: BookingMode = STAFF_BOOKING_MODE,
): Promise<Booked | Replay> {
  const { clientId } = actor;
  const nowMs = at.getTime();
  const { service, location, startMs, key } = target;
  const raced = await tx.findByIdempotencyKey(clientId, request.idempotencyKey);
  if (raced !== undefined) return new Replay(raced);
  const { provider, endMs } = await providerWithFreeSlot(tx, clientId, request, target, at);
  const { patientId, isNew } = await savePatientOfEntry(tx, clientId, request, entry, key, nowMs);
  const appointmentId = await tx.insertAppointment(
    staffAppointment({
      clientId,
      schedulerId: entry.schedulerId,
      providerId: provider.id,
      locationId: location.id,
      serviceId: service.id,
      patientId,
      insurancePolicyId: null,
      startAt: startMs,
      endAt: endMs,
      isNewPatient: isNew,
      idempotencyKey: request.idempotencyKey,
      channel: mode.channel,
      notes: request.notes,
      createdByUserId: actor.userId,
      language: entry.language,
      now: nowMs,
    }),
  );
  // A matched record keeps its details: the entry was filled in by the public, so what differs
  // (and the consents chosen here) waits for staff on the patient page (issue 15, finding 3).
  if (!isNew)
    await tx.keepPendingChange({
      clientId,
      patientId,
      appointmentId,
      source: 'waitlist',
      submitted: {
        phone: entry.phone,
        email: entry.email,
        smsPermission: request.smsPermission,
        emailPermission: request.emailPermission,
      },
      now: nowMs,
    });
  if (!(await tx.markEntryBooked(clientId, entry.id, nowMs)))
    throw new DomainError('CONFLICT', WAITLIST_ENTRY_CLOSED_MESSAGE, { field: 'waitlistEntryId' });
  // Ids only: no name, date of birth, phone or e-mail in the audit trail.
  await tx.audit.record({
    userId: actor.userId,
    clientId,
    ip: actor.ip,
    action: mode.auditAction,
    recordType: 'appointment',
    recordId: appointmentId,
    details: {
      waitlistEntryId: entry.id,
      from: entry.status,
      to: 'booked',
      patientId,
      newPatient: isNew,
      providerId: provider.id,
      locationId: location.id,
      serviceId: service.id,
      startUtc: new Date(startMs).toISOString(),
      channel: mode.channel,
    },
  });
  return {
    patientId,
    booked: {
      appointmentId,
      status: 'booked',
      startAt: startMs,
      endAt: endMs,
      provider,
      location,
      service: { id: service.id, name: service.name },
      patient: key,
    },
  };
}
