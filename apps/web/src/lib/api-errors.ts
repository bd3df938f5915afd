import type { ApiFieldError } from '@scheduler/contract/errors';

/**
 * The per-field messages of an error body (`@scheduler/contract/errors`): a VALIDATION answer lists
 * them as `{ error: { details: { fields: [{ path, message, in? }] } } }`, whether the route's schema
 * or a use case found them. `path` is dotted ('patient.email', 'workingHours.0.locationId').
 * Checked by hand, so zod stays out of the first page's script; anything else gives [].
 */
export function fieldErrorsOf(body: unknown): ApiFieldError[] {
  const details = propertyOf(propertyOf(body, 'error'), 'details');
  const fields = propertyOf(details, 'fields');
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((field: unknown): ApiFieldError[] => {
    const path = propertyOf(field, 'path');
    const message = propertyOf(field, 'message');
    if (typeof path !== 'string' || typeof message !== 'string') return [];
    const part = propertyOf(field, 'in');
    return isRequestPart(part) ? [{ path, message, in: part }] : [{ path, message }];
  });
}

function propertyOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function isRequestPart(value: unknown): value is NonNullable<ApiFieldError['in']> {
  return value === 'body' || value === 'querystring' || value === 'params' || value === 'headers';
}
