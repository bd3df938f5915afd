/*
 * The CapabilityStatement of a brand's FHIR base (issue 20): exactly what is supported. The read
 * API's resources with their interactions and search parameters come from search-params.ts (the
 * list the searches accept); the SMART Scheduling Links manifest and partners' operations are
 * listed when their routes are registered (bulk/, partners/), so the statement never claims more.
 */
import type {
  CapabilityStatement,
  CapabilityStatementRestResource,
  CapabilityStatementRestResourceOperation,
  CapabilityStatementRestSecurity,
} from '@medplum/fhirtypes';
import { FHIR_RESOURCE_TYPES, RESULT_PARAMETERS, SEARCH_PARAMETERS } from './search-params.ts';

export interface CapabilityOptions {
  fhirBase: string;
  brandName: string;
  /** When the statement was made (now): `date` is required. */
  date: Date;
  /** Which optional routes exist (checked on the app's router). */
  has: {
    bulkPublish: boolean;
    hold: boolean;
    book: boolean;
    token: boolean;
  };
}

const OAUTH_URIS = 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris';

export function capabilityStatement(options: CapabilityOptions): CapabilityStatement {
  const { fhirBase, has } = options;
  const resources: CapabilityStatementRestResource[] = FHIR_RESOURCE_TYPES.map((type) => ({
    type,
    interaction: [{ code: 'read' }, { code: 'search-type' }],
    searchParam: SEARCH_PARAMETERS[type].map((p) => ({
      name: p.name,
      definition: `http://hl7.org/fhir/SearchParameter/${p.name === '_id' ? 'Resource-id' : `${type}-${p.name}`}`,
      type: p.type,
      documentation: p.documentation,
    })),
  }));
  const appointmentOperations: CapabilityStatementRestResourceOperation[] = [
    ...(has.hold
      ? [
          {
            name: 'hold',
            definition: 'https://profiles.ihe.net/ITI/Scheduling/OperationDefinition/appointment-hold',
          },
        ]
      : []),
    ...(has.book
      ? [
          {
            name: 'book',
            definition: 'https://profiles.ihe.net/ITI/Scheduling/OperationDefinition/appointment-book',
          },
        ]
      : []),
  ];
  if (appointmentOperations.length > 0)
    resources.push({
      type: 'Appointment',
      documentation: 'Partners only (OAuth 2.0 client credentials): $hold and $book',
      operation: appointmentOperations,
    });
  const security: CapabilityStatementRestSecurity | undefined = has.token
    ? {
        description: `Public reads need no credentials. $hold and $book need a bearer token from ${fhirBase}/auth/token (OAuth 2.0 client credentials).`,
        extension: [{ url: OAUTH_URIS, extension: [{ url: 'token', valueUri: `${fhirBase}/auth/token` }] }],
      }
    : undefined;
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: options.date.toISOString(),
    publisher: options.brandName,
    kind: 'instance',
    software: { name: 'Scheduler open availability' },
    implementation: { description: `${options.brandName}: open appointment times (FHIR R4)`, url: fhirBase },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    rest: [
      {
        mode: 'server',
        documentation:
          `Read and search of published locations, practitioners, services, schedules and free slots (no patient data). ` +
          `Paging: ${RESULT_PARAMETERS.join(', ')} (_count default 50, at most 500; Bundle links self, next, previous).` +
          (has.bulkPublish ? ` SMART Scheduling Links manifest: ${fhirBase}/$bulk-publish.` : ''),
        ...(security === undefined ? {} : { security }),
        resource: resources,
        ...(has.bulkPublish
          ? {
              operation: [
                {
                  name: 'bulk-publish',
                  definition: 'http://fhir-registry.smarthealthit.org/OperationDefinition/bulk-publish',
                },
              ],
            }
          : {}),
      },
    ],
  };
}
