/*
 * The Spanish booking specs' helpers (issue 21): the Spanish of an English message, read from the
 * catalogs the product is built with (apps/web/src/locales/es/{start,booking}.po), so the specs
 * follow the reviewed wording instead of copying it; and a check that no English message of those
 * catalogs is left on a Spanish page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Frame, type Page } from '@playwright/test';

const LOCALES = path.resolve(import.meta.dirname, '../../apps/web/src/locales');
const PATIENT_CATALOGS = ['start', 'booking'];

interface PoEntry {
  id: string;
  translation: string;
}

const unquote = (text: string): string => JSON.parse(text.trim()) as string;

/** msgid → msgstr of a Lingui .po file (one message per entry, no msgid_plural). */
function readPo(file: string): PoEntry[] {
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

const catalog = (locale: string, part: string) => readPo(path.join(LOCALES, locale, `${part}.po`));

let spanishById: Map<string, string> | undefined;

/** The Spanish of the English message `english` (exactly as in the code); fails when it has none. */
export function es(english: string, values: Record<string, string> = {}): string {
  spanishById ??= new Map(
    PATIENT_CATALOGS.flatMap((part) => catalog('es', part)).map((entry) => [entry.id, entry.translation]),
  );
  const spanish = spanishById.get(english);
  if (!spanish) throw new Error(`No Spanish translation of "${english}" in locales/es/{start,booking}.po`);
  return spanish.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A RegExp matching the Spanish of `english` exactly (or at the start, with `prefix`). */
export function esPattern(english: string, prefix = false): RegExp {
  const text = es(english).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(prefix ? `^${text}` : `^${text}$`);
}

/**
 * The static fragments (≥ 2 words, between placeholders and tags) of every English patient message
 * whose Spanish is different: none of them may be on a Spanish page.
 */
let fragments: { fragment: string; message: string }[] | undefined;
function englishFragments() {
  if (fragments) return fragments;
  fragments = [];
  for (const part of PATIENT_CATALOGS) {
    const spanish = new Map(catalog('es', part).map((entry) => [entry.id, entry.translation]));
    for (const { id } of catalog('en', part)) {
      const translation = spanish.get(id) ?? '';
      if (translation === id) continue;
      const parts = id
        .replace(/<\/?\d+\/?>/g, '\u0000')
        .replace(/\{\s*\w+\s*,\s*(?:plural|select|selectordinal)\s*,/g, '\u0000')
        .replace(/(?:^|\s)(?:one|other|zero|two|few|many|=\d+)\s*\{/g, '\u0000')
        .replace(/\{\s*\w+\s*\}/g, '\u0000')
        .replace(/[{}#]/g, '\u0000')
        .split('\u0000')
        .map((text) => text.replace(/\s+/g, ' ').trim())
        .filter((text) => (text.match(/[A-Za-z]+/g) ?? []).length >= 2 && !translation.includes(text));
      for (const fragment of parts) fragments.push({ fragment, message: id });
    }
  }
  return fragments;
}

/** The page's own texts and accessible names (aria-label, title, placeholder, alt), whitespace made plain. */
async function pageTexts(target: Page | Frame): Promise<string[]> {
  return target.evaluate(() => {
    const texts: string[] = [];
    for (const element of [document.body, ...Array.from(document.body.querySelectorAll('*'))]) {
      if (element.tagName === 'SCRIPT' || element.tagName === 'STYLE') continue;
      const own = Array.from(element.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('');
      if (own.trim() !== '') texts.push(own);
      for (const name of ['aria-label', 'title', 'placeholder', 'alt'])
        if (element.getAttribute(name)?.trim()) texts.push(element.getAttribute(name) ?? '');
    }
    texts.push(document.body.innerText);
    return texts.map((text) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim());
  });
}

/** No English catalog message (whose Spanish differs) on the page or in the frame. */
export async function expectNoEnglishLeft(target: Page | Frame, what: string): Promise<void> {
  const texts = await pageTexts(target);
  const found: string[] = [];
  for (const { fragment, message } of englishFragments()) {
    const pattern = new RegExp(
      `(^|[^A-Za-z])${fragment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z])`,
    );
    const where = texts.find((text) => pattern.test(text));
    if (where !== undefined)
      found.push(`${what}: "${fragment}" (of "${message}") in: ${where.slice(0, 160)}`);
  }
  expect(found).toEqual([]);
}

/** Spanish weekday or month names (Intl es-US), e.g. "martes, 10 de noviembre" or "mar, 10 de nov". */
export const SPANISH_DATE =
  /(?<![a-záéíóúñ])(lunes|martes|miércoles|jueves|viernes|sábado|domingo|lun|mar|mié|jue|vie|sáb|dom)(?![a-záéíóúñ]).{0,6}\d{1,2} de (ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)/;
