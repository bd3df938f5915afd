// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { STATUS_REASON_MAX_LENGTH } from '@scheduler/domain/appointment-status';
import { ERROR_CATALOGUE } from '@scheduler/domain/errors';
import { CANCEL_REASON_MAX_LENGTH } from '@scheduler/contract/admin/front-desk';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/catalogs';
import { codeTextTable, contractTextTable, staffErrorText, staffText } from './contract-texts';

/** The contract's sources whose messages staff screens show (the admin schemas and what they share). */
const CONTRACT = path.resolve(import.meta.dirname, '../../../../../../packages/contract/src');
const SOURCES = [
  ...readdirSync(path.join(CONTRACT, 'admin')).map((file) => `admin/${file}`),
  ...readdirSync(path.join(CONTRACT, 'patient-management')).map((file) => `patient-management/${file}`),
  'admin-auth.ts',
  'common.ts',
  'iso-date.ts',
  'widget.ts',
  'waitlist.ts',
].filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));

/** Every message the sources write as it is: `error: '…'`, `message: '…'` or `…_MESSAGE = '…'`. */
function plainMessages(): string[] {
  const found = new Set<string>();
  for (const file of SOURCES) {
    const source = readFileSync(path.join(CONTRACT, file), 'utf8');
    for (const match of source.matchAll(
      /(?:error|message|_MESSAGE)\s*[:=]\s*(['"])((?:(?!\1)[^\\]|\\.)*)\1/g,
    ))
      found.add((match[2] ?? '').replace(/\\(['"])/g, '$1'));
  }
  return [...found];
}

describe("the contract's messages on staff screens", () => {
  it('keeps each English text word for word (its key)', () => {
    for (const [english, descriptor] of contractTextTable()) expect(i18n._(descriptor)).toBe(english);
  });

  it("knows every message the contract's admin schemas write", () => {
    const known = new Set(contractTextTable().map(([english]) => english));
    const messages = plainMessages();
    expect(messages.length).toBeGreaterThan(50);
    expect(messages.filter((message) => !known.has(message))).toEqual([]);
  });

  it('shares one text for the reasons of a cancellation and of a status change', () => {
    expect(STATUS_REASON_MAX_LENGTH).toBe(CANCEL_REASON_MAX_LENGTH);
  });

  it('leaves any other text as it is', () => {
    expect(staffText('Enter a valid e-mail address')).toBe('Enter a valid e-mail address');
    expect(staffText('A text of the screen itself')).toBe('A text of the screen itself');
    expect(staffText('toString')).toBe('toString');
  });

  it("keeps each code's English word for word (the domain catalogue's text)", () => {
    for (const [code, descriptor] of codeTextTable())
      expect(i18n._(descriptor), code).toBe(ERROR_CATALOGUE[code].message);
  });

  it("shows a server's error as it came in English", () => {
    expect(staffErrorText('CONFLICT', ERROR_CATALOGUE.CONFLICT.message)).toBe(
      ERROR_CATALOGUE.CONFLICT.message,
    );
    expect(staffErrorText('RATE_LIMITED', 'Too many sign-ins. Try again in 5 minutes.')).toBe(
      'Too many sign-ins. Try again in 5 minutes.',
    );
    expect(staffErrorText('VALIDATION', 'Enter a carrier name')).toBe('Enter a carrier name');
    expect(staffErrorText('SOMETHING_NEW', 'A new refusal.')).toBe('A new refusal.');
  });
});
