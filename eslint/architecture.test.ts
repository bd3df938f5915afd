/**
 * Plants one violation of each architecture rule (eslint/architecture.js) in the real tree, lints
 * it with the project's own ESLint configuration, and checks that the rule reports it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const planted: string[] = [];

function plant(relative: string, text: string): string {
  const file = path.join(root, relative);
  fs.writeFileSync(file, text);
  planted.push(file);
  return file;
}

afterEach(() => {
  for (const file of planted.splice(0)) fs.rmSync(file, { force: true });
});

/** The first folder of `parent` (sorted) that has a file other than index.ts, and that file. */
function someInternalFile(parent: string, except: readonly string[] = []): { folder: string; file: string } {
  const dir = path.join(root, parent);
  for (const folder of fs.readdirSync(dir).sort()) {
    if (except.includes(folder) || !fs.statSync(path.join(dir, folder)).isDirectory()) continue;
    const file = fs
      .readdirSync(path.join(dir, folder))
      .sort()
      .find((name) => /\.tsx?$/.test(name) && name !== 'index.ts' && !name.includes('.test.'));
    if (file !== undefined) return { folder, file };
  }
  throw new Error(`no folder with an internal file under ${parent}`);
}

async function ruleIdsOf(files: string[]): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const results = await eslint.lintFiles(files);
  return results.flatMap((result) => result.messages.map((message) => message.ruleId ?? 'fatal'));
}

describe('the architecture rules catch planted violations', () => {
  it('a context that reaches into another context', async () => {
    const target = someInternalFile('apps/server/src/contexts');
    const other = fs
      .readdirSync(path.join(root, 'apps/server/src/contexts'))
      .find((name) => name !== target.folder);
    const file = plant(
      `apps/server/src/contexts/${other}/planted-boundary.ts`,
      `export * from '../${target.folder}/${target.file}';\n`,
    );
    expect(await ruleIdsOf([file])).toContain('import-x/no-restricted-paths');
  });

  it('platform/ importing a context', async () => {
    const file = plant(
      'apps/server/src/platform/planted-upward.ts',
      `export * from '../contexts/${someInternalFile('apps/server/src/contexts').folder}/index.ts';\n`,
    );
    expect(await ruleIdsOf([file])).toContain('import-x/no-restricted-paths');
  });

  it('an import cycle', async () => {
    const a = plant(
      'apps/server/src/platform/planted-cycle-a.ts',
      "import { b } from './planted-cycle-b.ts';\nexport const a = (): number => b() + 1;\n",
    );
    plant(
      'apps/server/src/platform/planted-cycle-b.ts',
      "import { a } from './planted-cycle-a.ts';\nexport const b = (): number => (a.length > 0 ? 1 : 0);\n",
    );
    expect(await ruleIdsOf([a])).toContain('import-x/no-cycle');
  });

  it('a web feature importing app/', async () => {
    const appFile = fs
      .readdirSync(path.join(root, 'apps/web/src/app'))
      .find((name) => /\.tsx?$/.test(name) && !name.includes('.test.'));
    const file = plant(
      'apps/web/src/features/booking/planted-upward.ts',
      `export * from '../../app/${appFile}';\n`,
    );
    expect(await ruleIdsOf([file])).toContain('import-x/no-restricted-paths');
  });

  it('an admin area importing another area', async () => {
    const target = someInternalFile('apps/web/src/features/admin', ['shared']);
    const other = fs
      .readdirSync(path.join(root, 'apps/web/src/features/admin'), { withFileTypes: true })
      .find((entry) => entry.isDirectory() && entry.name !== target.folder && entry.name !== 'shared');
    const file = plant(
      `apps/web/src/features/admin/${other?.name}/planted-sideways.ts`,
      `export * from '../${target.folder}/${target.file}';\n`,
    );
    expect(await ruleIdsOf([file])).toContain('import-x/no-restricted-paths');
  });

  it("an admin area importing another area's file that is not public by contract", async () => {
    // Issue 19: the status actions are public to the other areas; the rest of patients/ is not.
    const allowed = plant(
      'apps/web/src/features/admin/audit/planted-public.ts',
      `export { StatusActions } from '../patients/status-actions';\n`,
    );
    const refused = plant(
      'apps/web/src/features/admin/audit/planted-private.ts',
      `export * from '../patients/status-options';\n`,
    );
    expect(await ruleIdsOf([allowed])).not.toContain('import-x/no-restricted-paths');
    expect(await ruleIdsOf([refused])).toContain('import-x/no-restricted-paths');
  });

  it('a file over 400 lines and a function over 120 lines', async () => {
    const body = Array.from({ length: 125 }, (_, i) => `  total += ${i};`).join('\n');
    const filler = Array.from({ length: 280 }, (_, i) => `export const c${i} = ${i};`).join('\n');
    const file = plant(
      'apps/server/src/platform/planted-size.ts',
      `export function long(): number {\n  let total = 0;\n${body}\n  return total;\n}\n${filler}\n`,
    );
    const ids = await ruleIdsOf([file]);
    expect(ids).toContain('max-lines');
    expect(ids).toContain('max-lines-per-function');
  });
});
