import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export interface LandingBudgetOptions {
  /** Matches the module id of the landing screen (the dynamic entry of its chunk). */
  landingModule: RegExp;
  /** Module ids that must never be loaded by the landing page (admin code). */
  forbiddenModules: RegExp;
  /** Target for all JS the landing page loads, gzipped. */
  maxGzipBytes: number;
  /** true: going over the target fails the build; false: it is a warning. */
  failOverBudget: boolean;
  /**
   * Issue 21: each language's first catalog (matched on the chunk's module id), loaded before the
   * landing paints in that language. The budget holds in every language: base + that catalog.
   */
  firstCatalogs?: Record<string, RegExp>;
}

interface ChunkInfo {
  fileName: string;
  imports: string[];
  moduleIds: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
}

export interface LandingBudgetReport {
  files: { fileName: string; bytes: number; gzipBytes: number }[];
  /** The largest language's total (base files + its first catalog), what the budget checks. */
  totalBytes: number;
  totalGzipBytes: number;
  maxGzipBytes: number;
  /** Per language: its first catalog's chunk and the landing's total with it. */
  languages: Record<
    string,
    { catalog: string; catalogGzipBytes: number; totalGzipBytes: number; totalBytes: number }
  >;
}

/**
 * Reports the JS (gzipped) a booking landing page loads: the entry chunk, the landing screen's
 * chunk, and every chunk those import statically. Fails the build when any admin module is among
 * them; going over the size target warns, or fails with `failOverBudget`. Writes the figures to
 * `.vite/landing-budget.json`.
 */
export function landingBudget(options: LandingBudgetOptions): Plugin {
  return {
    name: 'scheduler:landing-budget',
    apply: 'build',
    enforce: 'post',
    // measured from the files written, so the figures are what a browser downloads
    async writeBundle(outputOptions, bundle) {
      const outDir = outputOptions.dir;
      if (!outDir) return;
      const chunks = new Map<string, ChunkInfo>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') chunks.set(item.fileName, item);
      }
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      const landing = [...chunks.values()].find(
        (chunk) => chunk.facadeModuleId !== null && options.landingModule.test(chunk.facadeModuleId),
      );
      if (!entry || !landing) {
        this.error(
          `landing budget: entry or landing chunk not found (landing module ${String(options.landingModule)})`,
        );
      }

      const loaded = new Set<string>();
      const visit = (fileName: string): void => {
        if (loaded.has(fileName)) return;
        const chunk = chunks.get(fileName);
        if (!chunk) return;
        loaded.add(fileName);
        chunk.imports.forEach(visit);
      };
      visit(entry.fileName);
      visit(landing.fileName);

      const files = await Promise.all(
        [...loaded].map(async (fileName) => {
          const code = await readFile(path.join(outDir, fileName));
          return { fileName, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length };
        }),
      );
      const baseBytes = files.reduce((sum, file) => sum + file.bytes, 0);
      const baseGzipBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);
      const languages: LandingBudgetReport['languages'] = {};
      for (const [language, pattern] of Object.entries(options.firstCatalogs ?? {})) {
        const catalog = [...chunks.values()].find((chunk) => chunk.moduleIds.some((id) => pattern.test(id)));
        if (!catalog)
          this.error(`landing budget: no chunk holds the ${language} first catalog (${String(pattern)})`);
        const code = await readFile(path.join(outDir, catalog.fileName));
        const catalogGzipBytes = gzipSync(code, { level: 9 }).length;
        languages[language] = {
          catalog: catalog.fileName,
          catalogGzipBytes,
          totalGzipBytes: baseGzipBytes + catalogGzipBytes,
          totalBytes: baseBytes + code.length,
        };
      }
      const heaviest = Object.values(languages).reduce<{ totalBytes: number; totalGzipBytes: number } | null>(
        (max, language) => (max === null || language.totalGzipBytes > max.totalGzipBytes ? language : max),
        null,
      );
      const report: LandingBudgetReport = {
        files,
        totalBytes: heaviest?.totalBytes ?? baseBytes,
        totalGzipBytes: heaviest?.totalGzipBytes ?? baseGzipBytes,
        maxGzipBytes: options.maxGzipBytes,
        languages,
      };
      await mkdir(path.join(outDir, '.vite'), { recursive: true });
      await writeFile(
        path.join(outDir, '.vite', 'landing-budget.json'),
        `${JSON.stringify(report, null, 2)}\n`,
      );

      const leaked = [...loaded].flatMap((fileName) =>
        (chunks.get(fileName)?.moduleIds ?? []).filter((id) => options.forbiddenModules.test(id)),
      );
      if (leaked.length > 0) {
        this.error(`landing budget: the landing page would load admin code: ${leaked.join(', ')}`);
      }
      const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
      const summary = files
        .map((file) => `  ${file.fileName}  ${kb(file.bytes)}  gzip ${kb(file.gzipBytes)}`)
        .join('\n');
      const perLanguage = Object.entries(languages)
        .map(
          ([language, figures]) =>
            `  ${language}: ${kb(figures.totalGzipBytes)} with ${figures.catalog} (gzip ${kb(figures.catalogGzipBytes)})`,
        )
        .join('\n');
      this.info(
        `landing page JS: ${kb(report.totalGzipBytes)} gzipped (budget ${kb(options.maxGzipBytes)})\n${summary}\n${perLanguage}`,
      );
      if (report.totalGzipBytes > options.maxGzipBytes) {
        const message = `landing budget exceeded: ${kb(report.totalGzipBytes)} gzipped > ${kb(options.maxGzipBytes)}`;
        if (options.failOverBudget) this.error(message);
        else this.warn(message);
      }
    },
  };
}
