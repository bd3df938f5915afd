// @ts-check
/**
 * The architecture rules that ESLint enforces (docs/architecture.md explains them):
 * - server: platform/ imports nothing from contexts/; a context imports another only through its
 *   index.ts; src/ never imports tools/;
 * - web: features never import app/ or each other's internals (only a feature's index.ts); lib/ and
 *   components/ import neither app/ nor features/; an admin area imports another area only through
 *   admin/shared/;
 * - packages: domain imports neither contract nor an app; contract imports no app;
 * - no import cycles anywhere;
 * - size: no source file over 400 lines, no function over 120 (tests, migrations aside).
 * `architecture.test.ts` (apps/server/src) plants violations and checks that each is caught.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const root = path.resolve(import.meta.dirname, '..');

/** The sub-folders of a folder (none when it does not exist). */
function foldersOf(relative) {
  const dir = path.join(root, relative);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * For each folder `y` of `parent`: the other folders may import from `y` only its public entry
 * (`index.ts`, or none at all when `publicEntry` is empty).
 */
function siblingZones(
  parent,
  { publicEntry = ['./index.ts'], publicFiles = {}, message, exceptFolders = [] },
) {
  const folders = foldersOf(parent);
  return folders
    .filter((y) => !exceptFolders.includes(y))
    .map((y) => ({
      target: folders.filter((x) => x !== y).map((x) => `./${parent}/${x}`),
      from: `./${parent}/${y}`,
      except: publicFiles[y] ?? publicEntry,
      message: message.replace('{from}', y),
    }))
    .filter((zone) => zone.target.length > 0);
}

/**
 * Files of an admin area that other areas use by contract (issue 19, session 9 contracts 3 and 5):
 * the front desk's dialogs and move hook (Schedule, patient page) and the status actions (Schedule).
 */
const adminPublicFiles = {
  'front-desk': [
    './new-appointment-dialog.tsx',
    './reschedule-dialog.tsx',
    './cancel-dialog.tsx',
    './front-desk-api.ts',
  ],
  patients: ['./status-actions.tsx', './patient-paths.ts'],
};

const server = 'apps/server/src';
const web = 'apps/web/src';

const serverZones = [
  {
    target: `./${server}/platform`,
    from: `./${server}/contexts`,
    message: 'platform/ is the floor under the contexts: it imports nothing from contexts/.',
  },
  {
    target: `./${server}`,
    from: './apps/server/tools',
    message: 'The product (src/) never imports the tools (safety harnesses, generators).',
  },
  {
    target: [`./${server}/app.ts`, `./${server}/main.ts`],
    from: `./${server}/contexts`,
    except: foldersOf(`${server}/contexts`).map((context) => `./${context}/index.ts`),
    message: 'The composition root registers each context through its index.ts only.',
  },
  ...siblingZones(`${server}/contexts`, {
    message: "A context imports another only through its public entry: import '../{from}/index.ts'.",
  }),
];

const webZones = [
  {
    target: `./${web}/features`,
    from: `./${web}/app`,
    message: 'Features never import app/: app/ composes the features.',
  },
  {
    target: [`./${web}/lib`, `./${web}/components`],
    from: [`./${web}/app`, `./${web}/features`],
    message: 'lib/ and components/ are shared: they import neither app/ nor features/.',
  },
  ...siblingZones(`${web}/features`, {
    message: "Features do not import each other's internals; use features/{from}/index.ts.",
  }),
  ...siblingZones(`${web}/features/admin`, {
    publicEntry: [],
    publicFiles: adminPublicFiles,
    // admin/state holds the admin slices and their typed hooks (composed by app/store.ts)
    exceptFolders: ['shared', 'state'],
    message: 'An admin area imports another area only through admin/shared/ ({from} is another area).',
  }),
];

const packageZones = [
  {
    target: './packages/domain',
    from: ['./packages/contract', './apps'],
    message: 'packages/domain holds the rules: it imports neither the wire contract nor an app.',
  },
  {
    target: './packages/contract',
    from: './apps',
    message: 'packages/contract is shared by the apps: it imports none of them.',
  },
];

export const architectureRules = {
  'import-x/no-restricted-paths': ['error', { zones: [...serverZones, ...webZones, ...packageZones] }],
  'import-x/no-cycle': ['error', { ignoreExternal: true }],
};

export const sizeRules = {
  'max-lines': ['error', { max: 400 }],
  'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true, IIFEs: true }],
};

/** Flat-config entries: the import rules on all source, the size rules on product source. */
export const architectureConfig = [
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      // no-cycle parses the imported modules too: with the TypeScript parser.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: architectureRules,
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'apps/server/tools/**/*.ts', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/migrations/**'],
    rules: sizeRules,
  },
];
