import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  INT4_MAX,
  NUL_CHARACTER_MESSAGE,
  emailSchema,
  idSchema,
  nulCharacterPath,
  optionalTextSchema,
  refusingNulCharacters,
  isoDateSchema,
  isoInstantSchema,
  phoneSchema,
  sessionIdSchema,
  slugSchema,
  timeZoneSchema,
} from './common.ts';

const firstMessage = (result: { error?: { issues: { message: string }[] } }): string | undefined =>
  result.error?.issues[0]?.message;

describe('common schemas', () => {
  it('carries ids as strings, accepting a JSON number for the same id', () => {
    expect(idSchema.parse(7)).toBe('7');
    expect(idSchema.parse(' 7 ')).toBe('7');
    expect(idSchema.parse('0b6f3c5e-7f0e-4d7e-9a55-2f6d8e4b1c11')).toBe(
      '0b6f3c5e-7f0e-4d7e-9a55-2f6d8e4b1c11',
    );
    for (const bad of ['', '-1', 1.5, -1, 'a b', 'x'.repeat(65), null]) {
      expect(firstMessage(idSchema.safeParse(bad)), String(bad)).toBe('Choose a valid option');
    }
  });

  it('refuses numeric ids beyond the database integer range (int4), as a number or as digits', () => {
    expect(idSchema.parse(INT4_MAX)).toBe('2147483647');
    expect(idSchema.parse('2147483647')).toBe('2147483647');
    for (const bad of [INT4_MAX + 1, '2147483648', '0002147483648', '9'.repeat(64), Number.MAX_SAFE_INTEGER])
      expect(firstMessage(idSchema.safeParse(bad)), String(bad)).toBe('Choose a valid option');
  });

  it('refuses NUL characters in text, wherever they are in the input', () => {
    const text = optionalTextSchema(100);
    expect(text.parse('plain')).toBe('plain');
    expect(firstMessage(text.safeParse('a\u0000b'))).toBe(NUL_CHARACTER_MESSAGE);
    expect(nulCharacterPath({ a: [1, { b: 'x\u0000' }] })).toEqual(['a', 1, 'b']);
    expect(nulCharacterPath({ ['k\u0000']: 1 })).toEqual(['k\u0000']);
    expect(nulCharacterPath({ a: ['x', 2, null, true] })).toBeUndefined();
    const body = refusingNulCharacters(z.object({ name: z.string(), tags: z.array(z.string()) }));
    expect(body.parse({ name: 'Ann', tags: ['x'] })).toEqual({ name: 'Ann', tags: ['x'] });
    const refused = body.safeParse({ name: 'Ann', tags: ['x', 'y\u0000'] });
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ['tags', 1], message: NUL_CHARACTER_MESSAGE }),
    ]);
  });

  it('accepts lower-case slugs and folds upper case', () => {
    expect(slugSchema.parse('Main-Street')).toBe('main-street');
    expect(slugSchema.parse('all')).toBe('all');
    for (const bad of ['', 'main street', '-main', 'main--street', 'a/b'])
      expect(slugSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('accepts real YYYY-MM-DD dates only', () => {
    expect(isoDateSchema.parse('2024-02-29')).toBe('2024-02-29');
    expect(firstMessage(isoDateSchema.safeParse('2023-02-29'))).toBe('Enter a valid date (YYYY-MM-DD)');
    expect(firstMessage(isoDateSchema.safeParse('03/09/2025'))).toBe('Enter a valid date (YYYY-MM-DD)');
  });

  it('accepts dates from 1900-01-01 to 2999-12-31 only', () => {
    for (const date of ['1900-01-01', '1930-05-01', '2999-12-31'])
      expect(isoDateSchema.parse(date)).toBe(date);
    for (const date of ['1899-12-31', '3000-01-01', '9999-12-31', '0000-01-01'])
      expect(firstMessage(isoDateSchema.safeParse(date))).toBe(
        'Enter a date between 1900-01-01 and 2999-12-31',
      );
    expect(isoDateSchema.safeParse('9999-02-30').error?.issues).toHaveLength(1);
  });

  it('accepts instants in UTC with Z only', () => {
    expect(isoInstantSchema.parse('2025-03-10T14:30:00Z')).toBe('2025-03-10T14:30:00Z');
    expect(isoInstantSchema.parse('2025-03-10T14:30:00.000Z')).toBe('2025-03-10T14:30:00.000Z');
    expect(isoInstantSchema.safeParse('2025-03-10T14:30:00+01:00').success).toBe(false);
    expect(isoInstantSchema.safeParse('2025-03-10 14:30').success).toBe(false);
  });

  it('says "Enter a valid e-mail address" for a bad e-mail and trims a good one', () => {
    expect(emailSchema.parse('  ann.lee@example.com ')).toBe('ann.lee@example.com');
    expect(firstMessage(emailSchema.safeParse('ann.lee@'))).toBe('Enter a valid e-mail address');
    expect(firstMessage(emailSchema.safeParse(''))).toBe('Enter your e-mail address');
    expect(firstMessage(emailSchema.safeParse(undefined))).toBe('Enter your e-mail address');
  });

  it('cleans a phone number and wants 7 to 15 digits', () => {
    expect(phoneSchema.parse('+1 (555) 123-4567')).toBe('+1(555)123-4567');
    expect(phoneSchema.parse('555.1234')).toBe('5551234');
    expect(firstMessage(phoneSchema.safeParse('555-123'))).toBe('Enter a valid phone number');
    expect(firstMessage(phoneSchema.safeParse('1234567890123456'))).toBe('Enter a valid phone number');
    expect(firstMessage(phoneSchema.safeParse('call me'))).toBe('Enter your phone number');
    expect(firstMessage(phoneSchema.safeParse(undefined))).toBe('Enter your phone number');
  });

  it('accepts known IANA zones only', () => {
    expect(timeZoneSchema.parse('America/Chicago')).toBe('America/Chicago');
    expect(timeZoneSchema.safeParse('America/Gotham').success).toBe(false);
  });

  it('accepts browser session ids and refuses blanks', () => {
    expect(sessionIdSchema.parse('0b6f3c5e-7f0e-4d7e-9a55-2f6d8e4b1c11')).toBeTruthy();
    expect(sessionIdSchema.safeParse('').success).toBe(false);
    expect(sessionIdSchema.safeParse('x'.repeat(129)).success).toBe(false);
  });
});
