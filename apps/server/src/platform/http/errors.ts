import { errorBody } from '@scheduler/contract/errors';
import type { ApiFieldError } from '@scheduler/contract/errors';
import { DomainError } from '@scheduler/domain/errors';
import type { ErrorCode } from '@scheduler/domain/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/*
 * The one error handler. Every 4xx/5xx answer is the one body of `@scheduler/contract/errors`,
 * `{ error: { code, message, details? } }`, with a code of the domain catalogue; a VALIDATION
 * answer lists its fields as `details.fields: [{ path, message, in }]`.
 */

/** Fastify's own client errors, by status, with messages that reveal nothing internal. */
const clientErrors: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: 'BAD_REQUEST', message: 'The request could not be understood' },
  404: { code: 'NOT_FOUND', message: 'Not found' },
  405: { code: 'METHOD_NOT_ALLOWED', message: 'Method not allowed' },
  406: { code: 'NOT_ACCEPTABLE', message: 'Not acceptable' },
  408: { code: 'REQUEST_TIMEOUT', message: 'The request took too long' },
  411: { code: 'LENGTH_REQUIRED', message: 'Content-Length is required' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type' },
  429: { code: 'RATE_LIMITED', message: 'Too many requests, please try again later' },
  431: { code: 'HEADERS_TOO_LARGE', message: 'Request headers are too large' },
};

const fastifyCodes: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'MALFORMED_JSON', message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'MALFORMED_JSON',
    message: "The request body is empty but Content-Type is 'application/json'",
  },
};

type RequestPart = NonNullable<ApiFieldError['in']>;
const REQUEST_PARTS: readonly string[] = ['body', 'querystring', 'params', 'headers'] satisfies RequestPart[];

interface SchemaValidationError {
  validation: readonly { instancePath: string; message?: string }[];
  validationContext?: string;
}

/** A failure of a route's schema (Fastify sets `validation`, and `validationContext` to the part). */
function isSchemaValidationError(error: unknown): error is SchemaValidationError {
  return error instanceof Error && Array.isArray((error as { validation?: unknown }).validation);
}

function toFieldErrors(error: SchemaValidationError): ApiFieldError[] {
  const context = error.validationContext ?? 'body';
  const part = (REQUEST_PARTS.includes(context) ? context : 'body') as RequestPart;
  return error.validation.map((issue) => ({
    path: issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.'),
    message: issue.message ?? 'Invalid value',
    in: part,
  }));
}

/** Errors from Fastify and its plugins that carry a 4xx status (with or without a code). */
function clientStatusOf(error: unknown): { status: number; code: string | undefined } | undefined {
  if (!(error instanceof Error)) return undefined;
  const { statusCode, code } = error as Partial<FastifyError>;
  if (typeof statusCode !== 'number' || statusCode < 400 || statusCode >= 500) return undefined;
  return { status: statusCode, code: typeof code === 'string' ? code : undefined };
}

/**
 * Installs the error and not-found handlers. Client errors are logged at info level
 * without bodies; anything unexpected is logged in full server-side and answered with a
 * bare 500 that carries no internal detail.
 */
export function installErrorHandling(
  app: FastifyInstance,
  notFound: (request: FastifyRequest, reply: FastifyReply) => Promise<void> | void,
): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    // Refusals from the shared catalogue (packages/domain/src/errors.ts): its status and wire body.
    if (error instanceof DomainError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.status).send(error.toBody());
    }
    if (isSchemaValidationError(error)) {
      const fields = toFieldErrors(error);
      request.log.info({ issues: fields.map((d) => `${d.in}:${d.path}`) }, 'validation failed');
      return reply
        .status(400)
        .send(errorBody('VALIDATION', 'Some fields are missing or invalid', { fields }));
    }
    const client = clientStatusOf(error);
    if (client !== undefined) {
      const { status, code } = client;
      const known = (code === undefined ? undefined : fastifyCodes[code]) ??
        clientErrors[status] ?? { code: 'BAD_REQUEST', message: 'Bad request' };
      request.log.info({ code, statusCode: status }, 'client error');
      if (status === 429) {
        const retryAfter = Number(reply.getHeader('retry-after'));
        return reply
          .status(429)
          .send(
            errorBody(
              known.code,
              known.message,
              Number.isFinite(retryAfter) ? { retryAfterSeconds: retryAfter } : undefined,
            ),
          );
      }
      return reply.status(status).send(errorBody(known.code, known.message));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(errorBody('INTERNAL', 'Something went wrong'));
  });

  app.setNotFoundHandler(notFound);
}

export function sendApiNotFound(reply: FastifyReply): FastifyReply {
  return reply.status(404).send(errorBody('NOT_FOUND', 'Not found'));
}
