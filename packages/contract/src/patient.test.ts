import { describe, expect, it } from 'vitest';
import { createPatientIdentitySchema, dateOfBirthIssue, patientIdentitySchema } from './patient.ts';
import type { PatientIdentityInput } from './patient.ts';

const ann: PatientIdentityInput = {
  firstName: ' Ann ',
  lastName: "O'Neil-Smith",
  dateOfBirth: '1985-07-14',
  phone: '(555) 123-4567',
  email: 'ann@example.com',
  smsPermission: true,
  emailPermission: true,
};
const today = '2025-03-10';
const messagesByPath = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('patient identity form', () => {
  it('accepts a complete identity and cleans it', () => {
    expect(patientIdentitySchema.parse(ann)).toEqual({
      ...ann,
      firstName: 'Ann',
      phone: '(555)123-4567',
    });
  });

  it('names each missing field in words a patient understands', () => {
    const result = patientIdentitySchema.safeParse({});
    expect(messagesByPath(result)).toEqual({
      firstName: 'Enter your first name',
      lastName: 'Enter your last name',
      dateOfBirth: 'Enter your date of birth',
      phone: 'Enter your phone number',
      email: 'Enter your e-mail address',
      smsPermission: 'Choose whether we may send you text messages',
      emailPermission: 'Choose whether we may send you e-mails',
    });
  });

  it('accepts accented and hyphenated names but not digits first or symbols', () => {
    expect(patientIdentitySchema.safeParse({ ...ann, firstName: 'José-María' }).success).toBe(true);
    expect(patientIdentitySchema.safeParse({ ...ann, lastName: 'Nguyễn' }).success).toBe(true);
    expect(patientIdentitySchema.safeParse({ ...ann, firstName: '<script>' }).success).toBe(false);
    expect(patientIdentitySchema.safeParse({ ...ann, firstName: 'x'.repeat(51) }).success).toBe(false);
  });

  it('requires both permissions when the scheduler makes them required', () => {
    const schema = createPatientIdentitySchema({ smsEmailPermissions: 'required', today });
    expect(schema.safeParse(ann).success).toBe(true);
    const result = schema.safeParse({ ...ann, smsPermission: false, emailPermission: false });
    expect(messagesByPath(result)).toEqual({
      smsPermission: 'Please agree to receive text messages to book online',
      emailPermission: 'Please agree to receive e-mails to book online',
    });
  });

  it('lets a patient decline permissions when they are optional', () => {
    const schema = createPatientIdentitySchema({ smsEmailPermissions: 'optional', today });
    expect(schema.parse({ ...ann, smsPermission: false, emailPermission: false })).toMatchObject({
      smsPermission: false,
      emailPermission: false,
    });
  });

  it('refuses a date of birth in the future or more than 130 years ago, and accepts today', () => {
    const schema = createPatientIdentitySchema({ smsEmailPermissions: 'optional', today });
    expect(messagesByPath(schema.safeParse({ ...ann, dateOfBirth: '2025-03-11' }))).toEqual({
      dateOfBirth: 'Date of birth cannot be in the future',
    });
    // Before 1900 no date is accepted at all; the 130 years bind from 2030 on.
    expect(messagesByPath(schema.safeParse({ ...ann, dateOfBirth: '1899-12-31' }))).toEqual({
      dateOfBirth: 'Enter a date between 1900-01-01 and 2999-12-31',
    });
    const later = createPatientIdentitySchema({ smsEmailPermissions: 'optional', today: '2035-03-10' });
    expect(messagesByPath(later.safeParse({ ...ann, dateOfBirth: '1905-03-09' }))).toEqual({
      dateOfBirth: 'Check the year of your date of birth',
    });
    expect(later.safeParse({ ...ann, dateOfBirth: '1905-03-10' }).success).toBe(true);
    expect(schema.safeParse({ ...ann, dateOfBirth: '1930-05-01' }).success).toBe(true);
    expect(schema.safeParse({ ...ann, dateOfBirth: today }).success).toBe(true);
    expect(dateOfBirthIssue('2025-02-30', today)).toBe('Enter a valid date (YYYY-MM-DD)');
  });

  it('refuses to build the rules without a valid today', () => {
    expect(() =>
      createPatientIdentitySchema({ smsEmailPermissions: 'required', today: '10/03/2025' }),
    ).toThrow(RangeError);
  });
});
