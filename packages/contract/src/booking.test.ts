import { describe, expect, it } from 'vitest';
import {
  additionalDetailsSchema,
  bookAppointmentRequestSchema,
  createBookAppointmentRequestSchema,
  insuranceDetailsSchema,
} from './booking.ts';
import type { BookAppointmentRequestInput } from './booking.ts';

const request: BookAppointmentRequestInput = {
  clientSlug: 'acme-health',
  schedulerSlug: 'main',
  locationId: '12',
  providerId: 7,
  appointmentTypeId: 'new-patient',
  startUtc: '2025-03-12T14:30:00Z',
  patient: {
    firstName: 'Ann',
    lastName: 'Lee',
    dateOfBirth: '1985-07-14',
    phone: '555 123 4567',
    email: 'ann@example.com',
    smsPermission: true,
    emailPermission: true,
  },
  isExistingPatient: false,
  insurance: {
    selfPay: false,
    carrierId: 3,
    planId: 'ppo-gold',
    memberId: 'XYZ123456',
    relationship: 'self',
  },
  details: { reasonForVisit: 'Annual check-up', notes: '' },
  sessionId: 'c2d1f9e0-8b7a-4c6d-9e8f-0a1b2c3d4e5f',
  idempotencyKey: '8f14e45f-ceea-467f-a8f5-3b6a9c1d2e4f',
};
const messagesByPath = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('additional details', () => {
  it('allows a reason of up to 500 characters and notes of up to 2000', () => {
    expect(
      additionalDetailsSchema.safeParse({ reasonForVisit: 'x'.repeat(500), notes: 'y'.repeat(2000) }).success,
    ).toBe(true);
    expect(messagesByPath(additionalDetailsSchema.safeParse({ reasonForVisit: 'x'.repeat(501) }))).toEqual({
      reasonForVisit: 'Keep the reason for your visit to 500 characters or fewer',
    });
    expect(messagesByPath(additionalDetailsSchema.safeParse({ notes: 'y'.repeat(2001) }))).toEqual({
      notes: 'Keep your notes to 2000 characters or fewer',
    });
  });

  it('leaves both blank when the patient skips them', () => {
    expect(additionalDetailsSchema.parse({})).toEqual({ reasonForVisit: '', notes: '' });
  });
});

describe('insurance details', () => {
  it('accepts a plan with member id and relationship, or self-pay', () => {
    expect(insuranceDetailsSchema.parse(request.insurance)).toEqual({
      selfPay: false,
      carrierId: '3',
      planId: 'ppo-gold',
      memberId: 'XYZ123456',
      relationship: 'self',
    });
    expect(insuranceDetailsSchema.parse({ selfPay: true })).toEqual({ selfPay: true });
  });

  it('asks for what a plan is missing', () => {
    expect(messagesByPath(insuranceDetailsSchema.safeParse({ selfPay: false }))).toEqual({
      carrierId: 'Choose your insurance carrier',
      planId: 'Choose your insurance plan',
      memberId: 'Enter your member ID',
      relationship: 'Choose your relationship to the policy holder',
    });
    expect(insuranceDetailsSchema.safeParse({}).success).toBe(false);
  });
});

describe('book-appointment request', () => {
  it('accepts a complete request and normalises ids, phone and details', () => {
    const parsed = bookAppointmentRequestSchema.parse(request);
    expect(parsed).toMatchObject({ providerId: '7', patient: { phone: '5551234567' } });
    expect(parsed.channel).toBeUndefined();
  });

  it('lets the server pick the provider when none is chosen, and allows skipping insurance', () => {
    const parsed = bookAppointmentRequestSchema.parse({
      ...request,
      providerId: null,
      insurance: null,
      details: undefined,
    });
    expect(parsed.providerId).toBeNull();
    expect(parsed.insurance).toBeNull();
    expect(parsed.details).toEqual({ reasonForVisit: '', notes: '' });
  });

  it('wants a UUID idempotency key and a UTC start time', () => {
    expect(bookAppointmentRequestSchema.safeParse({ ...request, idempotencyKey: 'retry-1' }).success).toBe(
      false,
    );
    expect(bookAppointmentRequestSchema.safeParse({ ...request, startUtc: '2025-03-12 14:30' }).success).toBe(
      false,
    );
  });

  it("applies the scheduler's identity rules under the patient path", () => {
    const schema = createBookAppointmentRequestSchema({
      smsEmailPermissions: 'required',
      today: '2025-03-10',
    });
    expect(schema.safeParse(request).success).toBe(true);
    const result = schema.safeParse({ ...request, patient: { ...request.patient, emailPermission: false } });
    expect(messagesByPath(result)).toEqual({
      'patient.emailPermission': 'Please agree to receive e-mails to book online',
    });
  });
});
