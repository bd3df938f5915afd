import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, bookingRefusal } from '@scheduler/domain/errors';
import { apiErrorBodySchema, errorBody } from './errors.ts';

describe('the one error body', () => {
  it('validates error bodies with the shared schema', () => {
    const body = bookingRefusal('PROVIDER_NOT_ONLINE').toBody();
    expect(apiErrorBodySchema.parse(body)).toEqual(body);
    expect(apiErrorBodySchema.safeParse(body).data?.error.code).toBe('PROVIDER_NOT_ONLINE');
    expect(apiErrorBodySchema.safeParse({ error: { code: 'TEAPOT', message: 'x' } }).success).toBe(false);
    expect(apiErrorBodySchema.safeParse('<html>').success).toBe(false);
  });

  it('carries per-field problems as details.fields, with the request part when known', () => {
    const body = errorBody('VALIDATION', 'Some fields are missing or invalid', {
      fields: [{ path: 'patient.email', message: 'Invalid email address', in: 'body' }],
    });
    expect(apiErrorBodySchema.parse(body)).toEqual(body);
    expect(apiErrorBodySchema.safeParse({ error: { ...body.error, details: [] } }).success).toBe(false);
  });

  it('leaves details out when there are none', () => {
    expect(errorBody('NOT_FOUND', 'Not found')).toEqual({
      error: { code: 'NOT_FOUND', message: 'Not found' },
    });
  });

  it('knows the codes of the HTTP layer', () => {
    for (const code of [
      'BAD_REQUEST',
      'MALFORMED_JSON',
      'METHOD_NOT_ALLOWED',
      'PAYLOAD_TOO_LARGE',
    ] as const) {
      expect(ERROR_CATALOGUE[code].status).toBeGreaterThanOrEqual(400);
      expect(apiErrorBodySchema.safeParse(errorBody(code, 'x')).success).toBe(true);
    }
  });
});
