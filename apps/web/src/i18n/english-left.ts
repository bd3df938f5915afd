import { readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * For checks in Node only (Vitest: i18n/catalogs-complete.test.ts, features/booking/spanish-steps.test.tsx;
 * Playwright: e2e/tests/booking-spanish-support.ts), never for the app: what counts as English left
 * on a Spanish page or in a Spanish translation (issue 21) — one list of English-only words, and the
 * English patient messages of the committed catalogs (apps/web/src/locales/{en,es}/{start,booking}.po)
 * whose Spanish differs, cut into the fragments a patient would read.
 */

/** The patient catalogs (the staff screens' `admin` catalog is English only for now). */
export const PATIENT_CATALOGS = ['start', 'booking'] as const;

/** Words that are English and not Spanish (whole words, any case): one of them in Spanish text is English left. */
export const ENGLISH_ONLY_WORDS: ReadonlySet<string> = new Set(
  (
    'the your you and with for please select choose book booking booked appointment appointments time times date ' +
    'insurance patient patients this that these those are is was were will would should could our call new next back ' +
    'more not an at or of to from by on in it its we us my here there when where which who what how why yes ' +
    'cancel change continue confirm close open search find show hide loading available unavailable try again ' +
    'today tomorrow week month day days minutes hour hours phone email first last name birth address ' +
    'provider providers location locations service services visit office practice thank thanks reason notes ' +
    'details morning afternoon evening monday tuesday wednesday thursday friday saturday sunday january ' +
    'february march april june july august september october november december'
  ).split(' '),
);

/** The English-only words of `text` (lower case, each once). */
export function englishOnlyWordsIn(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/[^a-záéíóúüñ]+/)
    .filter((word) => ENGLISH_ONLY_WORDS.has(word));
  return [...new Set(words)];
}

export interface PoEntry {
  id: string;
  translation: string;
}

const unquote = (text: string): string => JSON.parse(text.trim()) as string;

/** msgid → msgstr of a Lingui .po file (one message per entry, no msgid_plural). */
export function readPo(file: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let field: 'msgid' | 'msgstr' | null = null;
  let id = '';
  let translation = '';
  const flush = () => {
    if (id !== '') entries.push({ id, translation });
    id = '';
    translation = '';
    field = null;
  };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('msgid ')) {
      flush();
      field = 'msgid';
      id = unquote(line.slice(6));
    } else if (line.startsWith('msgstr ')) {
      field = 'msgstr';
      translation = unquote(line.slice(7));
    } else if (line.startsWith('"') && field !== null) {
      if (field === 'msgid') id += unquote(line);
      else translation += unquote(line);
    } else if (line.trim() === '' && field === 'msgstr') flush();
  }
  flush();
  return entries;
}

const LOCALES = path.resolve(import.meta.dirname, '../locales');

/** The entries of a committed catalog (`catalogEntries('es', 'booking')`). */
export function catalogEntries(locale: string, part: string): PoEntry[] {
  return readPo(path.join(LOCALES, locale, `${part}.po`));
}

/**
 * The static fragments of an ICU message the patient would read: the text between placeholders,
 * tags and plural/select syntax, of two words or more (one word alone is too often also Spanish
 * or a name).
 */
export function staticFragments(message: string): string[] {
  return message
    .replace(/<\/?\d+\/?>/g, '\u0000')
    .replace(/\{\s*[A-Za-z0-9_]+\s*,\s*(?:plural|select|selectordinal)\s*,/g, '\u0000')
    .replace(/(?:^|\s)(?:one|other|zero|two|few|many|=\d+)\s*\{/g, '\u0000')
    .replace(/\{\s*[A-Za-z0-9_]+\s*\}/g, '\u0000')
    .replace(/[{}#]/g, '\u0000')
    .split('\u0000')
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter((part) => (part.match(/[A-Za-z]+/g) ?? []).length >= 2);
}

export interface EnglishFragment {
  fragment: string;
  /** The English message it is part of. */
  message: string;
  /** Where that message is: `locales/en/booking.po`. */
  catalog: string;
}

/**
 * Every ≥ 2-word fragment of an English patient message whose Spanish is not the same text (a
 * fragment the Spanish keeps as it is, a brand or an example, is not English left).
 */
export function englishFragments(): EnglishFragment[] {
  const fragments: EnglishFragment[] = [];
  for (const part of PATIENT_CATALOGS) {
    const spanish = new Map(catalogEntries('es', part).map((entry) => [entry.id, entry.translation]));
    for (const { id } of catalogEntries('en', part)) {
      const translation = spanish.get(id) ?? '';
      if (translation === id) continue;
      for (const fragment of staticFragments(id)) {
        if (translation.includes(fragment)) continue;
        fragments.push({ fragment, message: id, catalog: `locales/en/${part}.po` });
      }
    }
  }
  return fragments;
}

/** A pattern finding `fragment` as whole words in a text. */
export function fragmentPattern(fragment: string): RegExp {
  return new RegExp(`(^|[^A-Za-z])${fragment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z])`);
}

/** Spanish weekday or month names (Intl es-US), e.g. "martes, 10 de noviembre" or "mar, 10 de nov". */
export const SPANISH_DATE =
  /(?<![a-záéíóúñ])(lunes|martes|miércoles|jueves|viernes|sábado|domingo|lun|mar|mié|jue|vie|sáb|dom)(?![a-záéíóúñ]).{0,6}\d{1,2} de (ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)/;
