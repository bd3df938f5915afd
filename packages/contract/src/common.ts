/**
 * Building blocks shared by every payload schema. Messages are written for inline form errors.
 */
import * as z from 'zod';
import { cleanPhone, phoneDigits } from '@scheduler/domain/text';
import { isValidTimeZone } from '@scheduler/domain/time-zone';
import { isoDateChecks } from './iso-date.ts';

const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/**
 * The largest value of the database's integer columns (PostgreSQL `integer`, int4): every id and
 * whole-number field of a request stays within it, so a larger one is a 400, not a database error.
 */
export const INT4_MAX = 2_147_483_647;

/** True unless `value` is all digits with a value above INT4_MAX (a numeric id too large to exist). */
function fitsInt4WhenNumeric(value: string): boolean {
  return !/^\d+$/.test(value) || BigInt(value) <= BigInt(INT4_MAX);
}

/**
 * An opaque record id (a UUID or a decimal number) carried as a string. A JSON number is
 * accepted and becomes its decimal string, so `7` and `'7'` are the same id. A decimal id above
 * INT4_MAX is refused (no such record can exist). `message` is what a form shows when the choice
 * is missing or wrong.
 */
export function createIdSchema(message = 'Choose a valid option') {
  return z
    .union(
      [
        z.string(),
        z.number().int({ error: message }).nonnegative({ error: message }).max(INT4_MAX, { error: message }),
      ],
      { error: message },
    )
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .pipe(z.string().regex(ID_PATTERN, { error: message }).refine(fitsInt4WhenNumeric, { error: message }));
}

/** What a field holding a NUL character (U+0000) is told: no database stores it as text. */
export const NUL_CHARACTER_MESSAGE = 'Remove the invalid character (U+0000) from this text';

export function hasNoNulCharacter(value: string): boolean {
  return !value.includes('\u0000');
}

const MAX_NUL_SEARCH_DEPTH = 64;

/**
 * The path of the first string (value or object key) of `value` holding a NUL character, or
 * undefined when there is none. Walks arrays and plain objects (a parsed JSON body or query).
 */
export function nulCharacterPath(value: unknown, depth = 0): (string | number)[] | undefined {
  if (typeof value === 'string') return hasNoNulCharacter(value) ? undefined : [];
  if (typeof value !== 'object' || value === null || depth > MAX_NUL_SEARCH_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const path = nulCharacterPath(item, depth + 1);
      if (path !== undefined) return [index, ...path];
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!hasNoNulCharacter(key)) return [key];
    const path = nulCharacterPath(item, depth + 1);
    if (path !== undefined) return [key, ...path];
  }
  return undefined;
}

/**
 * `schema`, refusing first any input with a NUL character in one of its strings (400 VALIDATION
 * on that field). The server wraps every route's params, query and body schema with it, so no
 * text field anywhere can carry U+0000 to the database.
 */
export function refusingNulCharacters<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .superRefine((value, context) => {
      const path = nulCharacterPath(value);
      if (path !== undefined)
        context.addIssue({ code: 'custom', message: NUL_CHARACTER_MESSAGE, path, input: value });
    })
    .pipe(schema);
}

export const idSchema = createIdSchema();
export type Id = z.output<typeof idSchema>;

/** A URL segment: lower-case letters, digits and single hyphens ('main-street'). Upper case is folded. */
export const slugSchema = z
  .string({ error: 'Enter a short name' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Enter a short name' })
  .max(64, { error: 'Keep the short name to 64 characters or fewer' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Use only letters, digits and hyphens' });

export { ISO_DATE_RANGE_MESSAGE, MAX_ISO_DATE, MIN_ISO_DATE } from './iso-date.ts';

/**
 * A calendar date 'YYYY-MM-DD' that exists (no 30 February), from 1900-01-01 to 2999-12-31. The
 * checks are iso-date.ts's (shared with the zod/mini schemas of the landing's answers).
 */
export const isoDateSchema = z.string({ error: 'Enter a date' }).check(...isoDateChecks);

/** An instant in ISO 8601 UTC with 'Z' ('2025-03-10T14:30:00Z'); kept as the string. */
export const isoInstantSchema = z.iso.datetime({ error: 'Enter a date and time in UTC (ISO 8601)' });

export const emailSchema = z
  .string({ error: 'Enter your e-mail address' })
  .trim()
  .min(1, { error: 'Enter your e-mail address' })
  .max(254, { error: 'Enter a valid e-mail address' })
  .pipe(z.email({ error: 'Enter a valid e-mail address' }));

export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;

/** A phone number, output cleaned by `cleanPhone` ('+1(555)123-4567'), with 7 to 15 digits. */
export const phoneSchema = z
  .string({ error: 'Enter your phone number' })
  .max(40, { error: 'Enter a valid phone number' })
  .transform(cleanPhone)
  .refine((value) => value.length > 0, { error: 'Enter your phone number' })
  .refine(
    (value) => {
      const digits = phoneDigits(value).length;
      return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
    },
    { error: 'Enter a valid phone number' },
  );

/** An IANA time zone name that this runtime knows ('America/New_York'). */
export const timeZoneSchema = z
  .string({ error: 'Choose a time zone' })
  .refine(isValidTimeZone, { error: 'Choose a valid time zone' });

/**
 * Issue 21: the languages a patient may use the booking pages and get messages in. A booking or
 * waitlist request names the page's language (English when absent); the appointment's messages,
 * and the offers sent to a waitlist entry, go out in it.
 */
export const PATIENT_LANGUAGES = ['en', 'es'] as const;
export type PatientLanguage = (typeof PATIENT_LANGUAGES)[number];
export const patientLanguageSchema = z.enum(PATIENT_LANGUAGES, {
  error: 'Choose English (en) or Spanish (es)',
});

/** The analytics / booking session id made by the browser. */
export const sessionIdSchema = z
  .string({ error: 'Missing session' })
  .trim()
  .regex(/^[A-Za-z0-9._:-]{1,128}$/, { error: 'Missing session' });

/** A UUID (any version), e.g. an idempotency key from `crypto.randomUUID()`. */
export const uuidSchema = z.uuid({ error: 'Expected a UUID' });

/**
 * Optional free text: trimmed, at most `max` characters; null, undefined and '' all become
 * undefined.
 */
export function optionalTextSchema(max: number, message = `Keep this to ${max} characters or fewer`) {
  return z
    .string()
    .trim()
    .max(max, { error: message })
    .refine(hasNoNulCharacter, { error: NUL_CHARACTER_MESSAGE })
    .nullish()
    .transform((value) => (value ? value : undefined));
}
