// @vitest-environment node
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { describe, expect, it } from 'vitest';
import { ENGLISH_ONLY_WORDS, PATIENT_CATALOGS } from './english-left';

/**
 * Issue 21, "CI": extraction runs here, in `npm test`. Every message in the code must be in the
 * committed catalogs and every catalog entry must still be in the code (`npm run i18n:extract`
 * fixes both); every patient-facing message has a Spanish translation with the same placeholders,
 * and no Spanish translation is English left in place. Staff screens are English only for now:
 * their Spanish catalog is not checked for translations (and never loaded).
 */
const config = getConfig({ configPath: `${import.meta.dirname}/../../lingui.config.ts` });
const catalogs = await getCatalogs(config);

/** Translations that are rightly the same as the English (none of them English words above). */
const SAME_IN_BOTH = new Set<string>(['{0}', '{0} · {1}', 'OK', 'Plan']);

function placeholders(message: string): string[] {
  const names = new Set<string>();
  // ICU arguments at any depth ({name}, {count, plural, …}) and rich-text tags (<0>…</0>).
  for (const match of message.matchAll(/\{\s*([A-Za-z0-9_]+)\s*[,}]/g)) names.add(`{${match[1]}}`);
  for (const match of message.matchAll(/<\/?(\d+)\/?>/g)) names.add(`<${match[1]}>`);
  return [...names].sort();
}

function visibleWords(message: string): string[] {
  return message
    .replace(/<\/?\d+\/?>/g, ' ')
    .replace(/\{\s*[A-Za-z0-9_]+\s*\}/g, ' ')
    .replace(/\{\s*[A-Za-z0-9_]+\s*,\s*(plural|select|selectordinal)\s*,/g, ' ')
    .replace(/\b(one|other|zero|few|many|=\d+)\s*\{/g, ' ')
    .toLowerCase()
    .split(/[^a-záéíóúüñ']+/)
    .filter(Boolean);
}

describe.each(catalogs.map((catalog) => [catalog.path.split('/').pop() ?? catalog.path, catalog] as const))(
  'the %s catalog',
  (name, catalog) => {
    it('holds exactly the messages of the code (npm run i18n:extract)', async () => {
      const extracted = (await catalog.collect()) ?? {};
      const committed = await catalog.read(config.sourceLocale ?? 'en');
      const inCode = Object.keys(extracted).sort();
      const inCatalog = Object.keys(committed ?? {}).sort();
      const missing = inCode.filter((id) => !(id in (committed ?? {}))).map((id) => extracted[id]?.message);
      const unused = inCatalog.filter((id) => !(id in extracted)).map((id) => committed?.[id]?.message);
      expect({ missing, unused }).toEqual({ missing: [], unused: [] });
    });

    if ((PATIENT_CATALOGS as readonly string[]).includes(name)) {
      it('has a Spanish translation of every message, with the same placeholders and no English left', async () => {
        const english = (await catalog.read('en')) ?? {};
        const spanish = (await catalog.read('es')) ?? {};
        const problems: string[] = [];
        for (const [id, entry] of Object.entries(english)) {
          const source = entry.message ?? entry.translation ?? id;
          const translation = spanish[id]?.translation ?? '';
          if (!translation) {
            problems.push(`untranslated: ${source}`);
            continue;
          }
          if (JSON.stringify(placeholders(source)) !== JSON.stringify(placeholders(translation)))
            problems.push(`placeholders differ: ${source} → ${translation}`);
          if (
            translation === source &&
            !SAME_IN_BOTH.has(source) &&
            /[A-Za-z]{3}/.test(visibleWords(source).join(' '))
          )
            problems.push(`English left as Spanish: ${source}`);
          const english = visibleWords(translation).filter((word) => ENGLISH_ONLY_WORDS.has(word));
          if (english.length > 0) problems.push(`English words (${english.join(', ')}) in: ${translation}`);
        }
        expect(problems).toEqual([]);
      });
    }
  },
);
