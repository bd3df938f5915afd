/*
 * Our catalogue as FHIR R4 resources (issue 20), typed with @medplum/fhirtypes. Shared by the read
 * API (fhir-routes.ts), the SMART Scheduling Links publisher (bulk/) and partners' operations
 * (partners/), so that one resource has one shape wherever it is served. Ids: fhir/ids.ts.
 *
 * No patient data: only the practice's own catalogue (locations, providers, services) and its free
 * times. References are relative (`Location/12`), resolvable against the brand's FHIR base.
 */
import type {
  Address,
  CodeableConcept,
  Coding,
  ContactPoint,
  Extension,
  HealthcareService,
  HumanName,
  Location,
  Practitioner,
  PractitionerRole,
  Reference,
  Schedule,
  Slot,
} from '@medplum/fhirtypes';
import { providerDisplayName } from '@scheduler/domain/providers';
import { localPartsOf, timeZoneOffsetMinutes } from '@scheduler/domain/time-zone';
import { bookingDeepLink, fhirBaseUrl } from './deep-link-url.ts';
import { scheduleIdOf, slotIdOf } from './ids.ts';

export const BOOKING_DEEP_LINK_URL =
  'http://fhir-registry.smarthealthit.org/StructureDefinition/booking-deep-link';
export const BOOKING_PHONE_URL = 'http://fhir-registry.smarthealthit.org/StructureDefinition/booking-phone';
/** The R4 extension carrying a location's IANA time zone (valueCode). */
export const TIMEZONE_EXTENSION_URL = 'http://hl7.org/fhir/StructureDefinition/timezone';

/** What every mapping needs to know of the brand (from readPublication and config.publicUrl). */
export interface FhirContext {
  /** `config.publicUrl`. */
  publicUrl: string;
  clientSlug: string;
  /** The published scheduler's slug (deep links go to its booking flow). */
  schedulerSlug: string;
  /** The brand's phone: the booking phone of a location without its own. */
  brandPhone: string;
}

export function fhirContextOf(
  publicUrl: string,
  publication: { clientSlug: string; phone: string; scheduler: { slug: string } },
): FhirContext {
  return {
    publicUrl,
    clientSlug: publication.clientSlug,
    schedulerSlug: publication.scheduler.slug,
    brandPhone: publication.phone,
  };
}

/** The code system of our service types: `${fhirBase}/CodeSystem/service-type`, code = service id. */
export function serviceTypeSystem(ctx: FhirContext): string {
  return `${fhirBaseUrl(ctx.publicUrl, ctx.clientSlug)}/CodeSystem/service-type`;
}

export interface LocationInput {
  id: number;
  name: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string;
  postalCode: string;
  latitude: number | null;
  longitude: number | null;
  /** IANA zone. */
  timeZone: string;
  phone: string;
}

export interface ProviderInput {
  id: number;
  prefix: string | null;
  firstName: string;
  middleName: string | null;
  lastName: string;
  credentials: string | null;
  specialty: string | null;
  gender: 'M' | 'F' | null;
}

export interface ServiceInput {
  id: number;
  name: string;
  description: string | null;
}

/** `YYYY-MM-DDThh:mm:ss±hh:mm` of an instant in a zone (FHIR instant with the zone's offset). */
export function fhirInstantInZone(utcMs: number, timeZone: string): string {
  const p = localPartsOf(utcMs, timeZone);
  const offset = timeZoneOffsetMinutes(utcMs, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${String(p.year).padStart(4, '0')}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}:${two(p.second)}` +
    `${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`
  );
}

const nonBlank = (value: string | null | undefined): value is string =>
  value !== null && value !== undefined && value.trim() !== '';

function phoneTelecom(phone: string): ContactPoint[] {
  return nonBlank(phone) ? [{ system: 'phone', value: phone, use: 'work' }] : [];
}

export function practitionerDisplay(provider: ProviderInput): string {
  const name = providerDisplayName(provider);
  return nonBlank(provider.credentials) ? `${name}, ${provider.credentials}` : name;
}

export function locationReference(location: { id: number; name?: string }): Reference<Location> {
  return {
    reference: `Location/${String(location.id)}`,
    ...(location.name === undefined ? {} : { display: location.name }),
  };
}

export function practitionerReference(provider: ProviderInput): Reference<Practitioner> {
  return { reference: `Practitioner/${String(provider.id)}`, display: practitionerDisplay(provider) };
}

export function practitionerRoleReference(provider: ProviderInput): Reference<PractitionerRole> {
  return { reference: `PractitionerRole/${String(provider.id)}`, display: practitionerDisplay(provider) };
}

export function healthcareServiceReference(service: ServiceInput): Reference<HealthcareService> {
  return { reference: `HealthcareService/${String(service.id)}`, display: service.name };
}

export function serviceTypeCoding(ctx: FhirContext, service: ServiceInput): Coding {
  return { system: serviceTypeSystem(ctx), code: String(service.id), display: service.name };
}

/** serviceType of a HealthcareService, Schedule or Slot: our coding, with the service's name as text. */
export function serviceTypeOf(ctx: FhirContext, service: ServiceInput): CodeableConcept[] {
  return [{ coding: [serviceTypeCoding(ctx, service)], text: service.name }];
}

export function toLocation(location: LocationInput): Location {
  const line = [location.addressLine1, location.addressLine2].filter(nonBlank);
  const address: Address = {
    use: 'work',
    type: 'physical',
    ...(line.length > 0 ? { line } : {}),
    ...(nonBlank(location.city) ? { city: location.city } : {}),
    ...(nonBlank(location.state) ? { state: location.state } : {}),
    ...(nonBlank(location.postalCode) ? { postalCode: location.postalCode } : {}),
    country: 'US',
  };
  const telecom = phoneTelecom(location.phone);
  return {
    resourceType: 'Location',
    id: String(location.id),
    extension: [{ url: TIMEZONE_EXTENSION_URL, valueCode: location.timeZone }],
    status: 'active',
    name: location.name,
    mode: 'instance',
    ...(telecom.length > 0 ? { telecom } : {}),
    address,
    ...(location.latitude !== null && location.longitude !== null
      ? { position: { latitude: location.latitude, longitude: location.longitude } }
      : {}),
  };
}

function humanName(provider: ProviderInput): HumanName {
  const given = [provider.firstName, provider.middleName].filter(nonBlank);
  const suffix = nonBlank(provider.credentials)
    ? provider.credentials
        .split(',')
        .map((s) => s.trim())
        .filter(nonBlank)
    : [];
  return {
    use: 'official',
    text: practitionerDisplay(provider),
    ...(nonBlank(provider.lastName) ? { family: provider.lastName } : {}),
    ...(given.length > 0 ? { given } : {}),
    ...(nonBlank(provider.prefix) ? { prefix: [provider.prefix] } : {}),
    ...(suffix.length > 0 ? { suffix } : {}),
  };
}

export function toPractitioner(provider: ProviderInput): Practitioner {
  return {
    resourceType: 'Practitioner',
    id: String(provider.id),
    active: true,
    name: [humanName(provider)],
    ...(provider.gender === 'M' ? { gender: 'male' } : provider.gender === 'F' ? { gender: 'female' } : {}),
  };
}

export interface PractitionerRoleInput {
  provider: ProviderInput;
  /** The published locations and services the provider offers (ordered). */
  locations: readonly { id: number; name: string }[];
  services: readonly ServiceInput[];
}

export function toPractitionerRole(ctx: FhirContext, input: PractitionerRoleInput): PractitionerRole {
  const { provider } = input;
  return {
    resourceType: 'PractitionerRole',
    id: String(provider.id),
    active: true,
    practitioner: practitionerReference(provider),
    ...(nonBlank(provider.specialty) ? { specialty: [{ text: provider.specialty }] } : {}),
    ...(input.locations.length > 0 ? { location: input.locations.map(locationReference) } : {}),
    ...(input.services.length > 0
      ? { healthcareService: input.services.map(healthcareServiceReference) }
      : {}),
    ...(input.services.length > 0 ? { code: input.services.flatMap((s) => serviceTypeOf(ctx, s)) } : {}),
  };
}

export interface HealthcareServiceInput {
  service: ServiceInput;
  /** The published locations offering the service. */
  locations: readonly { id: number; name: string }[];
}

export function toHealthcareService(ctx: FhirContext, input: HealthcareServiceInput): HealthcareService {
  const { service } = input;
  return {
    resourceType: 'HealthcareService',
    id: String(service.id),
    active: true,
    type: serviceTypeOf(ctx, service),
    name: service.name,
    ...(nonBlank(service.description) ? { comment: service.description } : {}),
    ...(input.locations.length > 0 ? { location: input.locations.map(locationReference) } : {}),
    appointmentRequired: true,
  };
}

export interface ScheduleInput {
  provider: ProviderInput;
  location: { id: number; name: string };
  service: ServiceInput;
}

/**
 * A provider's schedule for one service at one location. Actors: the Location (first, as SMART
 * Scheduling Links reads it), the PractitionerRole, the Practitioner and the HealthcareService.
 */
export function toSchedule(ctx: FhirContext, input: ScheduleInput): Schedule {
  const { provider, location, service } = input;
  return {
    resourceType: 'Schedule',
    id: scheduleIdOf({ providerId: provider.id, locationId: location.id, serviceId: service.id }),
    active: true,
    serviceType: serviceTypeOf(ctx, service),
    ...(nonBlank(provider.specialty) ? { specialty: [{ text: provider.specialty }] } : {}),
    actor: [
      locationReference(location),
      practitionerRoleReference(provider),
      practitionerReference(provider),
      healthcareServiceReference(service),
    ],
  };
}

export interface SlotInput {
  providerId: number;
  locationId: number;
  service: ServiceInput;
  /** The slot's start, UTC epoch ms (as the booking API's `startUtc`). */
  startMs: number;
  /** The appointment's length: the provider's duration for the service, else the service's. */
  durationMinutes: number;
  /** The location's IANA zone: start and end carry its offset. */
  timeZone: string;
  /** The location's phone; the brand's when blank. */
  locationPhone: string;
  /** Query parameters appended to the deep link (partners' `source`, `booking-referral`). */
  deepLinkParams?: Record<string, string>;
}

export function toSlot(ctx: FhirContext, input: SlotInput): Slot {
  const key = {
    providerId: input.providerId,
    locationId: input.locationId,
    serviceId: input.service.id,
    startMs: input.startMs,
  };
  const id = slotIdOf(key);
  let link = bookingDeepLink({
    publicUrl: ctx.publicUrl,
    clientSlug: ctx.clientSlug,
    schedulerSlug: ctx.schedulerSlug,
    slotId: id,
  });
  if (input.deepLinkParams !== undefined && Object.keys(input.deepLinkParams).length > 0)
    link = `${link}&${new URLSearchParams(input.deepLinkParams).toString()}`;
  const phone = nonBlank(input.locationPhone) ? input.locationPhone : ctx.brandPhone;
  const extension: Extension[] = [{ url: BOOKING_DEEP_LINK_URL, valueUrl: link }];
  if (nonBlank(phone)) extension.push({ url: BOOKING_PHONE_URL, valueString: phone });
  return {
    resourceType: 'Slot',
    id,
    extension,
    serviceType: serviceTypeOf(ctx, input.service),
    schedule: { reference: `Schedule/${scheduleIdOf(key)}` },
    status: 'free',
    start: fhirInstantInZone(input.startMs, input.timeZone),
    end: fhirInstantInZone(input.startMs + input.durationMinutes * 60_000, input.timeZone),
  };
}
