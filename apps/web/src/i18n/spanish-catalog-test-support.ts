import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';

/**
 * For tests in Node: the committed Spanish of the patient catalogs, by English message
 * (`{ "Choose a location": "Elija una ubicación" }`), read from apps/web/src/locales/es/*.po.
 */
export async function spanishByEnglish(): Promise<Record<string, string>> {
  const config = getConfig({ configPath: `${import.meta.dirname}/../../lingui.config.ts` });
  const byEnglish: Record<string, string> = {};
  for (const catalog of await getCatalogs(config)) {
    if (catalog.path.endsWith('/admin')) continue;
    for (const entry of Object.values(await catalog.read('es'))) {
      if (entry.message && entry.translation) byEnglish[entry.message] = entry.translation;
    }
  }
  return byEnglish;
}
