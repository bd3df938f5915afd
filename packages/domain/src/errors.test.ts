import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import {
  DomainError,
  ERROR_CATALOGUE,
  ERROR_CODES,
  bookingRefusal,
  fieldErrorsOf,
  isDomainError,
  isErrorCode,
  statusOf,
  validationError,
} from './errors.ts';
import { BOOKING_MESSAGES, BOOKING_MESSAGE_CODES } from './messages.ts';

describe('error catalogue', () => {
  it('gives each general code its HTTP status', () => {
    expect({
      VALIDATION: statusOf('VALIDATION'),
      UNAUTHENTICATED: statusOf('UNAUTHENTICATED'),
      FORBIDDEN: statusOf('FORBIDDEN'),
      NOT_FOUND: statusOf('NOT_FOUND'),
      CONFLICT: statusOf('CONFLICT'),
      SLOT_TAKEN: statusOf('SLOT_TAKEN'),
      RATE_LIMITED: statusOf('RATE_LIMITED'),
      INTERNAL: statusOf('INTERNAL'),
    }).toEqual({
      VALIDATION: 400,
      UNAUTHENTICATED: 401,
      FORBIDDEN: 403,
      NOT_FOUND: 404,
      CONFLICT: 409,
      SLOT_TAKEN: 409,
      RATE_LIMITED: 429,
      INTERNAL: 500,
    });
  });

  it('includes every booking refusal, as 422 or (for collisions) 409', () => {
    for (const code of BOOKING_MESSAGE_CODES) {
      expect(isErrorCode(code)).toBe(true);
      expect([409, 422]).toContain(statusOf(code));
    }
    expect(statusOf('EXISTING_APPOINTMENT')).toBe(409);
    expect(statusOf('INSURANCE_NOT_IN_NETWORK')).toBe(422);
  });

  it("uses the spec's words as the default message of booking refusals", () => {
    expect(ERROR_CATALOGUE.LOCATION_OFFLINE.message).toBe(BOOKING_MESSAGES.LOCATION_OFFLINE);
    expect(ERROR_CATALOGUE.SLOT_TAKEN.message).not.toContain('PHONENUMBER');
    for (const code of ERROR_CODES) {
      expect(ERROR_CATALOGUE[code].message, code).not.toMatch(/APPTDATE|APPTTIME|PHONENUMBER/);
    }
  });
});

describe('DomainError', () => {
  it('carries its code, status and the default message', () => {
    const error = new DomainError('NOT_FOUND');
    expect(error).toBeInstanceOf(Error);
    expect(isDomainError(error)).toBe(true);
    expect(error.name).toBe('DomainError');
    expect(error.status).toBe(404);
    expect(error.toBody()).toEqual({
      error: { code: 'NOT_FOUND', message: ERROR_CATALOGUE.NOT_FOUND.message },
    });
  });

  it('sends its own message and details for client errors', () => {
    const error = new DomainError('CONFLICT', 'The provider changed.', { field: 'providerId' });
    expect(error.toBody()).toEqual({
      error: { code: 'CONFLICT', message: 'The provider changed.', details: { field: 'providerId' } },
    });
  });

  it('never sends internal detail in a 5xx body', () => {
    const error = new DomainError('INTERNAL', 'connection refused at 10.0.0.3', { stack: 'secret' });
    expect(error.toBody()).toEqual({
      error: { code: 'INTERNAL', message: ERROR_CATALOGUE.INTERNAL.message },
    });
  });

  it('builds a booking refusal with the spec message filled in', () => {
    const taken = bookingRefusal('SLOT_TAKEN', { phone: '(555) 123-4567' });
    expect(taken.status).toBe(409);
    expect(taken.message).toContain('Please call our office (555) 123-4567 or click');
    expect(taken.details).toEqual({ field: 'startUtc' });
    const existing = bookingRefusal('EXISTING_APPOINTMENT', {
      apptDate: 'March 9, 2025',
      apptTime: '02:30 PM',
    });
    expect(existing.message).toContain('scheduled for March 9, 2025 at 02:30 PM.');
  });
});

describe('error bodies on the wire', () => {
  const schema = z.object({
    patient: z.object({ email: z.email({ error: 'Enter a valid e-mail address' }) }),
  });

  it('lists each invalid field with a dotted path', () => {
    const result = schema.safeParse({ patient: { email: 'nope' } });
    expect(fieldErrorsOf(result.error!)).toEqual([
      { path: 'patient.email', message: 'Enter a valid e-mail address' },
    ]);
    expect(validationError(result.error!).toBody().error.details?.fields).toHaveLength(1);
  });
});
