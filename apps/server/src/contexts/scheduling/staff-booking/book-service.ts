/*
 * POST /api/scheduler/admin/front-desk/book (issue 19, "Book for a caller"). Before the
 * transaction: the service, the location (it must offer the service), the time (not past), the
 * patient (on file, or a new one checked with the public identity step's schema and rules), the
 * insurance, and the rules a staff time may override (the minimum notice: a reason is required).
 * In ONE write transaction (the booking module's, decision 012): replay a known idempotency key,
 * re-check the time by the staff rules (working hours, closed days, time off, other appointments:
 * 409, never overridable), match or create the patient exactly as the patient's own booking does,
 * insert the appointment (channel front-desk, created by the user, in the language staff chose or
 * its default — message-language.ts; its confirmation planned by the messages context, in that
 * language), and write the audit row with the override reason and the language. The slot-unit
 * key of the database turns a lost race into 409 and the rollback leaves nothing behind.
 */
import { z } from 'zod';
import { DomainError, validationError } from '@scheduler/domain/errors';
import { localDateOf } from '@scheduler/domain/time-zone';
import {
  IDEMPOTENCY_REUSED_MESSAGE,
  LOCATION_NOT_FOUND_MESSAGE,
  PLAN_NOT_AVAILABLE_MESSAGE,
  PROVIDER_NOT_FOUND_MESSAGE,
  SERVICE_NOT_FOUND_MESSAGE,
} from '@scheduler/domain/messages';
import { RELATIONSHIPS } from '@scheduler/contract/booking';
import type {
  FrontDeskBookRequest,
  FrontDeskBooking,
  OverrideRule,
} from '@scheduler/contract/admin/front-desk';
import { createPatientIdentitySchema } from '@scheduler/contract/patient';
import type { PatientIdentity } from '@scheduler/contract/patient';
import type { PatientLanguage } from '@scheduler/contract/common';
import { FRONT_DESK_CHANNEL } from '@scheduler/contract/waitlist';
import type { AuditActor } from '../../../platform/audit/audit-log.ts';
import { createAuditLog } from '../../../platform/audit/audit-log.ts';
import { createAuditRepository } from '../../../platform/audit/audit-repository.ts';
import type { Db } from '../../../platform/db/database.ts';
import { isSlotUnitConflict } from '../../../platform/db/slot-units.ts';
import { inWriteTransaction } from '../../../platform/db/transaction.ts';
import { notFound, selectLocations } from '../../catalogue/index.ts';
import type { LocationRecord, SchedulerScope } from '../../catalogue/index.ts';
import type { AppointmentMessages } from '../../messages/index.ts';
import { normalizedPatientName } from '../../patients/index.ts';
import {
  bookingTransactionOf,
  createBookingRepository,
  isIdempotencyKeyConflict,
} from '../booking/booking-repository.ts';
import type { BookingTransaction } from '../booking/booking-repository.ts';
import {
  selectAppointmentView,
  selectLastBookingLanguage,
  selectPatientOnFile,
  selectService,
  selectStaffScope,
} from './front-desk-repository.ts';
import type { PatientOnFile, StaffService } from './front-desk-repository.ts';
import { defaultMessageLanguage, practiceLanguage } from './message-language.ts';
import { assertNotPast, assertOverrideReason, fieldError, timeRefused } from './refusals.ts';
import { staffAppointment } from './staff-appointment.ts';
import { matchOrSavePatient } from '../booking/match-or-save-patient.ts';
import { checkStaffSlot, closedDatesUntil, overriddenRules } from './staff-slot.ts';
import { toAppointmentAnswer } from './views.ts';

export interface FrontDeskDeps {
  db: Db;
  now: () => Date;
  messages?: AppointmentMessages | undefined;
}

export interface BookResult {
  replayed: boolean;
  booking: FrontDeskBooking;
}

/** The patient of the request: one on file, or a new person checked with the public identity rules. */
type WhoBooks =
  | { kind: 'on-file'; patient: PatientOnFile }
  | { kind: 'new'; identity: PatientIdentity; normalizedName: string };

interface Target {
  scope: SchedulerScope;
  service: StaffService;
  location: LocationRecord;
  startMs: number;
  who: WhoBooks;
  plan: { id: number; carrierId: number } | undefined;
  overrides: OverrideRule[];
  /**
   * The messages' language: the one staff chose (`chosen`), else the patient's last booking's
   * (a patient on file), else the practice's default (a new person; a matched record's last
   * booking's wins, read in the transaction).
   */
  language: { value: PatientLanguage; chosen: boolean };
}

/** The public identity step's schema and rules (a plausible date of birth against today at the location). */
function checkedIdentity(identity: PatientIdentity, location: LocationRecord, at: Date): PatientIdentity {
  const schema = z.object({
    patient: z.object({
      newPatient: createPatientIdentitySchema({
        // The consents are recorded as the caller gives them: "agree to book online" (patientIntake 1)
        // gates online booking only, like the other online rules decision 012 lifts for staff.
        smsEmailPermissions: 'optional',
        today: localDateOf(at, location.timeZone),
      }),
    }),
  });
  const parsed = schema.safeParse({ patient: { newPatient: identity } });
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data.patient.newPatient;
}

async function resolveWho(
  db: Db,
  clientId: number,
  request: FrontDeskBookRequest,
  scope: SchedulerScope,
  location: LocationRecord,
  at: Date,
): Promise<WhoBooks> {
  if ('patientId' in request.patient) {
    const patient = await selectPatientOnFile(db, clientId, request.patient.patientId);
    if (patient === undefined) throw notFound('This patient does not exist.', 'patient.patientId');
    return { kind: 'on-file', patient };
  }
  const identity = checkedIdentity(request.patient.newPatient, location, at);
  return {
    kind: 'new',
    identity,
    normalizedName: normalizedPatientName(identity.firstName, identity.lastName),
  };
}

async function resolvePlan(db: Db, clientId: number, request: FrontDeskBookRequest) {
  const insurance = request.insurance;
  if (insurance === null || insurance.selfPay) return undefined;
  const planId = Number(insurance.planId);
  const plan = Number.isSafeInteger(planId)
    ? await createBookingRepository(db).findPlan(clientId, planId)
    : undefined;
  if (plan === undefined || String(plan.carrierId) !== insurance.carrierId)
    throw fieldError('insurance.planId', PLAN_NOT_AVAILABLE_MESSAGE);
  return plan;
}

/** Everything checked before the transaction. */
async function resolveTarget(
  db: Db,
  actor: AuditActor,
  request: FrontDeskBookRequest,
  at: Date,
): Promise<Target> {
  const { clientId } = actor;
  const service = await selectService(db, clientId, request.appointmentTypeId);
  if (service === undefined) throw notFound(SERVICE_NOT_FOUND_MESSAGE, 'appointmentTypeId');
  const [location] = await selectLocations(db, clientId, {
    locationId: request.locationId,
    serviceId: service.id,
  });
  if (location === undefined) throw notFound(LOCATION_NOT_FOUND_MESSAGE, 'locationId');
  if (!location.offersService)
    throw fieldError('locationId', 'This location does not offer the service. Choose another one.');
  const scope = await selectStaffScope(db, clientId, null);
  if (scope === undefined) throw notFound('This practice has no scheduler.');
  const startMs = Date.parse(request.startUtc);
  assertNotPast(startMs, at);
  const who = await resolveWho(db, clientId, request, scope, location, at);
  const plan = await resolvePlan(db, clientId, request);
  const closed = await closedDatesUntil(db, clientId, location, at, startMs);
  const overrides = overriddenRules(scope.settings, at, location.timeZone, startMs, closed);
  assertOverrideReason(overrides, request.overrideReason);
  const language =
    request.language !== undefined
      ? { value: request.language, chosen: true }
      : {
          value: (who.kind === 'on-file'
            ? await defaultMessageLanguage(db, clientId, who.patient.id, scope)
            : practiceLanguage(scope)
          ).language,
          chosen: false,
        };
  return { scope, service, location, startMs, who, plan, overrides, language };
}

/** The patient's id: the one on file, else matched (left as on file) or created, as the public booking does. */
async function savePatientOf(
  tx: BookingTransaction,
  clientId: number,
  target: Target,
  appointmentNow: number,
) {
  const { who } = target;
  if (who.kind === 'on-file') return { patientId: who.patient.id, isNew: false, matched: false };
  const { patientId, matched } = await matchOrSavePatient(tx, clientId, who.identity, appointmentNow);
  return { patientId, isNew: !matched, matched };
}

function relationshipLabel(value: string): string | null {
  return RELATIONSHIPS.find((relationship) => relationship.value === value)?.label ?? null;
}

async function policyOf(
  tx: BookingTransaction,
  clientId: number,
  patientId: number,
  request: FrontDeskBookRequest,
  target: Target,
  nowMs: number,
) {
  const { insurance } = request;
  if (insurance === null) return null;
  return tx.findOrInsertPolicy({
    clientId,
    patientId,
    planId: target.plan?.id ?? null,
    carrierId: target.plan?.carrierId ?? null,
    relationshipLabel: insurance.selfPay ? null : relationshipLabel(insurance.relationship),
    memberId: insurance.selfPay ? null : insurance.memberId,
    selfPay: insurance.selfPay,
    now: nowMs,
  });
}

/** Inside the write transaction: replay, provider and time, patient, appointment, audit. */
async function bookOnTransaction(
  trx: Db,
  deps: FrontDeskDeps,
  actor: AuditActor,
  request: FrontDeskBookRequest,
  target: Target,
  at: Date,
): Promise<{ appointmentId: number; isNew: boolean } | { replay: number }> {
  const { clientId } = actor;
  const nowMs = at.getTime();
  const tx = bookingTransactionOf(trx, deps.messages);
  const raced = await tx.findByIdempotencyKey(clientId, request.idempotencyKey);
  if (raced !== undefined) return { replay: raced.appointmentId };
  const { service, location, startMs } = target;
  const [provider] = await tx.listProviders({
    clientId,
    serviceId: service.id,
    locationIds: [location.id],
    providerId: request.providerId,
  });
  if (provider === undefined) throw notFound(PROVIDER_NOT_FOUND_MESSAGE, 'providerId');
  const { endMs, refusal } = await checkStaffSlot(tx, { at, clientId, service, location, provider, startMs });
  if (refusal !== null) throw timeRefused(refusal);
  const { patientId, isNew, matched } = await savePatientOf(tx, clientId, target, nowMs);
  // A new person matched to a record on file: their last booking's language, unless staff chose one.
  const language =
    matched && !target.language.chosen
      ? ((await selectLastBookingLanguage(trx, clientId, patientId)) ?? target.language.value)
      : target.language.value;
  const insurancePolicyId = await policyOf(tx, clientId, patientId, request, target, nowMs);
  const appointmentId = await tx.insertAppointment(
    staffAppointment({
      clientId,
      schedulerId: target.scope.schedulerId,
      providerId: provider.id,
      locationId: location.id,
      serviceId: service.id,
      patientId,
      insurancePolicyId,
      startAt: startMs,
      endAt: endMs,
      isNewPatient: isNew,
      idempotencyKey: request.idempotencyKey,
      channel: FRONT_DESK_CHANNEL,
      notes: request.notes,
      createdByUserId: actor.userId,
      now: nowMs,
      language,
    }),
  );
  // A matched record keeps its details; what the caller gave that differs waits for staff (issue 15).
  if (matched && target.who.kind === 'new')
    await tx.keepPendingChange({
      clientId,
      patientId,
      appointmentId,
      source: 'booking',
      submitted: target.who.identity,
      now: nowMs,
    });
  // Ids, rules and the staff member's reason only: no name, date of birth, phone or e-mail.
  await createAuditLog(createAuditRepository(trx), () => nowMs).record({
    userId: actor.userId,
    clientId,
    ip: actor.ip,
    action: 'appointment.book.staff',
    recordType: 'appointment',
    recordId: appointmentId,
    details: {
      patientId,
      newPatient: isNew,
      providerId: provider.id,
      locationId: location.id,
      serviceId: service.id,
      startUtc: new Date(startMs).toISOString(),
      channel: FRONT_DESK_CHANNEL,
      language,
      overrides: target.overrides,
      ...(target.overrides.length > 0 ? { overrideReason: request.overrideReason } : {}),
    },
  });
  return { appointmentId, isNew };
}

export function createFrontDeskBooking(deps: FrontDeskDeps) {
  const { db, now } = deps;

  /** The earlier booking of a key, when it is for the same patient (else 409). */
  async function replayOf(
    actor: AuditActor,
    appointmentId: number,
    request: FrontDeskBookRequest,
    overrides: OverrideRule[],
  ): Promise<BookResult> {
    const view = await selectAppointmentView(db, actor.clientId, appointmentId);
    if (view === undefined) throw new DomainError('CONFLICT');
    const { patient } = request;
    let samePatient = view.patient.id === ('patientId' in patient ? patient.patientId : -1);
    if ('newPatient' in patient) {
      const onFile = await selectPatientOnFile(db, actor.clientId, view.patient.id);
      samePatient =
        onFile?.normalizedName ===
          normalizedPatientName(patient.newPatient.firstName, patient.newPatient.lastName) &&
        onFile.dateOfBirth === patient.newPatient.dateOfBirth;
    }
    if (!samePatient)
      throw new DomainError('CONFLICT', IDEMPOTENCY_REUSED_MESSAGE, { field: 'idempotencyKey' });
    const booking = {
      ...toAppointmentAnswer(view),
      channel: FRONT_DESK_CHANNEL,
      newPatient: false,
      overrides,
    };
    return { replayed: true, booking };
  }

  return {
    async book(actor: AuditActor, request: FrontDeskBookRequest): Promise<BookResult> {
      const at = now();
      const earlier = await createBookingRepository(db).findByIdempotencyKey(
        actor.clientId,
        request.idempotencyKey,
      );
      if (earlier !== undefined) return replayOf(actor, earlier.appointmentId, request, []);
      const target = await resolveTarget(db, actor, request, at);
      try {
        const outcome = await inWriteTransaction(db, (trx) =>
          bookOnTransaction(trx, deps, actor, request, target, at),
        );
        if ('replay' in outcome) return await replayOf(actor, outcome.replay, request, target.overrides);
        const view = await selectAppointmentView(db, actor.clientId, outcome.appointmentId);
        if (view === undefined) throw new DomainError('CONFLICT');
        return {
          replayed: false,
          booking: {
            ...toAppointmentAnswer(view),
            channel: FRONT_DESK_CHANNEL,
            newPatient: outcome.isNew,
            overrides: target.overrides,
          },
        };
      } catch (error) {
        if (isSlotUnitConflict(error)) throw timeRefused('taken');
        if (isIdempotencyKeyConflict(error)) {
          const winner = await createBookingRepository(db).findByIdempotencyKey(
            actor.clientId,
            request.idempotencyKey,
          );
          if (winner !== undefined) return replayOf(actor, winner.appointmentId, request, target.overrides);
        }
        throw error;
      }
    },
  };
}
