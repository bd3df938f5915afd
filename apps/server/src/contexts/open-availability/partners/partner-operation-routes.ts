/*
 * `POST /fhir/{clientName}/Appointment/$hold` and `/$book` (issue 20) for trusted partners, with a
 * Bearer token of the brand's token endpoint. Every request checks the token (HS256, this brand's
 * FHIR base as issuer and audience, not expired) AND the partner client again: a revoked client's
 * tokens stop working at once. Bodies are FHIR `Parameters` (application/fhir+json or
 * application/json); every answer and error is FHIR (OperationOutcome), `no-store`.
 */
import { PARTNER_SCOPES } from '@scheduler/contract/admin/partners';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asTenant, setTenant } from '../../../platform/db/tenant-context.ts';
import type { RunningJob } from '../../../platform/jobs/index.ts';
import { fhirBaseUrl } from '../fhir/deep-link-url.ts';
import { FHIR_CONTENT_TYPE, FhirError, fhirErrorHandler, fhirNotFound } from '../fhir/operation-outcome.ts';
import { fhirContextOf } from '../fhir/resources.ts';
import type { OpenAvailabilityOptions } from '../options.ts';
import { readPublication } from '../publication/publication-repository.ts';
import {
  bookedAppointment,
  bookingPatientOf,
  heldAppointment,
  operationParametersSchema,
  slotIdOfAppointment,
} from './appointment-resource.ts';
import type { OperationParameters } from './appointment-resource.ts';
import { partnerTokenKeyOf, verifyPartnerToken } from './partner-credentials.ts';
import { deleteHoldIfExpired, findPartnerByIdentifier, touchPartner } from './partner-repository.ts';
import { createHoldBookService } from './hold-book-service.ts';
import type { PartnerCaller } from './hold-book-service.ts';
import { clientNameParamsSchema, partnerRateLimit } from './partner-token-routes.ts';

const TAGS = ['open availability (FHIR partners)'];
const WRITE_SCOPE = PARTNER_SCOPES[1];

/** 401 with RFC 6750's challenge (and an OperationOutcome body). */
function unauthorized(
  reply: FastifyReply,
  error: 'invalid_request' | 'invalid_token' | undefined,
  why: string,
) {
  reply.header(
    'www-authenticate',
    error === undefined
      ? 'Bearer realm="fhir"'
      : `Bearer realm="fhir", error="${error}", error_description="${why}"`,
  );
  return new FhirError(401, { code: 'login', diagnostics: why });
}

/** The hold expiry job: deletes the hold once it has expired (nothing when booked or gone already). */
export function holdExpiryHandler(options: Pick<OpenAvailabilityOptions, 'db' | 'now'>) {
  return async (job: RunningJob): Promise<void> => {
    const { holdId, clientId } = job.payload;
    if (typeof holdId !== 'number' || typeof clientId !== 'number') return;
    await asTenant(clientId, () => deleteHoldIfExpired(options.db, holdId, options.now().getTime()));
  };
}

export const partnerOperationRoutes: FastifyPluginAsyncZod<OpenAvailabilityOptions> = (app, options) => {
  const { db, now, config } = options;
  const key = partnerTokenKeyOf(config);
  const service = createHoldBookService(options);

  app.addContentTypeParser(
    'application/fhir+json',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
  app.setErrorHandler(fhirErrorHandler);

  /** The published brand and the partner of the request's token (401 / 403 / 404 otherwise). */
  async function callerOf(request: FastifyRequest<{ Params: { clientName: string } }>, reply: FastifyReply) {
    const publication = await readPublication(db, { clientSlug: request.params.clientName });
    if (publication === undefined || !publication.published)
      throw fhirNotFound('No published practice has this name');
    setTenant({ scope: 'tenant', clientId: publication.clientId });
    const header = request.headers.authorization;
    const bearer = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header.trim()) : null;
    if (bearer?.[1] === undefined)
      throw unauthorized(
        reply,
        header === undefined ? undefined : 'invalid_request',
        'A Bearer access token is required',
      );
    const at = now();
    const audience = fhirBaseUrl(config.publicUrl, publication.clientSlug);
    const claims = await verifyPartnerToken(key, audience, bearer[1], at);
    if (claims === undefined)
      throw unauthorized(reply, 'invalid_token', 'The access token is invalid or expired');
    const partner = await findPartnerByIdentifier(db, publication.clientId, claims.clientIdentifier);
    if (partner === undefined || partner.revokedAt !== null)
      throw unauthorized(reply, 'invalid_token', 'The access token was revoked');
    if (!claims.scope.split(' ').includes(WRITE_SCOPE)) {
      reply.header(
        'www-authenticate',
        `Bearer realm="fhir", error="insufficient_scope", scope="${WRITE_SCOPE}"`,
      );
      throw new FhirError(403, {
        code: 'forbidden',
        diagnostics: `The token lacks the scope ${WRITE_SCOPE}`,
      });
    }
    await touchPartner(db, partner.id, at.getTime());
    const caller: PartnerCaller = { publication, partner, ip: request.ip };
    return { caller, audience, ctx: fhirContextOf(config.publicUrl, publication) };
  }

  const appointmentOf = (body: OperationParameters) => {
    const appointment = body.parameter[0]?.resource;
    if (appointment === undefined)
      throw new FhirError(400, { code: 'required', diagnostics: 'Send one appointment-resource' });
    return appointment;
  };

  const routeConfig = {
    config: partnerRateLimit(options.rateLimits, 'fhir-partner-operations'),
  };

  app.post(
    '/fhir/:clientName/Appointment/$hold',
    {
      ...routeConfig,
      schema: {
        tags: TAGS,
        summary: 'Hold a slot for 5 minutes (IHE ITI-116 shape; Bearer token of a partner)',
        description:
          'Parameters with one appointment-resource: an Appointment naming one Slot (`slot: [{ reference: ' +
          '"Slot/{id}" }]`) that the booking API offers now. 201 with the pending Appointment `hold-{id}` ' +
          '(start/end in the location’s offset, practitioner and location, the hold-expires extension). 409 ' +
          'OperationOutcome when the slot is taken or held; 401 without a valid token; 404 for an unknown ' +
          'brand or slot. The hold is released at expiry; only its partner can book it meanwhile.',
        params: clientNameParamsSchema,
        body: operationParametersSchema,
      },
    },
    async (request, reply) => {
      const { caller, ctx } = await callerOf(request, reply);
      const slotId = slotIdOfAppointment(appointmentOf(request.body));
      const outcome = await service.hold(caller, slotId);
      return reply
        .status(201)
        .type(FHIR_CONTENT_TYPE)
        .header('cache-control', 'no-store')
        .send(heldAppointment(ctx, outcome.view, outcome.hold));
    },
  );

  app.post(
    '/fhir/:clientName/Appointment/$book',
    {
      ...routeConfig,
      schema: {
        tags: TAGS,
        summary: 'Book a held or free slot for a patient (IHE ITI-117 shape; Bearer token of a partner)',
        description:
          'Parameters with one appointment-resource: an Appointment (status pending) naming one Slot and a ' +
          'contained Patient (name, birthDate, telecom e-mail and phone, gender optional) as a participant ' +
          '(actor `#id`). The partner’s own hold of the slot becomes the appointment; a slot held by another ' +
          'client, or no longer free, is a 409 OperationOutcome. The patient is matched or created as the ' +
          'practice’s own booking does; the confirmation goes to the patient. 201 with the booked Appointment.',
        params: clientNameParamsSchema,
        body: operationParametersSchema,
      },
    },
    async (request, reply) => {
      const { caller, ctx, audience } = await callerOf(request, reply);
      const appointment = appointmentOf(request.body);
      const slotId = slotIdOfAppointment(appointment);
      const outcome = await service.book(caller, slotId, (today) => bookingPatientOf(appointment, today));
      return reply
        .status(201)
        .type(FHIR_CONTENT_TYPE)
        .header('cache-control', 'no-store')
        .send(bookedAppointment(ctx, audience, outcome.view, outcome.appointment));
    },
  );

  return Promise.resolve();
};
