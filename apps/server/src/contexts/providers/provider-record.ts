/*
 * A provider as every context reads it: the profile (one type, one row mapper, shared with the
 * booking flow's provider through the providers context's index), the configuration screens'
 * full record, and its editable fields.
 */
import type { Gender } from '../../platform/db/schema.ts';

/** What the booking flow and the configuration screens both show of a provider. */
export interface ProviderProfile {
  id: number;
  prefix: string | null;
  firstName: string;
  lastName: string;
  credentials: string | null;
  gender: Gender | null;
  bio: string | null;
  photoUrl: string | null;
  onlineBookable: boolean;
  acceptingNewPatients: boolean;
}

/** The columns of a provider's profile, as a `providers` row has them. */
export interface ProviderProfileRow {
  id: number;
  prefix: string | null;
  first_name: string;
  last_name: string;
  credentials: string | null;
  gender: Gender | null;
  bio: string | null;
  photo_url: string | null;
  online_bookable: number;
  accepting_new_patients: number;
}

export function toProviderProfile(row: ProviderProfileRow): ProviderProfile {
  return {
    id: row.id,
    prefix: row.prefix,
    firstName: row.first_name,
    lastName: row.last_name,
    credentials: row.credentials,
    gender: row.gender,
    bio: row.bio,
    photoUrl: row.photo_url,
    onlineBookable: row.online_bookable === 1,
    acceptingNewPatients: row.accepting_new_patients === 1,
  };
}

/** The configuration screens' record: the profile and what only they edit. */
export interface ProviderRecord extends ProviderProfile {
  middleName: string | null;
  specialty: string | null;
  sortOrder: number;
  version: number;
  updatedAt: number;
  /** When it was retired (epoch ms); null while active (issue 19). */
  retiredAt: number | null;
}

export interface ProviderListRecord extends ProviderRecord {
  locationIds: number[];
}

export interface ProviderDetailRecord extends ProviderListRecord {
  /** The versions of the provider's sets of locations, services and plans (read before the sets). */
  locationsVersion: number;
  servicesVersion: number;
  plansVersion: number;
  locations: { locationId: number; name: string; timeZone: string }[];
  services: { serviceId: number; name: string; serviceDuration: number; customDuration: number | null }[];
  plans: { planId: number; name: string; carrierId: number; carrierName: string }[];
  workingHours: {
    locationId: number;
    weekday: number;
    startMinute: number;
    endMinute: number;
    effectiveFrom: string | null;
    effectiveTo: string | null;
  }[];
  timeOff: {
    timeOffId: number;
    locationId: number | null;
    startAt: number;
    endAt: number;
    reason: string | null;
  }[];
}

/** The editable columns; absent keys are left as they are. */
export interface ProviderFields {
  prefix?: string | null;
  firstName?: string;
  middleName?: string | null;
  lastName?: string;
  credentials?: string | null;
  specialty?: string | null;
  gender?: Gender | null;
  bio?: string | null;
  photoUrl?: string | null;
  onlineBookable?: boolean;
  acceptingNewPatients?: boolean;
  sortOrder?: number;
}

export const PROVIDER_COLUMNS = [
  'providers.id',
  'providers.prefix',
  'providers.first_name',
  'providers.middle_name',
  'providers.last_name',
  'providers.credentials',
  'providers.specialty',
  'providers.gender',
  'providers.bio',
  'providers.photo_url',
  'providers.online_bookable',
  'providers.accepting_new_patients',
  'providers.sort_order',
  'providers.version',
  'providers.updated_at',
  'providers.retired_at',
] as const;

export interface ProviderRow extends ProviderProfileRow {
  middle_name: string | null;
  specialty: string | null;
  sort_order: number;
  version: number;
  updated_at: number;
  retired_at: number | null;
}

export function toProviderRecord(row: ProviderRow): ProviderRecord {
  return {
    ...toProviderProfile(row),
    middleName: row.middle_name,
    specialty: row.specialty,
    sortOrder: row.sort_order,
    version: row.version,
    updatedAt: Number(row.updated_at),
    retiredAt: row.retired_at === null ? null : Number(row.retired_at),
  };
}
