/**
 * The one error body of the API: every 4xx/5xx answer is `{ error: { code, message, details? } }`,
 * with a code of the domain's error catalogue (`@scheduler/domain/errors`). A VALIDATION error
 * always lists its per-field problems as `details.fields: [{ path, message, in? }]`, whether a
 * route's schema or a use case found them. The server builds bodies with `errorBody`; the web
 * reads `details.fields` (apps/web/src/lib/api-errors.ts).
 */
import * as z from 'zod';
import { ERROR_CODES } from '@scheduler/domain/errors';
import type { DomainError, ErrorCode, ErrorDetails, FieldError } from '@scheduler/domain/errors';

export const errorCodeSchema = z.enum(ERROR_CODES);

/** Which part of the request a field is in (schema validation says; a use case leaves it out). */
export const requestPartSchema = z.enum(['body', 'querystring', 'params', 'headers']);

/** One field's problem: `path` is dotted ('patient.email', 'items.0.name'), empty for the whole part. */
export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
  in: requestPartSchema.optional(),
});

/** Extra information; `fields` lists the per-field problems of a VALIDATION error. */
export const apiErrorDetailsSchema = z.looseObject({
  fields: z.array(fieldErrorSchema).optional(),
  /** The one request field a refusal concerns (booking refusals). */
  field: z.string().optional(),
});

/** The body of every error response: `{ error: { code, message, details? } }`. */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    details: apiErrorDetailsSchema.optional(),
  }),
});

export type ApiFieldError = z.infer<typeof fieldErrorSchema>;
export type ApiErrorDetails = z.infer<typeof apiErrorDetailsSchema>;
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** The wire body of an error code, its message and optional details. */
export function errorBody(code: ErrorCode, message: string, details?: ApiErrorDetails): ApiErrorBody {
  return details === undefined ? { error: { code, message } } : { error: { code, message, details } };
}

// Compile-time checks: what the domain raises is exactly what the wire carries.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _fieldErrorIsWire: Same<FieldError, ApiFieldError> = true;
const _domainBodyIsWire: ReturnType<DomainError['toBody']> extends ApiErrorBody ? true : false = true;
const _detailsAreWire: ErrorDetails extends ApiErrorDetails ? true : false = true;
