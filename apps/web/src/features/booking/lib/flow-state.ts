/**
 * Typed views of what the booking flow keeps in the persisted slices (spec section 3). The slices
 * hold loose records (restored state is untrusted), so every read narrows field by field.
 */
import type { ServerRecord } from '../../../lib/entity-schemas';

/** The `location` URL segment (and stored location id) meaning "any location". */
export const ANY_LOCATION = 'all';

export interface ChosenService {
  appointmentTypeId: string;
  name: string;
  durationMinutes: number;
}

export interface ChosenLocation {
  LocationId: string;
  name: string;
  slug: string;
  phone: string | null;
}

export interface ChosenProvider {
  providerId: string;
  name: string;
  credentials: string | null;
  photoUrl: string | null;
}

export interface ChosenTime {
  startUtc: string;
  dateLocal: string;
  timeLocal: string;
  locationId: string;
  /** Made when the slot is chosen; every booking attempt of this slot sends it (no double booking on retry). */
  idempotencyKey: string;
}

export interface AdditionalDetailsDraft {
  reasonForVisit: string;
  notes: string;
}

export interface IdentityDraft {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  phone: string;
  email: string;
  smsPermission: boolean;
  emailPermission: boolean;
}

export type PatientDetail = AdditionalDetailsDraft & Partial<IdentityDraft>;

export type InsurancePolicy =
  | {
      selfPay: false;
      carrierId: string;
      planId: string;
      memberId: string;
      relationship: string;
      carrierName: string;
      planName: string;
    }
  | { selfPay: true };

type Loose = ServerRecord | null | undefined;

function text(record: Loose, key: string): string | null {
  const value = record?.[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function flag(record: Loose, key: string): boolean | null {
  const value = record?.[key];
  return typeof value === 'boolean' ? value : null;
}

export function readService(record: Loose): ChosenService | null {
  const appointmentTypeId = text(record, 'appointmentTypeId');
  if (!appointmentTypeId) return null;
  const duration = record?.durationMinutes;
  return {
    appointmentTypeId,
    name: text(record, 'name') ?? '',
    durationMinutes: typeof duration === 'number' ? duration : 0,
  };
}

export function readLocation(record: Loose): ChosenLocation | null {
  const LocationId = text(record, 'LocationId');
  if (!LocationId) return null;
  return {
    LocationId,
    name: text(record, 'name') ?? '',
    slug: text(record, 'slug') ?? '',
    phone: text(record, 'phone'),
  };
}

export function readProvider(record: Loose): ChosenProvider | null {
  const providerId = text(record, 'providerId');
  if (!providerId) return null;
  return {
    providerId,
    name: text(record, 'name') ?? '',
    credentials: text(record, 'credentials'),
    photoUrl: text(record, 'photoUrl'),
  };
}

export function readTime(record: Loose): ChosenTime | null {
  const startUtc = text(record, 'startUtc');
  const locationId = text(record, 'locationId');
  const idempotencyKey = text(record, 'idempotencyKey');
  if (!startUtc || !locationId || !idempotencyKey) return null;
  return {
    startUtc,
    dateLocal: text(record, 'dateLocal') ?? startUtc.slice(0, 10),
    timeLocal: text(record, 'timeLocal') ?? '',
    locationId,
    idempotencyKey,
  };
}

export function readPatientDetail(record: Loose): PatientDetail {
  const detail: PatientDetail = {
    reasonForVisit: text(record, 'reasonForVisit') ?? '',
    notes: text(record, 'notes') ?? '',
  };
  for (const key of ['firstName', 'lastName', 'dateOfBirth', 'phone', 'email'] as const) {
    const value = text(record, key);
    if (value !== null) detail[key] = value;
  }
  for (const key of ['smsPermission', 'emailPermission'] as const) {
    const value = flag(record, key);
    if (value !== null) detail[key] = value;
  }
  return detail;
}

export function readInsurancePolicy(record: Loose): InsurancePolicy | null {
  if (!record) return null;
  if (record.selfPay === true) return { selfPay: true };
  const carrierId = text(record, 'carrierId');
  const planId = text(record, 'planId');
  const memberId = text(record, 'memberId');
  const relationship = text(record, 'relationship');
  if (!carrierId || !planId || !memberId || !relationship) return null;
  return {
    selfPay: false,
    carrierId,
    planId,
    memberId,
    relationship,
    carrierName: text(record, 'carrierName') ?? '',
    planName: text(record, 'planName') ?? '',
  };
}

/** The insurance plan chosen as a find-appointment filter. */
export interface InsuranceFilter {
  planId: string;
  carrierId: string;
  name: string;
}

export function readInsuranceFilter(record: Loose): InsuranceFilter | null {
  const planId = text(record, 'planId');
  if (!planId) return null;
  return { planId, carrierId: text(record, 'carrierId') ?? '', name: text(record, 'name') ?? '' };
}

/** Provider name with credentials: 'Dr. Emily Carter, DDS'. */
export function providerDisplayName(provider: { name: string; credentials: string | null }): string {
  return provider.credentials ? `${provider.name}, ${provider.credentials}` : provider.name;
}
