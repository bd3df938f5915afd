/*
 * FHIR errors (issue 20): every error under /fhir/{clientName} is an OperationOutcome with the
 * content type application/fhir+json. Routes throw `FhirError` (or the helpers below); a FHIR
 * plugin installs `fhirErrorHandler` (app.setErrorHandler, encapsulated to that plugin) so that a
 * DomainError, a schema failure, a rate-limit refusal or anything unexpected is answered as an
 * OperationOutcome too. Diagnostics never carry patient data or internal detail.
 */
import { DomainError } from '@scheduler/domain/errors';
import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

export const FHIR_CONTENT_TYPE = 'application/fhir+json; charset=utf-8';

export type IssueSeverity = OperationOutcomeIssue['severity'];
export type IssueCode = OperationOutcomeIssue['code'];

export interface OutcomeIssue {
  code: IssueCode;
  diagnostics: string;
  severity?: IssueSeverity;
  /** FHIRPath-ish location, e.g. the search parameter's name. */
  expression?: string[];
}

export function operationOutcome(...issues: OutcomeIssue[]): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: issues.map((i): OperationOutcomeIssue => ({
      severity: i.severity ?? 'error',
      code: i.code,
      diagnostics: i.diagnostics,
      ...(i.expression === undefined ? {} : { expression: i.expression }),
    })),
  };
}

/** An error answered as an OperationOutcome with its HTTP status. */
export class FhirError extends Error {
  readonly status: number;
  readonly outcome: OperationOutcome;

  constructor(status: number, ...issues: OutcomeIssue[]) {
    super(issues.map((i) => i.diagnostics).join('; '));
    this.name = 'FhirError';
    this.status = status;
    this.outcome = operationOutcome(...issues);
  }
}

/** 404: an unknown resource id, type, brand, or an unpublished brand. */
export function fhirNotFound(diagnostics = 'Not found'): FhirError {
  return new FhirError(404, { code: 'not-found', diagnostics });
}

/** 400: a bad or unknown search parameter (named in diagnostics and expression). */
export function fhirBadParameter(parameter: string, diagnostics: string): FhirError {
  return new FhirError(400, { code: 'invalid', diagnostics, expression: [parameter] });
}

/** 400 for anything else malformed in a request (a body, a header). */
export function fhirBadRequest(diagnostics: string, code: IssueCode = 'invalid'): FhirError {
  return new FhirError(400, { code, diagnostics });
}

/** Sends an OperationOutcome with its status and the FHIR content type. */
export function sendOperationOutcome(
  reply: FastifyReply,
  status: number,
  outcome: OperationOutcome,
): FastifyReply {
  return reply.status(status).type(FHIR_CONTENT_TYPE).header('cache-control', 'no-store').send(outcome);
}

/** An outcome's status as a FHIR issue code. */
function issueCodeOfStatus(status: number): IssueCode {
  if (status === 401) return 'login';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'throttled';
  if (status === 413) return 'too-costly';
  if (status >= 500) return 'exception';
  return 'invalid';
}

interface SchemaValidationError {
  validation: readonly { instancePath: string; message?: string }[];
  validationContext?: string;
}

function isSchemaValidationError(error: unknown): error is SchemaValidationError {
  return error instanceof Error && Array.isArray((error as { validation?: unknown }).validation);
}

/**
 * The error handler of a FHIR plugin: `app.setErrorHandler(fhirErrorHandler)`. FhirError as it is;
 * a DomainError with its status and message; a route schema failure as 400 naming the fields; a
 * Fastify 4xx (rate limit 429 with Retry-After kept, body too large, bad JSON) with a generic
 * message; anything else a logged 500 with no detail.
 */
export function fhirErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof FhirError) {
    request.log.info({ statusCode: error.status }, 'fhir refusal');
    return sendOperationOutcome(reply, error.status, error.outcome);
  }
  if (error instanceof DomainError) {
    if (error.status >= 500) request.log.error({ err: error }, 'request failed');
    const fields = error.details?.fields;
    const expression = Array.isArray(fields)
      ? fields.flatMap((f: unknown) =>
          typeof f === 'object' && f !== null && typeof (f as { path?: unknown }).path === 'string'
            ? [(f as { path: string }).path]
            : [],
        )
      : [];
    return sendOperationOutcome(
      reply,
      error.status,
      operationOutcome({
        code: issueCodeOfStatus(error.status),
        diagnostics: error.message,
        ...(expression.length > 0 ? { expression } : {}),
      }),
    );
  }
  if (isSchemaValidationError(error)) {
    const issues = error.validation.map((issue) => {
      const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
      return {
        code: 'invalid' as const,
        diagnostics: `${path === '' ? (error.validationContext ?? 'request') : path}: ${issue.message ?? 'Invalid value'}`,
        ...(path === '' ? {} : { expression: [path] }),
      };
    });
    const [first, ...rest] = issues;
    return sendOperationOutcome(
      reply,
      400,
      operationOutcome(first ?? { code: 'invalid', diagnostics: 'Invalid request' }, ...rest),
    );
  }
  const { statusCode } = error instanceof Error ? (error as Partial<FastifyError>) : {};
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    request.log.info({ statusCode }, 'fhir client error');
    const diagnostics =
      statusCode === 429
        ? 'Too many requests, please try again later'
        : statusCode === 413
          ? 'The request body is too large'
          : statusCode === 415
            ? 'Unsupported content type'
            : 'The request could not be understood';
    return sendOperationOutcome(
      reply,
      statusCode,
      operationOutcome({ code: issueCodeOfStatus(statusCode), diagnostics }),
    );
  }
  request.log.error({ err: error }, 'unexpected error');
  return sendOperationOutcome(
    reply,
    500,
    operationOutcome({ code: 'exception', diagnostics: 'Something went wrong' }),
  );
}
