/*
 * The patient's manage page (issue 18): what the appointment is, what the patient may do and why
 * not, cancel and reschedule. Every refusal is decided HERE, on the server, from the appointment,
 * the service's cut-offs and limit and the scheduler's self-service setting as they are now; the
 * page only mirrors it. A wrong, expired (started) or cancelled token is one plain
 * MANAGE_LINK_INVALID answer. The reschedule re-checks the new time with the booking's own slot
 * re-check (reschedule.ts) and moves the appointment in ONE write transaction; the slot-unit key
 * settles a race (SLOT_TAKEN: the old time is kept).
 */
import { computeBookingWindow } from '@scheduler/domain/booking-window';
import { DomainError } from '@scheduler/domain/errors';
import { confirmationNumberOf } from '@scheduler/domain/messages/format';
import { CANCEL_REASONS } from '@scheduler/contract/manage';
import type {
  CancelAppointmentRequest,
  CancelAppointmentResponse,
  ManageAppointmentResponse,
  RescheduleAppointmentRequest,
} from '@scheduler/contract/manage';
import { createAuditLog } from '../../../platform/audit/audit-log.ts';
import { createAuditRepository } from '../../../platform/audit/audit-repository.ts';
import type { Db } from '../../../platform/db/database.ts';
import { isSlotUnitConflict } from '../../../platform/db/slot-units.ts';
import { inWriteTransaction } from '../../../platform/db/transaction.ts';
import { officePhone, requireRecordId } from '../../catalogue/index.ts';
import type { AppointmentMessages } from '../../messages/index.ts';
import { slotTaken } from '../booking/book-appointment.ts';
import { cancelByPatient, selectByTokenHash, selectManaged } from './manage-repository.ts';
import type { ManagedAppointment } from './manage-repository.ts';
import { isManageTokenShape, manageTokenHash } from './manage-token.ts';
import { contextOf, invalidLink, isManageable, permissionsOf, refuse, toView } from './manage-view.ts';
import type { ManageContext } from './manage-view.ts';
import { rescheduleOnTransaction } from './reschedule.ts';

export { invalidLink, isManageable, permissionsOf } from './manage-view.ts';

/**
 * Helper J's `WaitlistOffers` (contexts/waitlist/offers/time-freed.ts), as this context needs it:
 * structurally the same, declared here because the waitlist context imports scheduling (no cycle).
 */
export interface FreedTimeListener {
  timeFreed(
    trx: Db,
    freed: {
      clientId: number;
      locationId: number;
      appointmentTypeId?: number;
      providerId: number;
      startUtcMs: number;
      endUtcMs: number;
      reason: 'cancelled' | 'rescheduled' | 'hours-added';
      appointmentId?: number;
    },
  ): Promise<void>;
}

export interface ManageDeps {
  db: Db;
  now: () => Date;
  messages?: AppointmentMessages | undefined;
  /** Helper J's waitlist offers: told of the time a cancellation or a reschedule frees. */
  waitlist?: FreedTimeListener | undefined;
}

/** Who asks (for the audit log): the client's address only. */
export interface ManageCaller {
  ip: string | null;
}

export interface ManageService {
  view(token: string): Promise<ManageAppointmentResponse>;
  cancel(
    token: string,
    request: CancelAppointmentRequest,
    caller: ManageCaller,
  ): Promise<CancelAppointmentResponse>;
  reschedule(
    token: string,
    request: RescheduleAppointmentRequest,
    caller: ManageCaller,
  ): Promise<ManageAppointmentResponse>;
}

/** The time an appointment held, as the waitlist is told of it (also the front desk's, change-service.ts). */
export function freedTime(a: ManagedAppointment, reason: 'cancelled' | 'rescheduled') {
  return {
    clientId: a.clientId,
    locationId: a.locationId,
    appointmentTypeId: a.serviceId,
    providerId: a.providerId,
    startUtcMs: a.startAt,
    endUtcMs: a.endAt,
    reason,
    appointmentId: a.id,
  };
}

/** The provider and start asked for: another provider only when the practice allows; a new time. */
function requestedMove(
  { appointment: a, scope }: ManageContext,
  request: RescheduleAppointmentRequest,
): { providerId: number; startMs: number } {
  const message = 'Choose a time with your provider';
  const providerId =
    request.providerId === undefined || request.providerId === null
      ? a.providerId
      : requireRecordId(request.providerId, message, 'providerId');
  if (providerId !== a.providerId && !scope.settings.rescheduleAnyProvider)
    throw new DomainError('VALIDATION', message, { fields: [{ path: 'providerId', message }] });
  const startMs = Date.parse(request.startUtc);
  if (startMs === a.startAt && providerId === a.providerId)
    throw new DomainError('VALIDATION', 'Choose a different time', {
      fields: [{ path: 'startUtc', message: 'Choose a different time' }],
    });
  return { providerId, startMs };
}

function reasonLabel(reason: CancelAppointmentRequest['reason']): string {
  return CANCEL_REASONS.find((entry) => entry.value === reason)?.label ?? reason;
}

export function createManageService(deps: ManageDeps): ManageService {
  const { db, now } = deps;

  /** The context of a working token, or the one plain refusal. */
  const load = async (token: string, atMs: number): Promise<ManageContext> => {
    if (!isManageTokenShape(token)) throw invalidLink();
    const appointment = await selectByTokenHash(db, manageTokenHash(token));
    if (appointment === undefined || !isManageable(appointment, atMs)) throw invalidLink();
    const context = await contextOf(db, appointment);
    if (context === undefined) throw invalidLink();
    return context;
  };

  /** The appointment again inside the write transaction: still manageable, unchanged since `context`. */
  const reread = async (trx: Db, context: ManageContext, atMs: number): Promise<ManagedAppointment> => {
    const current = await selectManaged(trx, context.appointment.clientId, context.appointment.id);
    if (current === undefined || !isManageable(current, atMs)) throw invalidLink();
    if (current.version !== context.appointment.version) throw new DomainError('CONFLICT');
    return current;
  };

  const auditOf = (trx: Db, at: Date) => createAuditLog(createAuditRepository(trx), () => at.getTime());

  return {
    async view(token) {
      const atMs = now().getTime();
      return toView(await load(token, atMs), atMs);
    },

    async cancel(token, request, caller) {
      const at = now();
      const atMs = at.getTime();
      const context = await load(token, atMs);
      const decision = permissionsOf(context, atMs).cancel;
      if (!decision.allowed) throw refuse(decision);
      const { appointment: a } = context;
      await inWriteTransaction(db, async (trx) => {
        const current = await reread(trx, context, atMs);
        const done = await cancelByPatient(trx, {
          appointment: current,
          reasonLabel: reasonLabel(request.reason),
          note: request.note ?? null,
          nowMs: atMs,
        });
        if (!done) throw new DomainError('CONFLICT');
        await deps.messages?.plan(trx, { appointmentId: a.id, event: 'cancelled', at: atMs });
        await deps.waitlist?.timeFreed(trx, freedTime(current, 'cancelled'));
        await auditOf(trx, at).record({
          userId: null,
          clientId: a.clientId,
          action: 'appointment.cancel.patient',
          recordType: 'appointment',
          recordId: a.id,
          ip: caller.ip,
          details: { patientId: a.patientId, reason: request.reason, from: current.status },
        });
      });
      return {
        status: 'cancelled',
        confirmationNumber: confirmationNumberOf(a.id),
        startUtc: new Date(a.startAt).toISOString(),
        timeZone: context.location.timeZone,
        clientName: context.scope.clientSlug,
        scheduler: context.scope.schedulerSlug,
        officePhone: officePhone(context.scope, context.location),
      };
    },

    async reschedule(token, request, caller) {
      const at = now();
      const atMs = at.getTime();
      const context = await load(token, atMs);
      const decision = permissionsOf(context, atMs).reschedule;
      if (!decision.allowed) throw refuse(decision);
      const { appointment: a, scope, location } = context;
      const { providerId, startMs } = requestedMove(context, request);
      const window = computeBookingWindow(scope.settings, at, location.timeZone);
      try {
        await inWriteTransaction(db, async (trx) => {
          const current = await reread(trx, context, atMs);
          await rescheduleOnTransaction(trx, context, { at, window, current, providerId, startMs });
          await deps.messages?.plan(trx, { appointmentId: a.id, event: 'rescheduled', at: atMs });
          await deps.waitlist?.timeFreed(trx, freedTime(current, 'rescheduled'));
          await auditOf(trx, at).record({
            userId: null,
            clientId: a.clientId,
            action: 'appointment.reschedule.patient',
            recordType: 'appointment',
            recordId: a.id,
            ip: caller.ip,
            details: {
              patientId: a.patientId,
              fromStartAt: current.startAt,
              toStartAt: startMs,
              fromProviderId: current.providerId,
              toProviderId: providerId,
            },
          });
        });
      } catch (error) {
        if (isSlotUnitConflict(error)) throw slotTaken(context);
        throw error;
      }
      return toView(await load(token, atMs), atMs);
    },
  };
}
