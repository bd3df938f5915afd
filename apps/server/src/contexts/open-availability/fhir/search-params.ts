/*
 * The search parameters the FHIR read API supports (issue 20), per resource type: the one list the
 * searches accept and the CapabilityStatement declares, so it lists exactly what is supported.
 * Parsing the query: an unknown parameter, an unsupported modifier, an empty value or a bad
 * `_count` / `_offset` / `_format` is a 400 OperationOutcome naming the parameter.
 */
import { z } from 'zod';
import { fhirBadParameter } from './operation-outcome.ts';

export const FHIR_RESOURCE_TYPES = [
  'Location',
  'Practitioner',
  'PractitionerRole',
  'HealthcareService',
  'Schedule',
  'Slot',
] as const;
export type FhirResourceType = (typeof FHIR_RESOURCE_TYPES)[number];

export function isFhirResourceType(value: string): value is FhirResourceType {
  return (FHIR_RESOURCE_TYPES as readonly string[]).includes(value);
}

export interface SearchParamDefinition {
  name: string;
  type: 'token' | 'reference' | 'date' | 'string';
  documentation: string;
  /** Reference parameters: the resource types they point to. */
  targets?: readonly FhirResourceType[];
}

const ID: SearchParamDefinition = { name: '_id', type: 'token', documentation: 'Logical id (comma: any of)' };
const ACTIVE: SearchParamDefinition = {
  name: 'active',
  type: 'token',
  documentation: 'true or false (everything published is active)',
};
const SERVICE_TYPE: SearchParamDefinition = {
  name: 'service-type',
  type: 'token',
  documentation: 'A service: its code (the HealthcareService id), optionally with our system (system|code)',
};

export const SEARCH_PARAMETERS: Readonly<Record<FhirResourceType, readonly SearchParamDefinition[]>> = {
  Location: [
    ID,
    { name: 'name', type: 'string', documentation: 'Name starts with (case-insensitive)' },
    { name: 'address-city', type: 'string', documentation: 'City starts with (case-insensitive)' },
    { name: 'address-state', type: 'string', documentation: 'State starts with (case-insensitive)' },
    { name: 'address-postalcode', type: 'string', documentation: 'Postal code starts with' },
  ],
  Practitioner: [
    ID,
    { name: 'name', type: 'string', documentation: 'A part of the name starts with (case-insensitive)' },
    ACTIVE,
  ],
  PractitionerRole: [
    ID,
    {
      name: 'practitioner',
      type: 'reference',
      documentation: 'Practitioner/{id}',
      targets: ['Practitioner'],
    },
    { name: 'location', type: 'reference', documentation: 'Location/{id}', targets: ['Location'] },
    {
      name: 'service',
      type: 'reference',
      documentation: 'HealthcareService/{id}',
      targets: ['HealthcareService'],
    },
    ACTIVE,
  ],
  HealthcareService: [
    ID,
    { name: 'name', type: 'string', documentation: 'Name starts with (case-insensitive)' },
    { name: 'location', type: 'reference', documentation: 'Location/{id}', targets: ['Location'] },
    SERVICE_TYPE,
    ACTIVE,
  ],
  Schedule: [
    ID,
    {
      name: 'actor',
      type: 'reference',
      documentation: 'Location/{id}, Practitioner/{id}, PractitionerRole/{id} or HealthcareService/{id}',
      targets: ['Location', 'Practitioner', 'PractitionerRole', 'HealthcareService'],
    },
    SERVICE_TYPE,
    ACTIVE,
  ],
  Slot: [
    {
      name: 'schedule',
      type: 'reference',
      documentation:
        'Schedule/{id} (comma: any of, at most 50); without it, start needs a lower and an upper bound',
      targets: ['Schedule'],
    },
    {
      name: 'start',
      type: 'date',
      documentation:
        'Prefixes eq, ge, gt, le, lt; repeat for a range. Values without an offset are read in the location’s time zone',
    },
    {
      name: 'status',
      type: 'token',
      documentation:
        'free|busy|busy-unavailable|busy-tentative|entered-in-error (only free slots are published)',
    },
  ],
};

/** Result parameters every search accepts. */
export const DEFAULT_COUNT = 50;
export const MAX_COUNT = 500;
const MAX_OFFSET = 100_000;
const FORMATS = new Set(['json', 'application/json', 'application/fhir+json']);
export const RESULT_PARAMETERS = ['_count', '_offset', '_format'] as const;

/** The query as Fastify parsed it: a value, or a list when repeated. */
export const rawQuerySchema = z.record(
  z.string().max(100),
  z.union([z.string().max(2000), z.array(z.string().max(2000)).max(50)]),
);

export interface ParsedSearch {
  /** Values by parameter name, one per repetition (comma lists unsplit). */
  values: ReadonlyMap<string, readonly string[]>;
  count: number;
  offset: number;
  /** The parameters as given (for the Bundle's links), without `_count`/`_offset`/`_format`. */
  pairs: readonly (readonly [string, string])[];
}

function single(name: string, values: readonly string[]): string {
  if (values.length > 1) throw fhirBadParameter(name, `${name} may be given once`);
  return values[0] ?? '';
}

function integerParameter(name: string, text: string, min: number, max: number): number {
  if (!/^\d{1,7}$/.test(text) || Number(text) < min || Number(text) > max)
    throw fhirBadParameter(name, `${name} must be a whole number from ${String(min)} to ${String(max)}`);
  return Number(text);
}

/** The query of a search of `type`, checked against the supported parameters. */
export function parseSearch(type: FhirResourceType, query: unknown): ParsedSearch {
  const raw = rawQuerySchema.safeParse(query ?? {});
  if (!raw.success) throw fhirBadParameter('query', 'The query string is too long or malformed');
  const supported = new Map(SEARCH_PARAMETERS[type].map((p) => [p.name, p]));
  const values = new Map<string, string[]>();
  const pairs: [string, string][] = [];
  let count = DEFAULT_COUNT;
  let offset = 0;
  for (const [name, given] of Object.entries(raw.data)) {
    const list = Array.isArray(given) ? given : [given];
    if (name === '_count') {
      count = integerParameter(name, single(name, list), 0, MAX_COUNT);
      continue;
    }
    if (name === '_offset') {
      offset = integerParameter(name, single(name, list), 0, MAX_OFFSET);
      continue;
    }
    if (name === '_format') {
      if (!FORMATS.has(single(name, list)))
        throw fhirBadParameter(
          name,
          `_format ${single(name, list)} is not supported (this server answers JSON)`,
        );
      continue;
    }
    const [base, modifier] = name.split(':', 2);
    const definition = supported.get(base ?? '');
    if (definition === undefined)
      throw fhirBadParameter(
        name,
        `Unknown search parameter '${name}' for ${type}. Supported: ${[...supported.keys(), ...RESULT_PARAMETERS].join(', ')}`,
      );
    if (modifier !== undefined)
      throw fhirBadParameter(name, `The modifier ':${modifier}' of ${base ?? name} is not supported`);
    for (const value of list) {
      if (value.trim() === '') throw fhirBadParameter(name, `${name} has an empty value`);
      pairs.push([name, value]);
    }
    values.set(name, [...(values.get(name) ?? []), ...list]);
  }
  return { values, count, offset, pairs };
}

/** The comma-separated alternatives of one value (FHIR: any of). */
export function alternatives(value: string): string[] {
  return value.split(',').map((v) => v.trim());
}

export interface ReferenceTarget {
  type: FhirResourceType;
  id: string;
}

/**
 * A reference value: `Type/id`, an absolute URL ending in `Type/id` on this base, or a bare id when
 * the parameter points to one type only. Throws a 400 naming the parameter otherwise.
 */
export function parseReference(
  definition: SearchParamDefinition,
  value: string,
  fhirBase: string,
): ReferenceTarget {
  const targets = definition.targets ?? [];
  let text = value;
  if (/^https?:\/\//.test(text)) {
    if (!text.startsWith(`${fhirBase}/`))
      throw fhirBadParameter(
        definition.name,
        `${definition.name}: ${value} is not a reference on this server`,
      );
    text = text.slice(fhirBase.length + 1);
  }
  const slash = text.indexOf('/');
  if (slash === -1) {
    const only = targets.length === 1 ? targets[0] : undefined;
    if (only === undefined)
      throw fhirBadParameter(
        definition.name,
        `${definition.name}: name the type of ${value} (${targets.map((t) => `${t}/{id}`).join(', ')})`,
      );
    return { type: only, id: text };
  }
  const type = text.slice(0, slash);
  const id = text.slice(slash + 1);
  if (!(targets as readonly string[]).includes(type) || id === '' || id.includes('/'))
    throw fhirBadParameter(
      definition.name,
      `${definition.name}: ${value} is not a reference to ${targets.join(' or ')}`,
    );
  return { type: type as FhirResourceType, id };
}

export function definitionOf(type: FhirResourceType, name: string): SearchParamDefinition {
  const definition = SEARCH_PARAMETERS[type].find((p) => p.name === name);
  if (definition === undefined) throw new Error(`No search parameter ${name} on ${type}`);
  return definition;
}

/** `active`: true or false. */
export function parseBooleanToken(name: string, value: string): boolean {
  const code = value.includes('|') ? value.slice(value.indexOf('|') + 1) : value;
  if (code === 'true') return true;
  if (code === 'false') return false;
  throw fhirBadParameter(name, `${name} must be true or false`);
}

export interface TokenValue {
  /** undefined: any system; '': no system. */
  system: string | undefined;
  /** undefined: any code of the system. */
  code: string | undefined;
}

/** A token: `code`, `system|code`, `|code` (no system) or `system|` (any code of the system). */
export function parseToken(value: string): TokenValue {
  const bar = value.indexOf('|');
  if (bar === -1) return { system: undefined, code: value };
  const code = value.slice(bar + 1);
  return { system: value.slice(0, bar), code: code === '' ? undefined : code };
}

/** Case- and accent-insensitive "starts with" (FHIR string search without modifier). */
export function startsWithText(candidate: string | null | undefined, value: string): boolean {
  if (candidate === null || candidate === undefined) return false;
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return fold(candidate).startsWith(fold(value));
}
