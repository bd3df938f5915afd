/*
 * The manage link of an appointment, as the booking answer, the messages and staff need it
 * (issue 18). A link exists only while the appointment is pending or booked, belongs to a
 * scheduler whose self-service is on (selfService 1) and has not started.
 */
import { managePagePath } from '@scheduler/contract/manage';
import type { Db } from '../../../platform/db/database.ts';
import { inWriteTransaction } from '../../../platform/db/transaction.ts';
import { requireScope, selectSchedulerScope } from '../../catalogue/index.ts';
import type { AppointmentMessages } from '../../messages/index.ts';
import { ensureManageToken, rotateManageToken, selectManaged } from './manage-repository.ts';
import type { ManagedAppointment } from './manage-repository.ts';
import { isManageable } from './manage-view.ts';

export interface ManageLinks {
  /** The absolute URL of the appointment's manage page, or null (self-service off, not in the future, cancelled). */
  linkFor(clientId: number, appointmentId: number): Promise<string | null>;
  /**
   * Staff "resend link": a new token (earlier links stop working) and the booking confirmation
   * sent again (it carries the link). False when the appointment has no link to give.
   */
  resend(clientId: number, appointmentId: number): Promise<boolean>;
}

export interface ManageLinksOptions {
  db: Db;
  now: () => Date;
  /** manageLinkKeyOf(config). */
  key: Buffer;
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
  messages?: AppointmentMessages | undefined;
}

export function createManageLinks({ db, now, key, publicUrl, messages }: ManageLinksOptions): ManageLinks {
  /** The appointment when it may have a link now. */
  const linkable = async (
    clientId: number,
    appointmentId: number,
  ): Promise<(ManagedAppointment & { schedulerSlug: string }) | undefined> => {
    const appointment = await selectManaged(db, clientId, appointmentId);
    if (appointment === undefined || !isManageable(appointment, now().getTime())) return undefined;
    const { schedulerSlug } = appointment;
    if (schedulerSlug === null) return undefined;
    const found = await selectSchedulerScope(db, appointment.clientSlug, schedulerSlug);
    if (found === undefined || !requireScope(found.scope).settings.patientSelfService) return undefined;
    return { ...appointment, schedulerSlug };
  };
  const urlOf = (appointment: { clientSlug: string; schedulerSlug: string }, token: string) =>
    `${publicUrl}${managePagePath(appointment.clientSlug, appointment.schedulerSlug, token)}`;

  return {
    async linkFor(clientId, appointmentId) {
      const appointment = await linkable(clientId, appointmentId);
      if (appointment === undefined) return null;
      return urlOf(appointment, await ensureManageToken(db, key, appointmentId));
    },

    async resend(clientId, appointmentId) {
      const appointment = await linkable(clientId, appointmentId);
      if (appointment === undefined) return false;
      await inWriteTransaction(db, async (trx) => {
        await rotateManageToken(trx, key, appointmentId);
        // The confirmation (or "request received") again, now with the new link; reminders already planned stay as they are.
        await messages?.plan(trx, { appointmentId, event: 'booked', at: now() });
      });
      return true;
    },
  };
}
