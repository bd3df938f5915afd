/*
 * The Spanish booking specs' helpers (issue 21): the Spanish of an English message, read from the
 * catalogs the product is built with (apps/web/src/locales/es/{start,booking}.po), so the specs
 * follow the reviewed wording instead of copying it; and a check that no English message of those
 * catalogs is left on a Spanish page (the catalogs' reading and the fragments are shared with the
 * web's Vitest checks: apps/web/src/i18n/english-left.ts).
 */
import { expect, type Frame, type Page } from '@playwright/test';
import {
  catalogEntries,
  englishFragments,
  fragmentPattern,
  PATIENT_CATALOGS,
  type EnglishFragment,
} from '../../apps/web/src/i18n/english-left.ts';

let spanishById: Map<string, string> | undefined;

/** The Spanish of the English message `english` (exactly as in the code); fails when it has none. */
export function es(english: string, values: Record<string, string> = {}): string {
  spanishById ??= new Map(
    PATIENT_CATALOGS.flatMap((part) => catalogEntries('es', part)).map((entry) => [
      entry.id,
      entry.translation,
    ]),
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

let fragments: EnglishFragment[] | undefined;

/** No English catalog message (whose Spanish differs) on the page or in the frame. */
export async function expectNoEnglishLeft(target: Page | Frame, what: string): Promise<void> {
  const texts = await pageTexts(target);
  const found: string[] = [];
  for (const { fragment, message } of (fragments ??= englishFragments())) {
    const where = texts.find((text) => fragmentPattern(fragment).test(text));
    if (where !== undefined)
      found.push(`${what}: "${fragment}" (of "${message}") in: ${where.slice(0, 160)}`);
  }
  expect(found).toEqual([]);
}

/** Spanish weekday or month names (Intl es-US), e.g. "martes, 10 de noviembre" or "mar, 10 de nov". */
export { SPANISH_DATE } from '../../apps/web/src/i18n/english-left.ts';
