/**
 * Issue 22: one availability engine on the server. Scans every file of apps/server/src and checks
 * that engine.ts is the only one importing the domain's engine modules, that every file calling
 * an engine function takes it from engine.ts (or, from another context, from the scheduling
 * context's index.ts, which re-exports engine.ts), and that the booking, manage, slot-search,
 * staff-booking and waitlist paths that exist do so (the schedule view, when it judges slots, too).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../..');
const scheduling = path.join(src, 'contexts/scheduling');
const engineSite = path.join(scheduling, 'engine.ts');
const schedulingIndex = path.join(scheduling, 'index.ts');
const domainAvailability = path.resolve(src, '../../../packages/domain/src/availability');

/** The domain modules that compute availability (the engine proper, not its types or helpers). */
const ENGINE_MODULES = ['compute-availability', 'free-days', 'slot-scan', 'engine-input'];
/** The functions engine.ts hands out. */
const ENGINE_FUNCTIONS = [
  'computeAvailability',
  'computeFreeDays',
  'isSlotBookable',
  'resolveSlotStepMinutes',
];

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name)) files.push(full);
  }
  return files.sort();
}

interface ImportStatement {
  specifier: string;
  /** Names imported or re-exported by name (empty for `import * as`, side-effect or dynamic imports). */
  names: string[];
}

/** Every static import, re-export and dynamic import of a file's text. */
function importsOf(text: string): ImportStatement[] {
  const found: ImportStatement[] = [];
  const named = /\b(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
  for (const match of text.matchAll(named)) {
    const names = (match[1] ?? '')
      .split(',')
      .map(
        (part) =>
          part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0] ?? '',
      )
      .filter((name) => name !== '');
    found.push({ specifier: match[2] ?? '', names });
  }
  const other =
    /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\bimport\s+['"]([^'"]+)['"]/g;
  for (const match of text.matchAll(other)) {
    const specifier = match[1] ?? match[2] ?? match[3] ?? '';
    if (!found.some((statement) => statement.specifier === specifier)) found.push({ specifier, names: [] });
  }
  return found;
}

/** The file an import names, when it is the domain package or a relative path. */
function resolveImport(file: string, specifier: string): string | undefined {
  if (specifier.startsWith('@scheduler/domain/'))
    return path.join(domainAvailability, '..', `${specifier.slice('@scheduler/domain/'.length)}.ts`);
  if (specifier.startsWith('.')) return path.resolve(path.dirname(file), specifier);
  return undefined;
}

function isDomainEngineModule(resolved: string | undefined): boolean {
  if (resolved === undefined) return false;
  const relative = path.relative(domainAvailability, resolved).replace(/\.ts$/, '');
  return ENGINE_MODULES.includes(relative);
}

/** The engine functions a file calls. */
function engineCallsOf(text: string): string[] {
  return ENGINE_FUNCTIONS.filter((name) => new RegExp(`\\b${name}\\s*[(<]`).test(text));
}

const files = sourceFiles(src).filter((file) => file !== path.join(scheduling, 'engine-site.test.ts'));
const texts = new Map(files.map((file) => [file, fs.readFileSync(file, 'utf8')]));

/** Whether `file` takes `name` from the engine site (directly, or through the scheduling index). */
function takesFromEngineSite(file: string, name: string): boolean {
  return importsOf(texts.get(file) ?? '').some((statement) => {
    if (!statement.names.includes(name)) return false;
    const resolved = resolveImport(file, statement.specifier);
    return resolved === engineSite || resolved === schedulingIndex;
  });
}

describe('the server has one engine site (issue 22)', () => {
  it('finds the files it scans, engine.ts among them', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files).toContain(engineSite);
  });

  it('engine.ts is the only importer of the domain engine modules', () => {
    const importers = files.filter((file) =>
      importsOf(texts.get(file) ?? '').some((statement) =>
        isDomainEngineModule(resolveImport(file, statement.specifier)),
      ),
    );
    expect(importers.map((file) => path.relative(src, file))).toEqual(['contexts/scheduling/engine.ts']);
  });

  it('the scheduling index re-exports what other contexts use from engine.ts', () => {
    const fromEngine = importsOf(texts.get(schedulingIndex) ?? '').filter(
      (statement) => resolveImport(schedulingIndex, statement.specifier) === engineSite,
    );
    const names = fromEngine.flatMap((statement) => statement.names);
    expect(names).toEqual(expect.arrayContaining(['isSlotBookable', 'resolveSlotStepMinutes']));
  });

  it('every file calling an engine function takes it from the engine site', () => {
    const offenders: string[] = [];
    for (const file of files) {
      if (file === engineSite || file.includes('.test.')) continue;
      for (const name of engineCallsOf(texts.get(file) ?? ''))
        if (!takesFromEngineSite(file, name)) offenders.push(`${path.relative(src, file)}: ${name}`);
    }
    expect(offenders).toEqual([]);
  });

  it('the booking, manage, slot search, staff booking and waitlist paths use it', () => {
    // Each path that exists judges slots through the engine site (at least one of its files).
    const paths: Record<string, string> = {
      booking: 'contexts/scheduling/booking',
      manage: 'contexts/scheduling/manage',
      'slot search': 'contexts/scheduling/slot-search',
      'staff booking': 'contexts/scheduling/staff-booking',
      waitlist: 'contexts/waitlist',
    };
    const usersIn = (folder: string): string[] =>
      files.filter(
        (file) =>
          file.startsWith(path.join(src, folder) + path.sep) &&
          !file.includes('.test.') &&
          engineCallsOf(texts.get(file) ?? '').some((name) => takesFromEngineSite(file, name)),
      );
    const existing = Object.entries(paths).filter(([, folder]) => fs.existsSync(path.join(src, folder)));
    expect(existing.map(([name]) => name)).toEqual(
      expect.arrayContaining(['booking', 'manage', 'slot search', 'waitlist']),
    );
    for (const [name, folder] of existing) expect(usersIn(folder).length, name).toBeGreaterThan(0);
    // The slot search computes by days through the site, the booking re-checks through it.
    expect(
      takesFromEngineSite(path.join(src, 'contexts/scheduling/slot-search/engine-run.ts'), 'computeFreeDays'),
    ).toBe(true);
    expect(
      takesFromEngineSite(
        path.join(src, 'contexts/scheduling/booking/book-appointment.ts'),
        'isSlotBookable',
      ),
    ).toBe(true);
    // The schedule view shows hours and appointments; whichever of its files judge slots (if any)
    // take the engine from the site (the rule above covers it).
  });

  it('catches a planted direct import of the domain engine', () => {
    const planted =
      "import { computeAvailability } from '@scheduler/domain/availability/compute-availability';";
    const file = path.join(scheduling, 'booking/planted.ts');
    expect(importsOf(planted).some((s) => isDomainEngineModule(resolveImport(file, s.specifier)))).toBe(true);
    const relative =
      "import { computeFreeDays } from '../../../../../../packages/domain/src/availability/free-days.ts';";
    expect(importsOf(relative).some((s) => isDomainEngineModule(resolveImport(file, s.specifier)))).toBe(
      true,
    );
  });
});
