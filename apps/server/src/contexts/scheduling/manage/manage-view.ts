/*
 * The manage page's view of an appointment (issue 18): whether a link works, what the patient may
 * do at a given instant and why not (pure), and the answer of GET manage.
 */
import { formatInTimeZone } from '@scheduler/domain/dates';
import { DomainError } from '@scheduler/domain/errors';
import { fillMessageTemplate } from '@scheduler/domain/messages';
import { confirmationNumberOf } from '@scheduler/domain/messages/format';
import { providerDisplayName } from '@scheduler/domain/providers';
import { MANAGE_LINK_INVALID_MESSAGE, MANAGE_REFUSAL_MESSAGES } from '@scheduler/contract/manage';
import type {
  ManageAction,
  ManageAppointmentResponse,
  ManageRefusalReason,
} from '@scheduler/contract/manage';
import type { Db } from '../../../platform/db/database.ts';
import {
  officePhone,
  requireScope,
  selectLocations,
  selectSchedulerScope,
  toLocationResponse,
} from '../../catalogue/index.ts';
import type { LocationRecord, SchedulerScope, ServiceRecord } from '../../catalogue/index.ts';
import type { ManagedAppointment } from './manage-repository.ts';

const MS_PER_HOUR = 3_600_000;
const MS_PER_MINUTE = 60_000;

/** The one answer to a wrong, expired or cancelled link. */
export function invalidLink(): DomainError {
  return new DomainError('MANAGE_LINK_INVALID', MANAGE_LINK_INVALID_MESSAGE);
}

/** A link works while its appointment is pending or booked, belongs to a scheduler and has not started. */
export function isManageable(appointment: ManagedAppointment, atMs: number): boolean {
  return (
    (appointment.status === 'booked' || appointment.status === 'pending') &&
    appointment.schedulerSlug !== null &&
    appointment.startAt > atMs
  );
}

export interface ManageContext {
  appointment: ManagedAppointment;
  scope: SchedulerScope;
  service: ServiceRecord;
  location: LocationRecord;
}

interface Permissions {
  cancel: ManageAction;
  reschedule: ManageAction;
}

function action(
  kind: 'cancel' | 'reschedule',
  reason: ManageRefusalReason | null,
  cutoffHours: number,
  startAt: number,
  phone: string,
): ManageAction {
  return {
    allowed: reason === null,
    reason,
    message:
      reason === null
        ? null
        : fillMessageTemplate(
            MANAGE_REFUSAL_MESSAGES[kind][reason].replaceAll('HOURS', String(cutoffHours)),
            {
              phone,
            },
          ),
    cutoffHours,
    deadlineUtc: new Date(startAt - cutoffHours * MS_PER_HOUR).toISOString(),
  };
}

/** What the patient may do at `atMs`, and why not (pure). */
export function permissionsOf(context: ManageContext, atMs: number): Permissions {
  const { appointment: a, scope, service } = context;
  const phone = officePhone(scope, context.location);
  const selfService = scope.settings.patientSelfService;
  const cancelReason: ManageRefusalReason | null = !selfService
    ? 'self-service-off'
    : atMs > a.startAt - a.cancelCutoffHours * MS_PER_HOUR
      ? 'cutoff-passed'
      : null;
  const rescheduleReason: ManageRefusalReason | null = !selfService
    ? 'self-service-off'
    : service.callToSchedule || !service.onlineEnabled
      ? 'not-bookable'
      : atMs > a.startAt - a.rescheduleCutoffHours * MS_PER_HOUR
        ? 'cutoff-passed'
        : a.rescheduleCount >= a.rescheduleLimit
          ? 'limit-reached'
          : null;
  return {
    cancel: action('cancel', cancelReason, a.cancelCutoffHours, a.startAt, phone),
    reschedule: action('reschedule', rescheduleReason, a.rescheduleCutoffHours, a.startAt, phone),
  };
}

export function refuse(decision: ManageAction): DomainError {
  return new DomainError('MANAGE_NOT_ALLOWED', decision.message ?? undefined, { reason: decision.reason });
}

export function toView(context: ManageContext, atMs: number): ManageAppointmentResponse {
  const { appointment: a, scope, service, location } = context;
  const zone = location.timeZone;
  const permissions = permissionsOf(context, atMs);
  return {
    clientName: scope.clientSlug,
    scheduler: scope.schedulerSlug,
    confirmationNumber: confirmationNumberOf(a.id),
    status: a.status === 'pending' ? 'pending' : 'booked',
    patientFirstName: a.patientFirstName,
    isExistingPatient: !a.isNewPatient,
    startUtc: new Date(a.startAt).toISOString(),
    endUtc: new Date(a.endAt).toISOString(),
    dateLocal: formatInTimeZone(a.startAt, zone, 'YYYY-MM-DD'),
    timeLocal: formatInTimeZone(a.startAt, zone, 'HH:mm'),
    timeZone: zone,
    provider: {
      providerId: String(a.provider.id),
      name: providerDisplayName(a.provider),
      credentials: a.provider.credentials,
    },
    location: toLocationResponse(location),
    service: {
      appointmentTypeId: String(service.id),
      name: service.name,
      durationMinutes: Math.round((a.endAt - a.startAt) / MS_PER_MINUTE),
    },
    officePhone: officePhone(scope, location),
    cancel: permissions.cancel,
    reschedule: {
      ...permissions.reschedule,
      limit: a.rescheduleLimit,
      used: a.rescheduleCount,
      anyProvider: scope.settings.rescheduleAnyProvider,
    },
    rescheduledFromUtc: a.rescheduledFromAt === null ? null : new Date(a.rescheduledFromAt).toISOString(),
  };
}

/** The appointment's context around it (scope, settings, service, location); undefined when gone. */
export async function contextOf(db: Db, appointment: ManagedAppointment): Promise<ManageContext | undefined> {
  if (appointment.schedulerSlug === null) return undefined;
  const found = await selectSchedulerScope(
    db,
    appointment.clientSlug,
    appointment.schedulerSlug,
    appointment.serviceId,
  );
  if (found?.service === null || found === undefined) return undefined;
  const [location] = await selectLocations(db, appointment.clientId, { locationId: appointment.locationId });
  if (location === undefined) return undefined;
  return { appointment, scope: requireScope(found.scope), service: found.service, location };
}
