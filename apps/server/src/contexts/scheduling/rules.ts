/*
 * The refusals of spec section 8 that the slot search, the booking and the waitlist share,
 * in one place so that the three answer alike. Each throws a DomainError of the catalogue.
 */
import { DomainError, bookingRefusal } from '@scheduler/domain/errors';
import type { SchedulerSettings } from '@scheduler/domain/settings';
import zipcodes from 'zipcodes';
import type { LocationRecord, BookableProvider, ServiceRecord } from '../catalogue/index.ts';
import {
  EXISTING_PATIENTS_ONLY_MESSAGE,
  NEW_PATIENTS_ONLY_MESSAGE,
  SERVICE_NOT_AT_LOCATION_MESSAGE,
} from '@scheduler/domain/messages';

/** What the server knows of the patient: matched or declared existing, declared new, or not said. */
export type PatientKind = 'existing' | 'new' | 'unknown';

/** Call-to-schedule first (its message is the more specific), then offline. */
export function assertServiceOnline(service: ServiceRecord): void {
  if (service.callToSchedule) throw bookingRefusal('CALL_TO_SCHEDULE');
  if (!service.onlineEnabled) throw bookingRefusal('SERVICE_NOT_ONLINE');
}

/** Appointment 13 and the service's new/existing flags. */
export function assertPatientMaySchedule(
  settings: Pick<SchedulerSettings, 'existingPatientsMaySchedule'>,
  service: ServiceRecord,
  kind: PatientKind,
): void {
  if (kind === 'existing') {
    if (!settings.existingPatientsMaySchedule) throw bookingRefusal('EXISTING_PATIENTS_BLOCKED');
    if (!service.existingPatients)
      throw new DomainError('SERVICE_NOT_ONLINE', NEW_PATIENTS_ONLY_MESSAGE, { field: 'appointmentTypeId' });
  }
  if (kind === 'new' && !service.newPatients)
    throw new DomainError('SERVICE_NOT_ONLINE', EXISTING_PATIENTS_ONLY_MESSAGE, {
      field: 'appointmentTypeId',
    });
}

/** The provider an existing patient has seen (their latest appointment), for appointment 3. */
export interface SeenProvider {
  id: number;
  prefix: string | null;
  firstName: string;
  lastName: string;
}

/** Appointment 3's refusal, naming the patient's provider (and `details.providerId` for the flow). */
export function providerChangeRefusal(provider: SeenProvider): DomainError {
  const name = [provider.prefix, provider.firstName, provider.lastName]
    .filter((part): part is string => part !== null && part.trim() !== '')
    .join(' ');
  return new DomainError(
    'PROVIDER_CHANGE_NOT_ALLOWED',
    `As an existing patient, you can book online only with your current provider, ${name}. Please choose a time with them, or call our office to schedule with another provider.`,
    { field: 'providerId', providerId: String(provider.id) },
  );
}

/**
 * Appointment 3: when it is No, a patient the server matched as existing who has seen a provider
 * (`seen`) may book only with that provider. Returns the provider the booking is limited to, or
 * undefined when any may take it; throws when the patient chose another one.
 */
export function providerLimitFor(
  settings: Pick<SchedulerSettings, 'allowProviderChangeForExisting'>,
  seen: SeenProvider | undefined,
  chosenProviderId: number | null,
): SeenProvider | undefined {
  if (settings.allowProviderChangeForExisting || seen === undefined) return undefined;
  if (chosenProviderId !== null && chosenProviderId !== seen.id) throw providerChangeRefusal(seen);
  return seen;
}

export function assertLocationBookable(location: LocationRecord): void {
  if (!location.onlineEnabled) throw bookingRefusal('LOCATION_OFFLINE');
  if (!location.offersService)
    throw new DomainError('SERVICE_NOT_ONLINE', SERVICE_NOT_AT_LOCATION_MESSAGE, { field: 'locationId' });
}

export function assertProviderOnline(provider: BookableProvider): void {
  if (!provider.onlineBookable) throw bookingRefusal('PROVIDER_NOT_ONLINE');
}

export interface PostalOrigin {
  postalCode: string;
  latitude: number;
  longitude: number;
}

/** Coordinates of a ZIP code from the offline dataset; an unknown one is a 400 on `postalCode`. */
export function postalOrigin(postalCode: string): PostalOrigin {
  const place = zipcodes.lookup(postalCode);
  if (place === undefined || !Number.isFinite(place.latitude) || !Number.isFinite(place.longitude)) {
    const message = `We could not find the ZIP code ${postalCode}. Please check it, or clear it to see every provider.`;
    throw new DomainError('VALIDATION', message, { fields: [{ path: 'postalCode', message }] });
  }
  return { postalCode, latitude: place.latitude, longitude: place.longitude };
}

/** Insurance 1: when compatibility is checked, a plan the provider does not accept is refused. */
export function assertPlanInNetwork(
  settings: Pick<SchedulerSettings, 'checkInsuranceCompatibility'>,
  accepted: boolean,
): void {
  if (settings.checkInsuranceCompatibility && !accepted) throw bookingRefusal('INSURANCE_NOT_IN_NETWORK');
}
