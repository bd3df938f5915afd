/**
 * The patient identity form (booking flow, identity step) and its rules.
 *
 * `patientIdentitySchema` checks shape and format only. The rules that depend on the scheduler
 * and the day — permissions required by patientIntake 1, a date of birth not in the future —
 * come from `createPatientIdentitySchema(rules)`, whose `today` is the location's local date
 * (the domain never reads the clock).
 */
import * as z from 'zod';
import { compareIsoDates, isValidIsoDate, subtractYears } from '@scheduler/domain/local-date';
import type { IsoDate } from '@scheduler/domain/local-date';
import type { ContactPermissionsPolicy } from '@scheduler/domain/settings';
import { emailSchema, isoDateSchema, phoneSchema } from './common.ts';

export const PERSON_NAME_MAX_LENGTH = 50;
/** Dates of birth more than this many years before today are refused as implausible. */
export const MAX_PLAUSIBLE_AGE_YEARS = 130;

function personNameSchema(what: string) {
  const required = `Enter your ${what}`;
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(PERSON_NAME_MAX_LENGTH, {
      error: `Keep your ${what} to ${PERSON_NAME_MAX_LENGTH} characters or fewer`,
    })
    .regex(/^[\p{L}\p{M}][\p{L}\p{M}\p{N}' .,-]*$/u, {
      error: `Use letters, spaces, hyphens and apostrophes in your ${what}`,
    });
}

export const firstNameSchema = personNameSchema('first name');
export const lastNameSchema = personNameSchema('last name');

/** Shape-only date of birth; plausibility needs `today` (see `dateOfBirthIssue`). */
export const dateOfBirthSchema = z
  .string({ error: 'Enter your date of birth' })
  .trim()
  .min(1, { error: 'Enter your date of birth' })
  .pipe(isoDateSchema);

export const patientIdentitySchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  dateOfBirth: dateOfBirthSchema,
  phone: phoneSchema,
  email: emailSchema,
  /** Agrees to receive text messages. */
  smsPermission: z.boolean({ error: 'Choose whether we may send you text messages' }),
  /** Agrees to receive e-mails. */
  emailPermission: z.boolean({ error: 'Choose whether we may send you e-mails' }),
});
export type PatientIdentity = z.output<typeof patientIdentitySchema>;
export type PatientIdentityInput = z.input<typeof patientIdentitySchema>;

export interface PatientIdentityRules {
  /** Scheduler setting patientIntake 1. */
  smsEmailPermissions: ContactPermissionsPolicy;
  /** Today's date in the location's zone, 'YYYY-MM-DD'. */
  today: IsoDate;
}

export interface RuleIssue {
  path: (string | number)[];
  message: string;
}

/** Why a date of birth is implausible on `today`, or null when it is fine. */
export function dateOfBirthIssue(dateOfBirth: IsoDate, today: IsoDate): string | null {
  if (!isValidIsoDate(dateOfBirth)) return 'Enter a valid date (YYYY-MM-DD)';
  if (compareIsoDates(dateOfBirth, today) > 0) return 'Date of birth cannot be in the future';
  if (compareIsoDates(dateOfBirth, subtractYears(today, MAX_PLAUSIBLE_AGE_YEARS)) < 0) {
    return 'Check the year of your date of birth';
  }
  return null;
}

/** The rule violations of an identity that already passed `patientIdentitySchema`. */
export function patientIdentityIssues(
  identity: Pick<PatientIdentity, 'dateOfBirth' | 'smsPermission' | 'emailPermission'>,
  rules: PatientIdentityRules,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const dobIssue = dateOfBirthIssue(identity.dateOfBirth, rules.today);
  if (dobIssue) issues.push({ path: ['dateOfBirth'], message: dobIssue });
  if (rules.smsEmailPermissions === 'required') {
    if (!identity.smsPermission) {
      issues.push({
        path: ['smsPermission'],
        message: 'Please agree to receive text messages to book online',
      });
    }
    if (!identity.emailPermission) {
      issues.push({ path: ['emailPermission'], message: 'Please agree to receive e-mails to book online' });
    }
  }
  return issues;
}

function requireRules(rules: PatientIdentityRules): void {
  if (!isValidIsoDate(rules.today)) throw new RangeError(`today must be YYYY-MM-DD, got ${rules.today}`);
}

/** Adds the identity rules to any schema whose output holds the identity at `at`. */
export function withPatientIdentityRules<T extends z.ZodType>(
  schema: T,
  rules: PatientIdentityRules,
  select: (value: z.output<T>) => PatientIdentity,
  at: (string | number)[] = [],
) {
  requireRules(rules);
  return schema.superRefine((value, ctx) => {
    for (const issue of patientIdentityIssues(select(value), rules)) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: [...at, ...issue.path] });
    }
  });
}

/** The identity form with the scheduler's permission rule and a plausible date of birth. */
export function createPatientIdentitySchema(rules: PatientIdentityRules) {
  return withPatientIdentityRules(patientIdentitySchema, rules, (identity) => identity);
}
