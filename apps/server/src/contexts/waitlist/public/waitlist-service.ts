/*
 * POST createWaitList: a patient asks to be called when a provider (appointment 7) or a
 * location (appointment 10 and the location's waitlist flag) without online availability has
 * room. Offered only then; otherwise 422 WAITLIST_NOT_OFFERED with the reason.
 */
import { DomainError, validationError } from '@scheduler/domain/errors';
import { createWaitlistEntryRequestSchema } from '@scheduler/contract/waitlist';
import type { WaitlistEntryRequest } from '@scheduler/contract/waitlist';
import { localDateOf } from '@scheduler/domain/time-zone';
import type { AvailabilityService } from '../../scheduling/index.ts';
import { comparablePhone, normalizedPatientName, pickPatientMatch } from '../../patients/index.ts';
import { notFound, requireRecordId, requireScope } from '../../catalogue/index.ts';
import type { WaitlistRepository } from './waitlist-repository.ts';
import {
  LOCATION_NOT_FOUND_MESSAGE,
  PROVIDER_NOT_FOUND_MESSAGE,
  SERVICE_NOT_FOUND_MESSAGE,
  WAITLIST_LOCATION_HAS_TIMES_MESSAGE,
  WAITLIST_LOCATION_OFF_MESSAGE,
  WAITLIST_PROVIDERS_OFF_MESSAGE,
  WAITLIST_PROVIDER_HAS_TIMES_MESSAGE,
} from '@scheduler/domain/messages';

export interface WaitlistResult {
  /** True when the same request was already waiting (its entry is returned). */
  existing: boolean;
  waitlistEntryId: string;
}

export interface WaitlistService {
  createEntry(request: WaitlistEntryRequest): Promise<WaitlistResult>;
}

export function createWaitlistService(
  repository: WaitlistRepository,
  availability: AvailabilityService,
  now: () => Date,
): WaitlistService {
  return {
    async createEntry(request) {
      const at = now();
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
      const location = found?.location;
      if (found?.service === null || found?.service === undefined)
        throw notFound(SERVICE_NOT_FOUND_MESSAGE, 'appointmentTypeId');
      if (location === undefined) throw notFound(LOCATION_NOT_FOUND_MESSAGE, 'locationId');

      const rules = createWaitlistEntryRequestSchema({
        smsEmailPermissions: scope.settings.smsEmailPermissions,
        today: localDateOf(at, location.timeZone),
      }).safeParse(request);
      if (!rules.success) throw validationError(rules.error);

      const { patient } = request;
      const normalizedName = normalizedPatientName(patient.firstName, patient.lastName);
      const match = pickPatientMatch(
        await repository.findPatientCandidates(scope.clientId, normalizedName, patient.dateOfBirth),
        patient,
      );
      const capacity = await availability.checkCapacity({
        clientSlug: request.clientSlug,
        schedulerSlug: request.schedulerSlug,
        appointmentTypeId: request.appointmentTypeId,
        locationId: request.locationId,
        providerId: request.providerId,
        patientKind: match !== undefined || request.isExistingPatient ? 'existing' : 'new',
      });
      const { settings } = capacity.scope;
      if (providerId !== null) {
        if (!settings.waitlistNoCapacityProviders)
          throw new DomainError('WAITLIST_NOT_OFFERED', WAITLIST_PROVIDERS_OFF_MESSAGE, {
            field: 'providerId',
          });
        if (capacity.providerNoCapacity !== true)
          throw new DomainError('WAITLIST_NOT_OFFERED', WAITLIST_PROVIDER_HAS_TIMES_MESSAGE, {
            field: 'providerId',
          });
      } else {
        if (!settings.waitlistNoCapacityLocations || !capacity.location.waitlistEnabled)
          throw new DomainError('WAITLIST_NOT_OFFERED', WAITLIST_LOCATION_OFF_MESSAGE, {
            field: 'locationId',
          });
        if (!capacity.locationNoCapacity)
          throw new DomainError('WAITLIST_NOT_OFFERED', WAITLIST_LOCATION_HAS_TIMES_MESSAGE, {
            field: 'locationId',
          });
      }

      // The same person already waiting for the same thing: that entry, not a second one.
      const waiting = await repository.findWaiting(
        scope.clientId,
        location.id,
        serviceId,
        patient.dateOfBirth,
      );
      const same = waiting.find(
        (entry) =>
          entry.providerId === providerId &&
          normalizedPatientName(entry.firstName, entry.lastName) === normalizedName,
      );
      if (same !== undefined) return { existing: true, waitlistEntryId: String(same.id) };

      const id = await repository.insertEntry({
        clientId: scope.clientId,
        schedulerId: scope.schedulerId,
        locationId: location.id,
        providerId,
        serviceId,
        patientId: match?.id ?? null,
        firstName: patient.firstName,
        lastName: patient.lastName,
        dateOfBirth: patient.dateOfBirth,
        phone: comparablePhone(patient.phone),
        email: patient.email.trim().toLowerCase(),
        preferredTimes: request.preferredTimes.length === 0 ? null : request.preferredTimes.join(', '),
        notes: request.notes ?? null,
        language: request.language,
        now: at.getTime(),
      });
      return { existing: false, waitlistEntryId: String(id) };
    },
  };
}
