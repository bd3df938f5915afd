/*
 * The configuration screens' record of a provider, its one row mapper, and its editable fields.
 */
import type { Gender } from '../../platform/db/schema.ts';

export interface ProviderRecord {
  providerId: number;
  prefix: string | null;
  firstName: string;
  middleName: string | null;
  lastName: string;
  credentials: string | null;
  specialty: string | null;
  gender: Gender | null;
  bio: string | null;
  photoUrl: string | null;
  onlineBookable: boolean;
  acceptingNewPatients: boolean;
  sortOrder: number;
  version: number;
  updatedAt: number;
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
] as const;

export interface ProviderRow {
  id: number;
  prefix: string | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  credentials: string | null;
  specialty: string | null;
  gender: Gender | null;
  bio: string | null;
  photo_url: string | null;
  online_bookable: number;
  accepting_new_patients: number;
  sort_order: number;
  version: number;
  updated_at: number;
}

export function toProviderRecord(row: ProviderRow): ProviderRecord {
  return {
    providerId: row.id,
    prefix: row.prefix,
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    credentials: row.credentials,
    specialty: row.specialty,
    gender: row.gender,
    bio: row.bio,
    photoUrl: row.photo_url,
    onlineBookable: row.online_bookable === 1,
    acceptingNewPatients: row.accepting_new_patients === 1,
    sortOrder: row.sort_order,
    version: row.version,
    updatedAt: Number(row.updated_at),
  };
}
