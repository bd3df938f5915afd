import type { Generated } from 'kysely';
import type { Flag, EpochMs, IsoDate, Gender } from './columns.ts';

/** The catalogue: locations, services, providers and their maps, working hours, time off, insurance. */

export interface LocationsTable {
  id: Generated<number>;
  client_id: number;
  slug: string;
  name: string;
  address_line1: string;
  address_line2: string | null;
  city: string;
  state: string;
  postal_code: string;
  latitude: number | null;
  longitude: number | null;
  /** IANA zone, e.g. `America/Chicago`. */
  time_zone: string;
  phone: string;
  online_enabled: Flag;
  waitlist_enabled: Flag;
  sort_order: number;
  /** Optimistic concurrency: bumped by every edit (migration 005). */
  version: Generated<number>;
  /** The version of the location's set of providers (migration 007). */
  providers_version: Generated<number>;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** Appointment types ("service types" in the spec). */
export interface ServicesTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  description: string | null;
  duration_minutes: number;
  online_enabled: Flag;
  call_to_schedule: Flag;
  new_patients: Flag;
  existing_patients: Flag;
  sort_order: number;
  /** Issue 18 (migration 016): patients may cancel / reschedule online until N hours before; at most N reschedules. */
  patient_cancel_cutoff_hours: Generated<number>;
  patient_reschedule_cutoff_hours: Generated<number>;
  patient_reschedule_limit: Generated<number>;
  /** Optimistic concurrency: bumped by every edit (migration 005). */
  version: Generated<number>;
  /** The version of the service's set of locations (migration 007). */
  locations_version: Generated<number>;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface ServiceLocationsTable {
  client_id: number;
  service_id: number;
  location_id: number;
}

export interface ProvidersTable {
  id: Generated<number>;
  client_id: number;
  /** e.g. `Dr.`; null for none. */
  prefix: string | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  /** e.g. `DDS`, `MD, MPH`. */
  credentials: string | null;
  /** e.g. `General Dentist`. */
  specialty: string | null;
  gender: Gender | null;
  bio: string | null;
  photo_url: string | null;
  online_bookable: Flag;
  accepting_new_patients: Flag;
  sort_order: number;
  /** Optimistic concurrency: bumped by every update. */
  version: number;
  /** The versions of the provider's sets of locations, services and plans (migration 007). */
  locations_version: Generated<number>;
  services_version: Generated<number>;
  plans_version: Generated<number>;
  created_at: EpochMs;
  updated_at: EpochMs;
  /** When the provider was retired (migration 018): kept for history, never bookable; null while active. */
  retired_at: Generated<EpochMs | null>;
}

export interface ProviderLocationsTable {
  client_id: number;
  provider_id: number;
  location_id: number;
}

export interface ProviderServicesTable {
  client_id: number;
  provider_id: number;
  service_id: number;
  /** Null: the service's own duration. */
  duration_minutes: number | null;
}

export interface ProviderInsurancePlansTable {
  client_id: number;
  provider_id: number;
  plan_id: number;
}

/** Weekly hours of a provider at a location, in the location's time zone. */
export interface WorkingHoursTable {
  id: Generated<number>;
  client_id: number;
  provider_id: number;
  location_id: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** Minutes after local midnight, inclusive. */
  start_minute: number;
  /** Minutes after local midnight, exclusive (≤ 1440). */
  end_minute: number;
  /** Local date from which the row applies (inclusive); null = always. */
  effective_from: IsoDate | null;
  /** Local date until which the row applies (inclusive); null = open-ended. */
  effective_to: IsoDate | null;
}

export interface TimeOffTable {
  id: Generated<number>;
  client_id: number;
  provider_id: number;
  /** Null: every location. */
  location_id: number | null;
  start_at: EpochMs;
  end_at: EpochMs;
  reason: string | null;
  created_at: EpochMs;
}

export interface InsuranceCarriersTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  /** Optimistic concurrency: bumped by every edit (migration 005). */
  version: Generated<number>;
  created_at: EpochMs;
}

export interface InsuranceTypesTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  sort_order: number;
  /** Optimistic concurrency: bumped by every edit (migration 005). */
  version: Generated<number>;
}

export interface InsurancePlansTable {
  id: Generated<number>;
  client_id: number;
  carrier_id: number;
  insurance_type_id: number | null;
  name: string;
  /** Rank among the "top insurance packages" (1 first); null when not a top package. */
  top_package_rank: number | null;
  active: Flag;
  /** Optimistic concurrency: bumped by every edit (migration 005). */
  version: Generated<number>;
  /** The version of the plan's set of providers (migration 007). */
  providers_version: Generated<number>;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** Relationship of the policy holder to the patient (Self, Spouse, Child, …). */
export interface InsuranceRelationshipsTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  sort_order: number;
}
