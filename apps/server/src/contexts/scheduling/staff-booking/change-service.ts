/*
 * The front desk's changes to an appointment (issue 19): move it (another time, provider or
 * location) and cancel it with a reason. Each runs in ONE write transaction with the patient's
 * own reschedule and cancel (decision 017): the row re-read and unchanged since it was read, the
 * new time re-checked by `moveOnTransaction` (manage/reschedule.ts) with the staff rules
 * (staff-slot.ts: working hours, closed days, time off, other appointments — 409, never
 * overridable; the minimum notice only with a reason), the same messages planned ('rescheduled',
 * 'cancelled'), the freed time offered to the waitlist, and the audit row with who and why.
 */
import { checkStatusMove } from '@scheduler/domain/appointment-status';
import { DomainError } from '@scheduler/domain/errors';
import {
  LOCATION_NOT_FOUND_MESSAGE,
  PROVIDER_NOT_FOUND_MESSAGE,
  STALE_APPOINTMENT_MESSAGE,
} from '@scheduler/domain/messages';
import type { Role } from '@scheduler/domain/roles';
import type {
  FrontDeskCancelRequest,
  FrontDeskChangeResponse,
  FrontDeskAppointment,
  FrontDeskRescheduleRequest,
  OverrideRule,
} from '@scheduler/contract/admin/front-desk';
import type { AuditActor } from '../../../platform/audit/audit-log.ts';
import { createAuditLog } from '../../../platform/audit/audit-log.ts';
import { createAuditRepository } from '../../../platform/audit/audit-repository.ts';
import type { Db } from '../../../platform/db/database.ts';
import { isSlotUnitConflict } from '../../../platform/db/slot-units.ts';
import { inWriteTransaction } from '../../../platform/db/transaction.ts';
import { notFound, selectLocations } from '../../catalogue/index.ts';
import { bookingTransactionOf } from '../booking/booking-repository.ts';
import { cancelByPatient, selectManaged } from '../manage/manage-repository.ts';
import type { ManagedAppointment } from '../manage/manage-repository.ts';
import { freedTime, type FreedTimeListener } from '../manage/manage-service.ts';
import { moveOnTransaction } from '../manage/reschedule.ts';
import type { FrontDeskDeps } from './book-service.ts';
import { selectAppointmentView, selectService, selectStaffScope } from './front-desk-repository.ts';
import { assertNotPast, assertOverrideReason, fieldError, timeRefused } from './refusals.ts';
import { closedDatesUntil, overriddenRules, slotEndMs, staffSlotVerdict, staffWindow } from './staff-slot.ts';
import { toAppointmentAnswer } from './views.ts';

export interface FrontDeskChangeDeps extends FrontDeskDeps {
  waitlist?: FreedTimeListener | undefined;
}

const MOVABLE = new Set(['pending', 'booked']);
export const NOT_MOVABLE_MESSAGE =
  'Only a pending or confirmed appointment can be moved. Reload to see its current status.';

/** The appointment again inside the transaction, unchanged since it was read. */
async function reread(trx: Db, before: ManagedAppointment): Promise<ManagedAppointment> {
  const current = await selectManaged(trx, before.clientId, before.id);
  if (current?.version !== before.version) throw new DomainError('CONFLICT', STALE_APPOINTMENT_MESSAGE);
  return current;
}

const auditOf = (trx: Db, at: Date) => createAuditLog(createAuditRepository(trx), () => at.getTime());

/** The new place and time, checked before the transaction; the rules it overrides. */
async function resolveMove(
  db: Db,
  actor: AuditActor,
  before: ManagedAppointment,
  request: FrontDeskRescheduleRequest,
  at: Date,
) {
  const service = await selectService(db, actor.clientId, before.serviceId);
  if (service === undefined) throw new DomainError('NOT_FOUND');
  const [location] = await selectLocations(db, actor.clientId, {
    locationId: request.locationId,
    serviceId: service.id,
  });
  if (location === undefined) throw notFound(LOCATION_NOT_FOUND_MESSAGE, 'locationId');
  if (!location.offersService)
    throw fieldError('locationId', 'This location does not offer the service. Choose another one.');
  const startMs = Date.parse(request.startUtc);
  assertNotPast(startMs, at);
  if (
    startMs === before.startAt &&
    request.providerId === before.providerId &&
    location.id === before.locationId
  )
    throw fieldError('startUtc', 'Choose a different time, provider or location');
  const view = await selectAppointmentView(db, actor.clientId, before.id);
  const scope = await selectStaffScope(db, actor.clientId, view?.schedulerId ?? null);
  const overrides: OverrideRule[] =
    scope === undefined
      ? []
      : overriddenRules(
          scope.settings,
          at,
          location.timeZone,
          startMs,
          await closedDatesUntil(db, actor.clientId, location, at, startMs),
        );
  assertOverrideReason(overrides, request.overrideReason);
  return { service, location, startMs, overrides };
}

/** The status workflow of the domain (packages/domain/src/appointment-status.ts) decides; 422 when it refuses. */
function assertCancellable(
  before: ManagedAppointment,
  timeZone: string,
  role: Role,
  atMs: number,
  reason: string,
): void {
  const verdict = checkStatusMove({
    status: before.status,
    to: 'cancelled',
    role,
    startUtcMs: before.startAt,
    timeZone,
    nowMs: atMs,
    reason,
  });
  if (!verdict.ok)
    throw new DomainError('STATUS_CHANGE_NOT_ALLOWED', verdict.message, {
      field: 'appointmentId',
      reason: verdict.reason,
      currentStatus: before.status,
    });
}

export function createFrontDeskChanges(deps: FrontDeskChangeDeps) {
  const { db, now } = deps;

  async function answer(actor: AuditActor, appointmentId: number): Promise<FrontDeskAppointment> {
    const view = await selectAppointmentView(db, actor.clientId, appointmentId);
    if (view === undefined) throw new DomainError('NOT_FOUND');
    return toAppointmentAnswer(view);
  }

  return {
    view: answer,

    async reschedule(
      actor: AuditActor,
      request: FrontDeskRescheduleRequest,
    ): Promise<FrontDeskChangeResponse> {
      const at = now();
      const before = await selectManaged(db, actor.clientId, request.appointmentId);
      if (before === undefined) throw new DomainError('NOT_FOUND');
      if (!MOVABLE.has(before.status))
        throw new DomainError('CONFLICT', NOT_MOVABLE_MESSAGE, { field: 'appointmentId' });
      const { service, location, startMs, overrides } = await resolveMove(db, actor, before, request, at);
      try {
        await inWriteTransaction(db, async (trx) => {
          const current = await reread(trx, before);
          const [provider] = await bookingTransactionOf(trx).listProviders({
            clientId: actor.clientId,
            serviceId: service.id,
            locationIds: [location.id],
            providerId: request.providerId,
          });
          if (provider === undefined) throw notFound(PROVIDER_NOT_FOUND_MESSAGE, 'providerId');
          await moveOnTransaction(trx, {
            at,
            window: staffWindow(at, slotEndMs(provider, service, startMs)),
            current,
            service,
            location,
            provider,
            startMs,
            includeOfflineProviders: true,
            byStaff: true,
            judge: (input, providerKey, locationKey, start) => {
              const refusal = staffSlotVerdict(input, providerKey, locationKey, start);
              if (refusal !== null) throw timeRefused(refusal);
            },
          });
          await deps.messages?.plan(trx, {
            appointmentId: current.id,
            event: 'rescheduled',
            at: at.getTime(),
          });
          if (current.startAt > at.getTime())
            await deps.waitlist?.timeFreed(trx, freedTime(current, 'rescheduled'));
          await auditOf(trx, at).record({
            userId: actor.userId,
            clientId: actor.clientId,
            ip: actor.ip,
            action: 'appointment.reschedule.staff',
            recordType: 'appointment',
            recordId: current.id,
            details: {
              patientId: current.patientId,
              fromStartUtc: new Date(current.startAt).toISOString(),
              toStartUtc: new Date(startMs).toISOString(),
              fromProviderId: current.providerId,
              toProviderId: provider.id,
              fromLocationId: current.locationId,
              toLocationId: location.id,
              overrides,
              ...(overrides.length > 0 ? { overrideReason: request.overrideReason } : {}),
            },
          });
        });
      } catch (error) {
        if (isSlotUnitConflict(error)) throw timeRefused('taken');
        throw error;
      }
      return { appointment: await answer(actor, before.id), overrides };
    },

    async cancel(
      actor: AuditActor,
      role: Role,
      request: FrontDeskCancelRequest,
    ): Promise<FrontDeskChangeResponse> {
      const at = now();
      const atMs = at.getTime();
      const before = await selectManaged(db, actor.clientId, request.appointmentId);
      const view = await selectAppointmentView(db, actor.clientId, request.appointmentId);
      if (before === undefined || view === undefined) throw new DomainError('NOT_FOUND');
      assertCancellable(before, view.timeZone, role, atMs, request.reason);
      await inWriteTransaction(db, async (trx) => {
        const current = await reread(trx, before);
        const done = await cancelByPatient(trx, {
          appointment: current,
          reasonLabel: request.reason,
          note: null,
          nowMs: atMs,
          byStaffUserId: actor.userId,
        });
        if (!done) throw new DomainError('CONFLICT', STALE_APPOINTMENT_MESSAGE);
        await deps.messages?.plan(trx, { appointmentId: current.id, event: 'cancelled', at: atMs });
        if (current.startAt > atMs) await deps.waitlist?.timeFreed(trx, freedTime(current, 'cancelled'));
        await auditOf(trx, at).record({
          userId: actor.userId,
          clientId: actor.clientId,
          ip: actor.ip,
          action: 'appointment.cancel.staff',
          recordType: 'appointment',
          recordId: current.id,
          details: {
            patientId: current.patientId,
            from: current.status,
            to: 'cancelled',
            reason: request.reason,
          },
        });
      });
      return { appointment: await answer(actor, before.id), overrides: [] };
    },
  };
}
