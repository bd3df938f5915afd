import { describe, expect, it } from 'vitest';
import { chooseLocale, toAppLocale } from './locales';

describe('toAppLocale', () => {
  it('reads a language tag by its primary language', () => {
    expect(toAppLocale('es')).toBe('es');
    expect(toAppLocale('es-MX')).toBe('es');
    expect(toAppLocale(' ES_us ')).toBe('es');
    expect(toAppLocale('en-GB')).toBe('en');
  });

  it('refuses what the product does not speak, and non-strings', () => {
    expect(toAppLocale('fr-CA')).toBeNull();
    expect(toAppLocale('')).toBeNull();
    expect(toAppLocale(null)).toBeNull();
    expect(toAppLocale(undefined)).toBeNull();
    expect(toAppLocale('<script>')).toBeNull();
  });
});

describe('chooseLocale (issue 21: URL, widget tag, last choice, browser, practice default)', () => {
  const all = {
    query: 'es',
    dataLang: 'en',
    stored: 'en',
    browser: ['en-US'],
    practiceDefault: 'en',
  } as const;

  it('takes ?lang= first', () => {
    expect(chooseLocale(all)).toEqual({ locale: 'es', source: 'query' });
  });

  it('then the widget tag, then the last choice', () => {
    expect(chooseLocale({ ...all, query: null, dataLang: 'es' })).toEqual({
      locale: 'es',
      source: 'data-lang',
    });
    expect(chooseLocale({ ...all, query: null, dataLang: null, stored: 'es' })).toEqual({
      locale: 'es',
      source: 'stored',
    });
  });

  it("then the browser's first language the product speaks", () => {
    expect(chooseLocale({ browser: ['fr-FR', 'es-MX', 'en-US'], practiceDefault: 'en' })).toEqual({
      locale: 'es',
      source: 'browser',
    });
    expect(chooseLocale({ browser: ['en-US', 'es'] })).toEqual({ locale: 'en', source: 'browser' });
  });

  it("then the practice's default, then English", () => {
    expect(chooseLocale({ browser: ['fr-FR'], practiceDefault: 'es' })).toEqual({
      locale: 'es',
      source: 'practice',
    });
    expect(chooseLocale({ browser: ['fr-FR'] })).toEqual({ locale: 'en', source: 'fallback' });
  });

  it('skips a value it does not speak instead of stopping at it', () => {
    expect(chooseLocale({ query: 'de', dataLang: 'xx', stored: 'es' })).toEqual({
      locale: 'es',
      source: 'stored',
    });
  });
});
