/*
 * Read and search of the published catalogue as FHIR resources (issue 20). The catalogue is small
 * (a brand's locations, providers, services): searches filter it in memory. Slots come from the
 * booking API's availability service (fhir-slots.ts). Every refusal is a FhirError (400 naming the
 * parameter, 404 for an unknown id).
 */
import type {
  HealthcareService,
  Location,
  Practitioner,
  PractitionerRole,
  Schedule,
  Slot,
} from '@medplum/fhirtypes';
import { parseStartFilter } from './date-search.ts';
import { fhirBaseUrl } from './deep-link-url.ts';
import { findSlot, findSlots } from './fhir-slots.ts';
import type { SlotSource } from './fhir-slots.ts';
import { parseRecordIdOf, parseScheduleId, parseSlotId, scheduleIdOf } from './ids.ts';
import { fhirBadParameter, fhirNotFound } from './operation-outcome.ts';
import type { PublishedCatalogue, PublishedSchedule } from './published-catalogue.ts';
import {
  serviceTypeSystem,
  toHealthcareService,
  toLocation,
  toPractitioner,
  toPractitionerRole,
  toSchedule,
  toSlot,
} from './resources.ts';
import type { FhirContext } from './resources.ts';
import {
  alternatives,
  definitionOf,
  parseBooleanToken,
  parseReference,
  parseToken,
  startsWithText,
} from './search-params.ts';
import type { FhirResourceType, ParsedSearch } from './search-params.ts';
import type { Publication } from '../publication/publication-repository.ts';

export type CatalogueResource =
  Location | Practitioner | PractitionerRole | HealthcareService | Schedule | Slot;

export interface SearchContext {
  ctx: FhirContext;
  publication: Publication;
  catalogue: PublishedCatalogue;
  source: SlotSource;
}

/** Every repetition must hold (AND); each repetition is a comma list (OR). */
function allOf(search: ParsedSearch, name: string, test: (alternative: string) => boolean): boolean {
  const values = search.values.get(name);
  if (values === undefined) return true;
  return values.every((value) => alternatives(value).some(test));
}

/** Checks every value of a parameter up front (so a bad one is a 400 even when nothing is listed). */
function checkAll(search: ParsedSearch, name: string, check: (alternative: string) => void): void {
  for (const value of search.values.get(name) ?? [])
    for (const alternative of alternatives(value)) check(alternative);
}

function locationsOfProvider(sc: SearchContext, providerId: number) {
  const ids = new Set(
    sc.catalogue.schedules.filter((s) => s.providerId === providerId).map((s) => s.locationId),
  );
  return sc.catalogue.locations.filter((l) => ids.has(l.id));
}

function servicesOfProvider(sc: SearchContext, providerId: number) {
  const ids = new Set(
    sc.catalogue.schedules.filter((s) => s.providerId === providerId).map((s) => s.serviceId),
  );
  return sc.catalogue.services.filter((s) => ids.has(s.id));
}

function locationsOfService(sc: SearchContext, serviceId: number) {
  const ids = new Set(
    sc.catalogue.schedules.filter((s) => s.serviceId === serviceId).map((s) => s.locationId),
  );
  return sc.catalogue.locations.filter((l) => ids.has(l.id));
}

function practitionerRoleOf(sc: SearchContext, providerId: number): PractitionerRole | undefined {
  const provider = sc.catalogue.providerById.get(providerId);
  if (provider === undefined) return undefined;
  return toPractitionerRole(sc.ctx, {
    provider,
    locations: locationsOfProvider(sc, providerId),
    services: servicesOfProvider(sc, providerId),
  });
}

function healthcareServiceOf(sc: SearchContext, serviceId: number): HealthcareService | undefined {
  const service = sc.catalogue.serviceById.get(serviceId);
  if (service === undefined) return undefined;
  return toHealthcareService(sc.ctx, { service, locations: locationsOfService(sc, serviceId) });
}

function scheduleOf(sc: SearchContext, schedule: PublishedSchedule): Schedule | undefined {
  const provider = sc.catalogue.providerById.get(schedule.providerId);
  const location = sc.catalogue.locationById.get(schedule.locationId);
  const service = sc.catalogue.serviceById.get(schedule.serviceId);
  if (provider === undefined || location === undefined || service === undefined) return undefined;
  return toSchedule(sc.ctx, { provider, location, service });
}

function slotOf(sc: SearchContext, schedule: PublishedSchedule, startMs: number): Slot | undefined {
  const location = sc.catalogue.locationById.get(schedule.locationId);
  const service = sc.catalogue.serviceById.get(schedule.serviceId);
  if (location === undefined || service === undefined) return undefined;
  return toSlot(sc.ctx, {
    providerId: schedule.providerId,
    locationId: schedule.locationId,
    service,
    startMs,
    durationMinutes: schedule.durationMinutes,
    timeZone: location.timeZone,
    locationPhone: location.phone,
  });
}

function findSchedule(sc: SearchContext, id: string): PublishedSchedule | undefined {
  const key = parseScheduleId(id);
  if (key === undefined) return undefined;
  return sc.catalogue.schedules.find(
    (s) =>
      s.providerId === key.providerId && s.locationId === key.locationId && s.serviceId === key.serviceId,
  );
}

/** GET [base]/{type}/{id}: the resource, or a 404 FhirError. */
export async function readResource(
  sc: SearchContext,
  type: FhirResourceType,
  id: string,
): Promise<CatalogueResource> {
  const notFound = () => fhirNotFound(`${type}/${id} is not known`);
  const recordId = parseRecordIdOf(id);
  switch (type) {
    case 'Location': {
      const location = recordId === undefined ? undefined : sc.catalogue.locationById.get(recordId);
      if (location === undefined) throw notFound();
      return toLocation(location);
    }
    case 'Practitioner': {
      const provider = recordId === undefined ? undefined : sc.catalogue.providerById.get(recordId);
      if (provider === undefined) throw notFound();
      return toPractitioner(provider);
    }
    case 'PractitionerRole': {
      const role = recordId === undefined ? undefined : practitionerRoleOf(sc, recordId);
      if (role === undefined) throw notFound();
      return role;
    }
    case 'HealthcareService': {
      const service = recordId === undefined ? undefined : healthcareServiceOf(sc, recordId);
      if (service === undefined) throw notFound();
      return service;
    }
    case 'Schedule': {
      const schedule = findSchedule(sc, id);
      const resource = schedule === undefined ? undefined : scheduleOf(sc, schedule);
      if (resource === undefined) throw notFound();
      return resource;
    }
    case 'Slot': {
      const key = parseSlotId(id);
      const hit =
        key === undefined ? undefined : await findSlot(sc.source, sc.publication, sc.catalogue, key);
      const slot = hit === undefined ? undefined : slotOf(sc, hit.schedule, hit.startMs);
      if (slot === undefined) throw fhirNotFound(`Slot/${id} is not known or no longer free`);
      return slot;
    }
  }
}

/** Token match of our service-type coding (code = service id). */
function serviceTypeMatches(sc: SearchContext, alternative: string, serviceId: number): boolean {
  const { system, code } = parseToken(alternative);
  if (system !== undefined && system !== serviceTypeSystem(sc.ctx)) return false;
  return code === undefined || code === String(serviceId);
}

function referenceIdsOf(sc: SearchContext, type: FhirResourceType, name: string) {
  const definition = definitionOf(type, name);
  const base = fhirBaseUrl(sc.ctx.publicUrl, sc.ctx.clientSlug);
  return (alternative: string) => parseReference(definition, alternative, base);
}

function idMatches(search: ParsedSearch, id: string | undefined): boolean {
  return allOf(search, '_id', (alternative) => alternative === id);
}

function activeMatches(search: ParsedSearch): boolean {
  // Everything published is active: active=false matches nothing.
  return allOf(search, 'active', (alternative) => parseBooleanToken('active', alternative));
}

/** GET [base]/{type}?…: every match, in the catalogue's order (the caller pages). */
export async function searchResources(
  sc: SearchContext,
  type: FhirResourceType,
  search: ParsedSearch,
): Promise<CatalogueResource[]> {
  checkAll(search, 'active', (alternative) => parseBooleanToken('active', alternative));
  const { catalogue } = sc;
  switch (type) {
    case 'Location':
      return catalogue.locations
        .filter(
          (l) =>
            idMatches(search, String(l.id)) &&
            allOf(search, 'name', (v) => startsWithText(l.name, v)) &&
            allOf(search, 'address-city', (v) => startsWithText(l.city, v)) &&
            allOf(search, 'address-state', (v) => startsWithText(l.state, v)) &&
            allOf(search, 'address-postalcode', (v) => startsWithText(l.postalCode, v)),
        )
        .map(toLocation);
    case 'Practitioner':
      return catalogue.providers
        .filter(
          (p) =>
            idMatches(search, String(p.id)) &&
            activeMatches(search) &&
            allOf(search, 'name', (v) =>
              [p.firstName, p.middleName, p.lastName, p.prefix].some((part) => startsWithText(part, v)),
            ),
        )
        .map(toPractitioner);
    case 'PractitionerRole': {
      const practitioner = referenceIdsOf(sc, type, 'practitioner');
      const location = referenceIdsOf(sc, type, 'location');
      const service = referenceIdsOf(sc, type, 'service');
      checkAll(search, 'practitioner', practitioner);
      checkAll(search, 'location', location);
      checkAll(search, 'service', service);
      return catalogue.providers
        .filter(
          (p) =>
            idMatches(search, String(p.id)) &&
            activeMatches(search) &&
            allOf(search, 'practitioner', (v) => practitioner(v).id === String(p.id)) &&
            allOf(search, 'location', (v) =>
              locationsOfProvider(sc, p.id).some((l) => String(l.id) === location(v).id),
            ) &&
            allOf(search, 'service', (v) =>
              servicesOfProvider(sc, p.id).some((s) => String(s.id) === service(v).id),
            ),
        )
        .flatMap((p) => practitionerRoleOf(sc, p.id) ?? []);
    }
    case 'HealthcareService': {
      const location = referenceIdsOf(sc, type, 'location');
      checkAll(search, 'location', location);
      return catalogue.services
        .filter(
          (s) =>
            idMatches(search, String(s.id)) &&
            activeMatches(search) &&
            allOf(search, 'name', (v) => startsWithText(s.name, v)) &&
            allOf(search, 'service-type', (v) => serviceTypeMatches(sc, v, s.id)) &&
            allOf(search, 'location', (v) =>
              locationsOfService(sc, s.id).some((l) => String(l.id) === location(v).id),
            ),
        )
        .flatMap((s) => healthcareServiceOf(sc, s.id) ?? []);
    }
    case 'Schedule': {
      const actor = referenceIdsOf(sc, type, 'actor');
      checkAll(search, 'actor', actor);
      const actorMatches = (schedule: PublishedSchedule, alternative: string) => {
        const target = actor(alternative);
        const id =
          target.type === 'Location'
            ? schedule.locationId
            : target.type === 'HealthcareService'
              ? schedule.serviceId
              : schedule.providerId;
        return target.id === String(id);
      };
      return catalogue.schedules
        .filter(
          (s) =>
            idMatches(search, scheduleIdOf(s)) &&
            activeMatches(search) &&
            allOf(search, 'actor', (v) => actorMatches(s, v)) &&
            allOf(search, 'service-type', (v) => serviceTypeMatches(sc, v, s.serviceId)),
        )
        .flatMap((s) => scheduleOf(sc, s) ?? []);
    }
    case 'Slot':
      return searchSlots(sc, search);
  }
}

const SLOT_STATUSES = new Set(['free', 'busy', 'busy-unavailable', 'busy-tentative', 'entered-in-error']);
const SLOT_STATUS_SYSTEM = 'http://hl7.org/fhir/slotstatus';
/** The most schedules one Slot search may name. */
const MAX_SCHEDULES = 50;

async function searchSlots(sc: SearchContext, search: ParsedSearch): Promise<Slot[]> {
  const start = parseStartFilter('start', search.values.get('start') ?? []);
  let freeWanted = true;
  for (const value of search.values.get('status') ?? []) {
    const codes = alternatives(value).map((alternative) => {
      const { system, code } = parseToken(alternative);
      if (system !== undefined && system !== '' && system !== SLOT_STATUS_SYSTEM)
        throw fhirBadParameter('status', `status: the system must be ${SLOT_STATUS_SYSTEM}`);
      if (code === undefined || !SLOT_STATUSES.has(code))
        throw fhirBadParameter('status', `status must be one of ${[...SLOT_STATUSES].join(', ')}`);
      return code;
    });
    if (!codes.includes('free')) freeWanted = false;
  }

  const scheduleValues = search.values.get('schedule');
  let schedules: PublishedSchedule[];
  let everySchedule = false;
  if (scheduleValues === undefined) {
    const sample = sc.catalogue.locations[0]?.timeZone ?? 'UTC';
    const bounds = start.boundsIn(sample);
    if (bounds.from === undefined || bounds.until === undefined)
      throw fhirBadParameter(
        'schedule',
        'A Slot search needs schedule, or start with a lower (ge, gt) and an upper (le, lt) bound',
      );
    schedules = [...sc.catalogue.schedules];
    everySchedule = true;
  } else {
    const reference = referenceIdsOf(sc, 'Slot', 'schedule');
    checkAll(search, 'schedule', reference);
    const named = scheduleValues.map((value) => new Set(alternatives(value).map((a) => reference(a).id)));
    if (named.reduce((n, set) => n + set.size, 0) > MAX_SCHEDULES)
      throw fhirBadParameter('schedule', `schedule: name at most ${String(MAX_SCHEDULES)} schedules`);
    schedules = sc.catalogue.schedules.filter((s) => named.every((set) => set.has(scheduleIdOf(s))));
  }
  if (!freeWanted || schedules.length === 0) return [];
  const hits = await findSlots(sc.source, sc.publication, sc.catalogue, schedules, start, {
    byLocationAndService: everySchedule,
  });
  return hits.flatMap((hit) => slotOf(sc, hit.schedule, hit.startMs) ?? []);
}
