/*
 * `POST /fhir/{clientName}/auth/token` (issue 20): OAuth 2.0 client credentials (RFC 6749 section
 * 4.4) for the brand's trusted partners. The client authenticates with HTTP Basic
 * (`client_secret_basic`, the form-encoded id and secret) or in the body (`client_secret_post`),
 * never both; the body is `application/x-www-form-urlencoded` (JSON accepted too). The answer is a
 * 15-minute Bearer token (partner-credentials.ts) with `Cache-Control: no-store`. Errors are RFC 6749
 * section 5.2's JSON: `invalid_client` 401 with `WWW-Authenticate`, `unsupported_grant_type`,
 * `invalid_request`, `invalid_scope` 400. An unknown or unpublished brand is a 404 OperationOutcome,
 * like every other path under /fhir/{clientName}.
 */
import {
  PARTNER_SCOPES,
  PARTNER_TOKEN_LIFETIME_SECONDS,
  partnerTokenResponseSchema,
} from '@scheduler/contract/admin/partners';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PublicRateLimits } from '../../../platform/http/route-kit.ts';
import { FhirError, fhirErrorHandler, fhirNotFound } from '../fhir/operation-outcome.ts';
import { fhirBaseUrl } from '../fhir/deep-link-url.ts';
import type { OpenAvailabilityOptions } from '../options.ts';
import { readPublication } from '../publication/publication-repository.ts';
import { setTenant } from '../../../platform/db/tenant-context.ts';
import { partnerTokenKeyOf, secretMatches, signPartnerToken } from './partner-credentials.ts';
import { findPartnerByIdentifier, touchPartner } from './partner-repository.ts';

const FORM = 'application/x-www-form-urlencoded';
const FORM_LIMIT_BYTES = 4096;

type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'server_error';

/** An RFC 6749 section 5.2 error answer. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

/** Per client IP, per minute, as the public booking calls (their own counter: one per route group). */
export function partnerRateLimit(limits: PublicRateLimits, groupId: string) {
  return { rateLimit: { max: limits.bookingsPerMinute, timeWindow: 60_000, groupId } };
}

export const clientNameParamsSchema = z.object({
  clientName: z.string().min(1).max(100),
});

/** A parameter given more than once (the form parser keeps every value) is refused. */
const single = (name: string) =>
  z.union([z.string(), z.array(z.string())]).refine((value) => typeof value === 'string', {
    error: `${name} must be given once`,
  });

const tokenRequestSchema = z
  .object({
    grant_type: single('grant_type').optional(),
    scope: single('scope').optional(),
    client_id: single('client_id').optional(),
    client_secret: single('client_secret').optional(),
  })
  .loose();

/** The form's parameters: one string per name, or every value of a repeated name. */
function parseForm(body: string): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const seen = params[key];
    params[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return params;
}

interface PresentedClient {
  clientIdentifier: string;
  secret: string;
}

/** `Basic base64(urlencode(id) ":" urlencode(secret))` (RFC 6749 section 2.3.1); undefined without one. */
function basicCredentials(request: FastifyRequest): PresentedClient | undefined {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === '') return undefined;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header.trim());
  if (match?.[1] === undefined)
    throw new OAuthError(401, 'invalid_client', 'Use HTTP Basic client authentication or client_secret_post');
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OAuthError(401, 'invalid_client', 'The Basic credentials are malformed');
  try {
    const plus = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));
    return {
      clientIdentifier: plus(decoded.slice(0, colon)),
      secret: plus(decoded.slice(colon + 1)),
    };
  } catch {
    throw new OAuthError(401, 'invalid_client', 'The Basic credentials are malformed');
  }
}

function grantedScope(asked: string | undefined): string {
  if (asked === undefined || asked.trim() === '') return PARTNER_SCOPES.join(' ');
  const scopes = asked.trim().split(/\s+/);
  const unknown = scopes.filter((scope) => !(PARTNER_SCOPES as readonly string[]).includes(scope));
  if (unknown.length > 0)
    throw new OAuthError(400, 'invalid_scope', `Unsupported scope: ${unknown.join(' ')}`);
  return [...new Set(scopes)].join(' ');
}

function sendOAuthError(reply: FastifyReply, error: OAuthError, realm: string): FastifyReply {
  if (error.status === 401) reply.header('www-authenticate', `Basic realm="${realm}", charset="UTF-8"`);
  return reply
    .status(error.status)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .send({ error: error.code, error_description: error.description });
}

export const partnerTokenRoutes: FastifyPluginAsyncZod<OpenAvailabilityOptions> = (app, options) => {
  const { db, now, config } = options;
  const key = partnerTokenKeyOf(config);

  app.addContentTypeParser(
    FORM,
    { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
    (_request, body, done) => {
      done(null, parseForm(String(body)));
    },
  );
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof OAuthError) return sendOAuthError(reply, error, 'token');
    if (error instanceof FhirError) return fhirErrorHandler(error, request, reply);
    const { statusCode } = error as { statusCode?: unknown };
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      request.log.info({ statusCode }, 'token request refused');
      const description =
        statusCode === 429
          ? 'Too many requests, please try again later'
          : statusCode === 415
            ? 'Send the parameters as application/x-www-form-urlencoded'
            : 'The request could not be understood';
      return reply
        .status(statusCode)
        .header('cache-control', 'no-store')
        .send({ error: 'invalid_request', error_description: description });
    }
    request.log.error({ err: error }, 'token request failed');
    return reply
      .status(500)
      .header('cache-control', 'no-store')
      .send({ error: 'server_error', error_description: 'Something went wrong' });
  });

  app.post(
    '/fhir/:clientName/auth/token',
    {
      config: partnerRateLimit(options.rateLimits, 'fhir-partner-token'),
      schema: {
        tags: ['open availability (FHIR partners)'],
        summary: "A partner's access token (OAuth 2.0 client credentials; 15 minutes)",
        description:
          'grant_type=client_credentials, the client authenticated by HTTP Basic or client_id/client_secret in the ' +
          'form body (application/x-www-form-urlencoded; JSON accepted). Answers { access_token, token_type: Bearer, ' +
          'expires_in: 900, scope }. Errors per RFC 6749: 401 invalid_client (with WWW-Authenticate), 400 ' +
          'invalid_request / unsupported_grant_type / invalid_scope; 404 OperationOutcome for an unknown or unpublished brand.',
        params: clientNameParamsSchema,
        response: { 200: partnerTokenResponseSchema },
      },
    },
    async (request, reply) => {
      const at = now();
      const publication = await readPublication(db, { clientSlug: request.params.clientName });
      if (publication === undefined || !publication.published)
        throw fhirNotFound('No published practice has this name');
      setTenant({ scope: 'tenant', clientId: publication.clientId });

      const parsed = tokenRequestSchema.safeParse(request.body ?? {});
      if (!parsed.success)
        throw new OAuthError(400, 'invalid_request', parsed.error.issues.map((i) => i.message).join('; '));
      const form = parsed.data as { [K in 'grant_type' | 'scope' | 'client_id' | 'client_secret']?: string };
      const basic = basicCredentials(request);
      if (basic !== undefined && (form.client_id !== undefined || form.client_secret !== undefined))
        throw new OAuthError(
          400,
          'invalid_request',
          'Authenticate the client one way only (Basic or the body)',
        );
      const presented: PresentedClient | undefined =
        basic ??
        (form.client_id !== undefined && form.client_secret !== undefined
          ? { clientIdentifier: form.client_id, secret: form.client_secret }
          : undefined);
      if (presented === undefined)
        throw new OAuthError(
          401,
          'invalid_client',
          'Authenticate the client (HTTP Basic or client_secret_post)',
        );
      if (form.grant_type === undefined)
        throw new OAuthError(400, 'invalid_request', 'grant_type is required');
      if (form.grant_type !== 'client_credentials')
        throw new OAuthError(
          400,
          'unsupported_grant_type',
          'Only grant_type=client_credentials is supported',
        );

      const partner =
        // (A NUL is no identifier's, and PostgreSQL refuses it in text: a 500.)
        presented.clientIdentifier.length > 0 &&
        presented.clientIdentifier.length <= 64 &&
        !presented.clientIdentifier.includes('\u0000')
          ? await findPartnerByIdentifier(db, publication.clientId, presented.clientIdentifier)
          : undefined;
      // The same refusal for an unknown client, a wrong secret and a revoked client.
      if (
        partner === undefined ||
        !secretMatches(presented.secret, partner.secretHash) ||
        partner.revokedAt !== null
      )
        throw new OAuthError(401, 'invalid_client', 'Client authentication failed');
      const scope = grantedScope(form.scope);

      const audience = fhirBaseUrl(config.publicUrl, publication.clientSlug);
      const accessToken = await signPartnerToken(
        key,
        audience,
        { clientIdentifier: partner.clientIdentifier, scope },
        at,
      );
      await touchPartner(db, partner.id, at.getTime());
      return reply
        .header('cache-control', 'no-store')
        .header('pragma', 'no-cache')
        .send({
          access_token: accessToken,
          token_type: 'Bearer' as const,
          expires_in: PARTNER_TOKEN_LIFETIME_SECONDS,
          scope,
        });
    },
  );
  return Promise.resolve();
};
