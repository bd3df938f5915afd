import { describe, expect, it } from 'vitest';
import {
  SEARCH_TOKEN_LENGTH,
  emailLocalToken,
  foldForSearch,
  patientSearchTokens,
  phoneSearchDigits,
  prefixBound,
  searchParts,
} from './patient-search.ts';

/** Compares as SQLite's BINARY and PostgreSQL's "C" collation do on UTF-8: by code points. */
function codePointOrder(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0) ?? 0);
  const y = Array.from(b, (c) => c.codePointAt(0) ?? 0);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

describe('foldForSearch and searchParts', () => {
  it('drops accents and case, and spells out the letters Unicode does not decompose', () => {
    expect(foldForSearch('Zoë Nguyễn')).toBe('zoe nguyen');
    expect(foldForSearch('ŁÓDŹ Straße Ørsted Æsir')).toBe('lodz strasse orsted aesir');
    expect(foldForSearch('Ｚｏｅ')).toBe('zoe');
  });

  it('cuts at anything that is not a letter or a digit, keeping other scripts', () => {
    expect(searchParts("O'Brien-Nguyễn")).toEqual(['o', 'brien', 'nguyen']);
    expect(searchParts('  St. John  ')).toEqual(['st', 'john']);
    expect(searchParts('Пётр 李')).toEqual(['петр', '李']);
    expect(searchParts("-'-")).toEqual([]);
  });
});

describe('patientSearchTokens', () => {
  it('gives every run of name parts to the end, the e-mail local part and the phone suffixes', () => {
    expect(
      patientSearchTokens({
        firstName: 'Zoë',
        lastName: "O'Brien-Nguyễn",
        email: 'zoe.obrien@example.com',
        phone: '2125550147',
      }).sort(),
    ).toEqual(
      [
        'n:zoeobriennguyen',
        'n:obriennguyen',
        'n:briennguyen',
        'n:nguyen',
        'n:zoeobrien',
        'p:2125550147',
        'p:5550147',
        'p:0147',
      ].sort(),
    );
  });

  it('leaves out what is missing, repeats nothing and cuts long text', () => {
    expect(
      patientSearchTokens({ firstName: 'Ann', lastName: 'Ann', email: null, phone: null }).sort(),
    ).toEqual(['n:ann', 'n:annann']);
    const long = 'x'.repeat(100);
    const tokens = patientSearchTokens({
      firstName: long,
      lastName: '',
      email: '',
      phone: '+1 (312) 555-0100',
    });
    expect(tokens).toEqual([`n:${'x'.repeat(SEARCH_TOKEN_LENGTH)}`, 'p:3125550100', 'p:5550100', 'p:0100']);
  });

  it('keeps a short phone number whole', () => {
    expect(patientSearchTokens({ firstName: '', lastName: '', email: null, phone: '4321' })).toEqual([
      'p:4321',
    ]);
  });
});

describe('phoneSearchDigits, emailLocalToken and prefixBound', () => {
  it('reads the digits without the US country code', () => {
    expect(phoneSearchDigits('+1 (212) 555-0147')).toBe('2125550147');
    expect(phoneSearchDigits('555-0147')).toBe('5550147');
    expect(phoneSearchDigits('+44 20 7946 0958')).toBe('442079460958');
  });

  it('folds the local part of an address', () => {
    expect(emailLocalToken('Zoë.O-Brien+x@Example.com')).toBe('zoeobrienx');
    expect(emailLocalToken('no-at-sign')).toBe('noatsign');
  });

  it('bounds every string starting with a prefix, in code point order', () => {
    expect(prefixBound('n:abc')).toBe('n:abd');
    expect(prefixBound('n:z')).toBe('n:{');
    const bound = prefixBound('n:a\u{1f600}');
    expect(bound).toBe('n:a\u{1f601}');
    for (const inside of ['n:a\u{1f600}', 'n:a\u{1f600}zz', 'n:a\u{1f600}\u{10ffff}'])
      expect(codePointOrder(inside, bound)).toBeLessThan(0);
    expect(codePointOrder('n:a\u{1f601}', bound)).toBe(0);
    expect(codePointOrder('n:b', bound)).toBeGreaterThan(0);
    expect(prefixBound('a\ud7ff')).toBe('a\ue000');
  });
});
