/*
 * The scope of every public scheduler call: the client (practice brand) and scheduler named
 * by the booking URL's slugs, the scheduler's settings, and the plain records of services and
 * locations that the public modules share. No SQL here (see scope-repository.ts).
 */
import { DomainError } from '@scheduler/domain/errors';
import type { Location } from '@scheduler/contract/scheduler-api';
import { resolveSettings } from '@scheduler/domain/settings';
import type { SchedulerSettings } from '@scheduler/domain/settings';
import { formatPhoneForDisplay } from '@scheduler/domain/text';
import type { ProviderProfile } from '../providers/index.ts';
import type { LocationRecord } from './locations/location-record.ts';

export type { LocationRecord } from './locations/location-record.ts';
export type { ServiceRecord } from './services/service-record.ts';
import { SCHEDULER_NOT_FOUND_MESSAGE } from '@scheduler/domain/messages';

export interface SettingRecord {
  group: string;
  order: number;
  value: string;
}

export interface SchedulerScopeRecord {
  clientId: number;
  clientSlug: string;
  clientName: string;
  clientPhone: string;
  schedulerId: number;
  schedulerSlug: string;
  schedulerName: string;
  /** Only the rows stored for the scheduler (absent rows mean the default). */
  settingRows: SettingRecord[];
}

export interface SchedulerScope extends SchedulerScopeRecord {
  settings: SchedulerSettings;
}

/** A provider as the booking flow sees it: the one provider profile and the facts of the query. */
export interface BookableProvider extends ProviderProfile {
  /** The provider's own duration for the service asked about; null means the service's. */
  durationMinutes: number | null;
  /** The locations in scope where the provider works. */
  locationIds: number[];
  /** Whether the provider accepts the insurance plan asked about (false when none was). */
  acceptsPlan: boolean;
}

/** The scope with typed settings, or NOT_FOUND when the slugs name no scheduler. */
export function requireScope(record: SchedulerScopeRecord | undefined): SchedulerScope {
  if (record === undefined) throw new DomainError('NOT_FOUND', SCHEDULER_NOT_FOUND_MESSAGE);
  return { ...record, settings: resolveSettings(record.settingRows) };
}

/** Database ids are positive integers; any other id (the API's ids are opaque strings) names nothing. */
export function parseRecordId(id: string | null | undefined): number | undefined {
  if (id === null || id === undefined || !/^\d{1,15}$/.test(id)) return undefined;
  const value = Number(id);
  return value > 0 ? value : undefined;
}

/** A record id from the API, or NOT_FOUND with `message`. */
export function requireRecordId(id: string, message: string, field?: string): number {
  const value = parseRecordId(id);
  if (value === undefined) throw notFound(message, field);
  return value;
}

export function notFound(message: string, field?: string): DomainError {
  return new DomainError('NOT_FOUND', message, field === undefined ? undefined : { field });
}

export function toLocationResponse(location: LocationRecord): Location {
  return {
    id: String(location.id),
    slug: location.slug,
    name: location.name,
    addressLine1: location.addressLine1,
    addressLine2: location.addressLine2,
    city: location.city,
    state: location.state,
    postalCode: location.postalCode,
    latitude: location.latitude,
    longitude: location.longitude,
    timeZone: location.timeZone,
    phone: formatPhoneForDisplay(location.phone),
    onlineEnabled: location.onlineEnabled,
    waitlistEnabled: location.waitlistEnabled,
  };
}

/** The office phone number shown in messages (PHONENUMBER): the location's, else the client's. */
export function officePhone(
  scope: Pick<SchedulerScopeRecord, 'clientPhone'>,
  location?: LocationRecord,
): string {
  const phone = location?.phone.trim() ? location.phone : scope.clientPhone;
  return phone.trim() ? formatPhoneForDisplay(phone) : '';
}
