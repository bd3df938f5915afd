/*
 * Retiring a provider (issue 19): kept for history (appointments, reports), never bookable again
 * (the slot search, staff bookings and waitlist offers read only providers whose `retired_at` is
 * null), shown as retired in the lists; its upcoming appointments are listed for rebooking. A
 * retired provider can be restored. Both are versioned (a stale version answers 409 and changes
 * nothing) and audited. The UPDATE raises the brand's search counter (trigger of migration 010), so
 * a kept slot search is not reused after it.
 */
import type { AppointmentToRebook } from '@scheduler/contract/admin/rebooking';
import { DomainError } from '@scheduler/domain/errors';
import { STALE_RECORD_MESSAGE } from '@scheduler/domain/messages';
import type { AuditActor, AuditLog } from '../../platform/audit/audit-log.ts';
import type { Db } from '../../platform/db/database.ts';
import { providerExists, setProviderRetired } from './provider-retirement-repository.ts';
import { selectAppointmentsToRebook } from './rebooking-repository.ts';

export interface ProviderRetirementService {
  /** Retires or restores; answers the provider's upcoming appointments (to rebook after a retirement). */
  setRetired(
    actor: AuditActor,
    request: { providerId: number; version: number; retired: boolean },
  ): Promise<AppointmentToRebook[]>;
  /** The provider's upcoming active appointments (audited: they name patients). */
  upcomingAppointments(actor: AuditActor, providerId: number): Promise<AppointmentToRebook[]>;
}

export function createProviderRetirementService({
  db,
  audit,
  now = Date.now,
}: {
  db: Db;
  audit: AuditLog;
  now?: () => number;
}): ProviderRetirementService {
  return {
    async setRetired(actor, { providerId, version, retired }) {
      const at = now();
      const outcome = await setProviderRetired(db, {
        clientId: actor.clientId,
        providerId,
        version,
        retired,
        at,
      });
      if (outcome === 'not-found') throw new DomainError('NOT_FOUND');
      if (outcome === 'stale') throw new DomainError('CONFLICT', STALE_RECORD_MESSAGE);
      const appointments = await selectAppointmentsToRebook(db, actor.clientId, { providerId }, at);
      if (outcome === 'ok') {
        await audit.recordFor(actor, retired ? 'provider.retire' : 'provider.restore', {
          type: 'provider',
          id: providerId,
          // Ids only: the appointments listed for rebooking in the answer.
          details: { appointmentIds: appointments.map((a) => Number(a.appointmentId)) },
        });
      } else if (appointments.length > 0) {
        await audit.recordFor(actor, 'provider.appointments.read', {
          type: 'provider',
          id: providerId,
          details: { appointmentIds: appointments.map((a) => Number(a.appointmentId)) },
        });
      }
      return appointments;
    },

    async upcomingAppointments(actor, providerId) {
      if (!(await providerExists(db, actor.clientId, providerId))) throw new DomainError('NOT_FOUND');
      const appointments = await selectAppointmentsToRebook(db, actor.clientId, { providerId }, now());
      await audit.recordFor(actor, 'provider.appointments.read', {
        type: 'provider',
        id: providerId,
        details: { appointmentIds: appointments.map((a) => Number(a.appointmentId)) },
      });
      return appointments;
    },
  };
}
