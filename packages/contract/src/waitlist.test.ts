import { describe, expect, it } from 'vitest';
import { createWaitlistEntryRequestSchema, waitlistEntryRequestSchema } from './waitlist.ts';

const entry = {
  clientSlug: 'acme-health',
  schedulerSlug: 'main',
  locationId: '12',
  providerId: null,
  appointmentTypeId: '3',
  patient: {
    firstName: 'Ann',
    lastName: 'Lee',
    dateOfBirth: '1985-07-14',
    phone: '555 123 4567',
    email: 'ann@example.com',
    smsPermission: false,
    emailPermission: true,
  },
  isExistingPatient: true,
  sessionId: 'c2d1f9e0-8b7a-4c6d-9e8f-0a1b2c3d4e5f',
  idempotencyKey: '8f14e45f-ceea-467f-a8f5-3b6a9c1d2e4f',
};

describe('waitlist entry', () => {
  it('accepts an entry for any provider of a location with no preferences', () => {
    const parsed = waitlistEntryRequestSchema.parse(entry);
    expect(parsed).toMatchObject({ providerId: null, preferredTimes: [] });
    expect(parsed.notes).toBeUndefined();
  });

  it('accepts preferred times of day and refuses others', () => {
    expect(
      waitlistEntryRequestSchema.parse({ ...entry, preferredTimes: ['morning'] }).preferredTimes,
    ).toEqual(['morning']);
    expect(waitlistEntryRequestSchema.safeParse({ ...entry, preferredTimes: ['night'] }).success).toBe(false);
  });

  it("applies the scheduler's permission rule to the patient", () => {
    const required = createWaitlistEntryRequestSchema({
      smsEmailPermissions: 'required',
      today: '2025-03-10',
    });
    expect(required.safeParse(entry).error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'patient.smsPermission',
    ]);
    const optional = createWaitlistEntryRequestSchema({
      smsEmailPermissions: 'optional',
      today: '2025-03-10',
    });
    expect(optional.safeParse(entry).success).toBe(true);
  });

  it('bounds the notes', () => {
    expect(waitlistEntryRequestSchema.safeParse({ ...entry, notes: 'x'.repeat(2001) }).success).toBe(false);
  });
});
