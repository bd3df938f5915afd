import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './api-errors';

describe('fieldErrorsOf', () => {
  it('reads details.fields of a VALIDATION body, keeping the request part', () => {
    const body = {
      error: {
        code: 'VALIDATION',
        message: 'Some fields are missing or invalid',
        details: {
          fields: [
            { path: 'patient.email', message: 'Invalid email address', in: 'body' },
            { path: 'name', message: 'Enter a name' },
          ],
        },
      },
    };
    expect(fieldErrorsOf(body)).toEqual([
      { path: 'patient.email', message: 'Invalid email address', in: 'body' },
      { path: 'name', message: 'Enter a name' },
    ]);
  });

  it('gives nothing for bodies without fields, and skips malformed entries', () => {
    expect(fieldErrorsOf(undefined)).toEqual([]);
    expect(fieldErrorsOf('<html>')).toEqual([]);
    expect(fieldErrorsOf({ error: { code: 'NOT_FOUND', message: 'Not found' } })).toEqual([]);
    expect(fieldErrorsOf({ error: { details: { field: 'providerId' } } })).toEqual([]);
    expect(
      fieldErrorsOf({
        error: { details: { fields: [{ path: 1 }, null, { path: 'a', message: 'b', in: 'x' }] } },
      }),
    ).toEqual([{ path: 'a', message: 'b' }]);
  });
});
