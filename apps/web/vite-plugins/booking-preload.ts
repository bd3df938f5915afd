import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

export interface BookingPreloadOptions {
  /** Module ids of the lazy modules (the step's screen, …) a booking URL of that step loads first. */
  steps: Record<string, RegExp[]>;
  /** Modules every booking step loads with its first answer (the API contract, the settings defaults). */
  shared: RegExp[];
  /**
   * Emitted files (not chunks of the page: the contract worker's script) every booking step starts
   * with its first answer; matched against the file name.
   */
  sharedFiles?: RegExp[];
  /** The scheduler API's base URL the app is built with (appConfig.schedulerApiUrl). */
  schedulerApiUrl: string;
  /**
   * The compiled message catalogs (issue 21): matches the `.po` module of a language's part, the
   * language in group 1 and the part in group 2 (vite.config.ts).
   */
  catalogs?: RegExp;
}

/** `.vite/booking-preload.json`: what the server announces in a booking page's HTML. */
export interface BookingPreloadManifest {
  schedulerApiUrl: string;
  /** Per step: the files (absolute paths) of its code the entry does not already load. */
  steps: Record<string, string[]>;
  /**
   * Per language and part ('start', 'booking'): the files of its compiled catalog, so the server can
   * preload the likely language's catalogs with the page's code (from `?lang=` and Accept-Language)
   * instead of the entry asking for them once it has run.
   */
  catalogs: Record<string, Record<string, string[]>>;
}

interface ChunkLike {
  fileName: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
}

/**
 * Writes the files each booking step needs beyond the entry's (its screen chunk, the API contract and
 * what they import statically), so the server can list them as `<link rel="modulepreload">` in the
 * page's HTML: the browser then fetches them with the entry instead of after it has run.
 */
export function bookingPreload(options: BookingPreloadOptions): Plugin {
  return {
    name: 'scheduler:booking-preload',
    apply: 'build',
    enforce: 'post',
    async writeBundle(outputOptions, bundle) {
      const outDir = outputOptions.dir;
      if (!outDir) return;
      const chunks = new Map<string, ChunkLike>();
      for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
      const closure = (start: string[], into = new Set<string>()): Set<string> => {
        const visit = (fileName: string): void => {
          if (into.has(fileName) || !chunks.has(fileName)) return;
          into.add(fileName);
          chunks.get(fileName)?.imports.forEach(visit);
        };
        start.forEach(visit);
        return into;
      };
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) return;
      const loadedByEntry = closure([entry.fileName]);
      const chunkOf = (pattern: RegExp): string[] =>
        [...chunks.values()]
          // The chunk of the module (Rolldown leaves facadeModuleId empty for some dynamic entries).
          .filter((chunk) =>
            chunk.facadeModuleId !== null
              ? pattern.test(chunk.facadeModuleId)
              : chunk.moduleIds.some((id) => pattern.test(id)),
          )
          .map((chunk) => chunk.fileName);
      const shared = options.shared.flatMap(chunkOf);
      const sharedFiles = Object.values(bundle)
        .filter(
          (item) =>
            item.type === 'asset' &&
            (options.sharedFiles ?? []).some((pattern) => pattern.test(item.fileName)),
        )
        .map((item) => `/${item.fileName}`);
      const steps: Record<string, string[]> = {};
      for (const [step, patterns] of Object.entries(options.steps)) {
        const files = closure([...patterns.flatMap(chunkOf), ...shared]);
        steps[step] = [
          ...[...files].filter((file) => !loadedByEntry.has(file)).map((file) => `/${file}`),
          ...sharedFiles,
        ];
      }
      const catalogs: Record<string, Record<string, string[]>> = {};
      if (options.catalogs !== undefined) {
        const pattern = options.catalogs;
        for (const chunk of chunks.values()) {
          const match = chunk.moduleIds.map((id) => pattern.exec(id)).find((found) => found !== null);
          const [, locale, part] = match ?? [];
          if (locale === undefined || part === undefined) continue;
          const files = [...closure([chunk.fileName])].filter((file) => !loadedByEntry.has(file));
          (catalogs[locale] ??= {})[part] = files.map((file) => `/${file}`);
        }
      }
      const manifest: BookingPreloadManifest = { schedulerApiUrl: options.schedulerApiUrl, steps, catalogs };
      await mkdir(path.join(outDir, '.vite'), { recursive: true });
      await writeFile(path.join(outDir, '.vite', 'booking-preload.json'), JSON.stringify(manifest, null, 2));
    },
  };
}
