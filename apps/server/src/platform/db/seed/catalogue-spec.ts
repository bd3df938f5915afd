/** The shape of a demo brand (its catalogue, hours, insurance and traffic), used by the demo seed and the bulk generator. */
import type { Gender } from '../schema.ts';

export interface HoursSpec {
  location: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekdays: readonly number[];
  start: string;
  end: string;
  /** Days from today (local) on which the row starts / stops applying. */
  fromDay?: number;
  toDay?: number;
}

export interface TimeOffSpec {
  /** Days from today (local to the provider's first location). */
  startDay: number;
  days: number;
  reason: string;
  /** Part of a day only. */
  start?: string;
  end?: string;
}

export interface ProviderSpec {
  prefix: string | null;
  firstName: string;
  lastName: string;
  credentials: string;
  specialty: string;
  gender: Gender;
  bio: string;
  services: readonly string[];
  durationOverrides?: Readonly<Record<string, number>>;
  hours: readonly HoursSpec[];
  onlineBookable?: boolean;
  acceptingNewPatients?: boolean;
  timeOff?: readonly TimeOffSpec[];
}

export interface ServiceSpec {
  key: string;
  name: string;
  description: string;
  durationMinutes: number;
  onlineEnabled?: boolean;
  callToSchedule?: boolean;
  newPatients?: boolean;
  existingPatients?: boolean;
  /** Location slugs; default every location. */
  locations?: readonly string[];
  /** How often it is booked, relative. */
  weight: number;
}

export interface LocationSpec {
  slug: string;
  name: string;
  addressLine1: string;
  addressLine2?: string;
  postalCode: string;
  timeZone: string;
  phone: string;
  onlineEnabled?: boolean;
  waitlistEnabled?: boolean;
}

export interface PlanSpec {
  carrier: string;
  name: string;
  type: string;
  topRank?: number;
}

export interface BrandSpec {
  slug: string;
  name: string;
  phone: string;
  frameAncestors: readonly string[];
  schedulerName: string;
  /** Non-default scheduler settings: [group, order, value]. */
  settings: readonly (readonly [string, number, string])[];
  locations: readonly LocationSpec[];
  services: readonly ServiceSpec[];
  providers: readonly ProviderSpec[];
  insuranceTypes: readonly string[];
  plans: readonly PlanSpec[];
  relationships: readonly string[];
  patientCount: number;
  sessionsPerWeekday: number;
}

export const MON_FRI = [1, 2, 3, 4, 5];
