/*
 * `Appointment/$hold` and `Appointment/$book` of a trusted partner (issue 20). The slot's checks
 * are slot-checks.ts.
 *
 * Expired holds of the provider are deleted first (before the search, and again in the
 * transaction): a late expiry job never keeps a time from anyone.
 *
 * $hold: the slot must be one the booking API offers now. Then in ONE write transaction: the slot
 * is re-checked on what the database holds, the hold is inserted with its 5-minute slot units and
 * its expiry job. The units' unique key refuses a hold over a booking or another hold under any
 * concurrency (409).
 *
 * $book: a slot held by ANOTHER partner is refused (409); the partner's own hold (or, without one,
 * a slot the booking API offers now) becomes the appointment in one transaction: the own hold is
 * deleted (its units with it), the slot is re-checked (the no-overlap guard: time off,
 * appointments and other holds), the patient is matched or created exactly as the staff booking
 * does (a matched record is left as on file, what differs waits for staff), the appointment
 * inserted (channel `partner`, booked; its confirmation and reminders planned as for a patient's
 * booking) and an audit row written with the partner as the actor. The units' key turns a lost
 * race into 409; the rollback leaves nothing behind.
 */
import { randomUUID } from 'node:crypto';
import { PARTNER_CHANNEL, PARTNER_HOLD_MINUTES } from '@scheduler/contract/admin/partners';
import { localDateOf } from '@scheduler/domain/time-zone';
import { createAuditLog } from '../../../platform/audit/audit-log.ts';
import { createAuditRepository } from '../../../platform/audit/audit-repository.ts';
import type { Db } from '../../../platform/db/database.ts';
import { inWriteTransaction } from '../../../platform/db/transaction.ts';
import type { JobQueue } from '../../../platform/jobs/index.ts';
import type { AppointmentMessages } from '../../messages/index.ts';
import { bookingTransactionOf, matchOrSavePatient, staffAppointment } from '../../scheduling/index.ts';
import type { AvailabilityService, BookingTransaction } from '../../scheduling/index.ts';
import type { AppointmentView, BookingPatient } from './appointment-resource.ts';
import { deleteExpiredHolds, deleteHold, insertHold, setPatientGender } from './partner-repository.ts';
import {
  MS_PER_MINUTE,
  heldByAnother,
  holdsOf,
  isOffered,
  orConflict,
  recheckSlot,
  resolveSlot,
  slotUnavailable,
  viewOf,
} from './slot-checks.ts';
import type { PartnerCaller, SlotTarget } from './slot-checks.ts';

export type { PartnerCaller } from './slot-checks.ts';

export const HOLD_MS = PARTNER_HOLD_MINUTES * MS_PER_MINUTE;
/** The queue of the job that releases a hold at its expiry. */
export const HOLD_EXPIRY_QUEUE = 'partners.hold-expiry';

export interface HoldBookDeps {
  db: Db;
  now: () => Date;
  jobs: JobQueue;
  availability: AvailabilityService;
  messages: AppointmentMessages;
}

export interface HoldOutcome {
  view: AppointmentView;
  hold: { id: number; createdAt: number; expiresAt: number };
}

export interface BookOutcome {
  view: AppointmentView;
  appointment: { id: number; createdAt: number };
  fromHold: boolean;
}

/** In the hold's transaction: the re-check, the hold with its units, its expiry job. */
async function holdInTransaction(
  trx: Db,
  jobs: JobQueue,
  caller: PartnerCaller,
  target: SlotTarget,
  at: Date,
): Promise<HoldOutcome> {
  const nowMs = at.getTime();
  const { clientId } = target.scope;
  await deleteExpiredHolds(trx, clientId, target.key.providerId, nowMs);
  const { provider, endMs } = await recheckSlot(bookingTransactionOf(trx), target, at);
  const expiresAt = nowMs + HOLD_MS;
  const holdId = await insertHold(trx, {
    clientId,
    partnerId: caller.partner.id,
    providerId: provider.id,
    locationId: target.location.id,
    serviceId: target.service.id,
    startAt: target.key.startMs,
    endAt: endMs,
    expiresAt,
    now: nowMs,
  });
  await jobs.enqueue(trx, [
    {
      queue: HOLD_EXPIRY_QUEUE,
      key: `hold-${String(holdId)}`,
      payload: { holdId, clientId },
      runAt: new Date(expiresAt),
    },
  ]);
  return {
    view: viewOf(target, provider, target.key.startMs, endMs),
    hold: { id: holdId, createdAt: nowMs, expiresAt },
  };
}

/** The patient's id: matched (left as on file, what differs kept for staff later) or created. */
async function savePartnerPatient(
  trx: Db,
  tx: BookingTransaction,
  clientId: number,
  { identity, gender }: BookingPatient,
  nowMs: number,
): Promise<{ patientId: number; matched: boolean }> {
  const { patientId, matched } = await matchOrSavePatient(tx, clientId, identity, nowMs);
  if (!matched && gender !== null) await setPatientGender(trx, clientId, patientId, gender);
  return { patientId, matched };
}

/** In the booking's transaction: the holds, the re-check, the patient, the appointment, the audit row. */
async function bookInTransaction(
  trx: Db,
  messages: AppointmentMessages,
  caller: PartnerCaller,
  target: SlotTarget,
  patient: BookingPatient,
  at: Date,
): Promise<BookOutcome> {
  const nowMs = at.getTime();
  const { clientId } = target.scope;
  const tx = bookingTransactionOf(trx, messages);
  await deleteExpiredHolds(trx, clientId, target.key.providerId, nowMs);
  // The slot's length is known once the provider is: another's hold anywhere in it refuses.
  const [candidate] = await tx.listProviders({
    clientId,
    serviceId: target.service.id,
    locationIds: [target.location.id],
    providerId: target.key.providerId,
  });
  const minutes = candidate?.durationMinutes ?? target.service.durationMinutes;
  const { own, others } = await holdsOf(
    trx,
    caller.partner.id,
    target,
    target.key.startMs + minutes * MS_PER_MINUTE,
    nowMs,
  );
  if (others) throw heldByAnother();
  if (own !== undefined) await deleteHold(trx, clientId, own.id);
  const { provider, endMs } = await recheckSlot(tx, target, at);
  const { patientId, matched } = await savePartnerPatient(trx, tx, clientId, patient, nowMs);
  // Its confirmation and reminders are planned by the booking transaction (messages).
  const appointmentId = await tx.insertAppointment(
    staffAppointment({
      clientId,
      schedulerId: target.scope.schedulerId,
      providerId: provider.id,
      locationId: target.location.id,
      serviceId: target.service.id,
      patientId,
      insurancePolicyId: null,
      startAt: target.key.startMs,
      endAt: endMs,
      isNewPatient: !matched,
      idempotencyKey: `partner-${String(caller.partner.id)}-${randomUUID()}`,
      channel: PARTNER_CHANNEL,
      notes: undefined,
      createdByUserId: null,
      now: nowMs,
    }),
  );
  // A matched record keeps its details; what the partner sent that differs waits for staff.
  if (matched)
    await tx.keepPendingChange({
      clientId,
      patientId,
      appointmentId,
      source: 'booking',
      submitted: patient.identity,
      now: nowMs,
    });
  // Ids only: no name, date of birth, phone or e-mail. The actor is the partner (no staff user).
  await createAuditLog(createAuditRepository(trx), () => nowMs).record({
    userId: null,
    clientId,
    ip: caller.ip,
    action: 'appointment.book.partner',
    recordType: 'appointment',
    recordId: appointmentId,
    details: {
      partnerId: caller.partner.id,
      partnerName: caller.partner.name,
      patientId,
      newPatient: !matched,
      providerId: provider.id,
      locationId: target.location.id,
      serviceId: target.service.id,
      startUtc: new Date(target.key.startMs).toISOString(),
      channel: PARTNER_CHANNEL,
      fromHold: own !== undefined,
    },
  });
  return {
    view: viewOf(target, provider, target.key.startMs, endMs),
    appointment: { id: appointmentId, createdAt: nowMs },
    fromHold: own !== undefined,
  };
}

export function createHoldBookService(deps: HoldBookDeps) {
  const { db, now, jobs, availability, messages } = deps;

  return {
    async hold(caller: PartnerCaller, slotId: string): Promise<HoldOutcome> {
      const at = now();
      const target = await resolveSlot(db, caller.publication, slotId);
      await deleteExpiredHolds(db, target.scope.clientId, target.key.providerId, at.getTime());
      if (!(await isOffered(availability, caller.publication, target))) throw slotUnavailable();
      return orConflict(inWriteTransaction(db, (trx) => holdInTransaction(trx, jobs, caller, target, at)));
    },

    /** `patientOf` checks the patient's details against today's date at the slot's location. */
    async book(
      caller: PartnerCaller,
      slotId: string,
      patientOf: (today: string) => BookingPatient,
    ): Promise<BookOutcome> {
      const at = now();
      const nowMs = at.getTime();
      const target = await resolveSlot(db, caller.publication, slotId);
      const patient = patientOf(localDateOf(at, target.location.timeZone));
      // Expired holds are gone (their job may be late): the search must not count them.
      await deleteExpiredHolds(db, target.scope.clientId, target.key.providerId, nowMs);
      // Without a hold of its own, the partner books only a slot the booking API offers now.
      const before = await holdsOf(db, caller.partner.id, target, target.key.startMs + MS_PER_MINUTE, nowMs);
      if (before.others) throw heldByAnother();
      if (before.own === undefined && !(await isOffered(availability, caller.publication, target)))
        throw slotUnavailable();
      return orConflict(
        inWriteTransaction(db, (trx) => bookInTransaction(trx, messages, caller, target, patient, at)),
      );
    },
  };
}

export type HoldBookService = ReturnType<typeof createHoldBookService>;
