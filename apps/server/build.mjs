// Bundles the server and its CLIs into apps/server/dist/*.js (ESM, Node 20).
// npm packages stay external (installed in node_modules, including native better-sqlite3),
// except @scheduler/* workspace packages, which are TypeScript source and must be bundled.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');

const entryPoints = {
  main: 'src/main.ts',
  'migrate-cli': 'src/platform/db/migrate-cli.ts',
  'seed-cli': 'src/platform/db/seed/seed-cli.ts',
  'create-owner-cli': 'src/create-owner-cli.ts',
  'generate-cli': 'tools/generate/generate-cli.ts',
};

/** Bare imports (packages, node: builtins) are external, except the workspace packages. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@scheduler/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
await build({
  absWorkingDir: here,
  entryPoints: Object.fromEntries(
    Object.entries(entryPoints).map(([name, file]) => [name, path.join(here, file)]),
  ),
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // No code splitting: every bundle sits directly in dist/, which config.ts relies on to
  // find the repository root (two folders up from the running file).
  splitting: false,
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalPackages],
  // Some CommonJS dependencies call require(); give ESM output a real one.
  banner: {
    js: "import { createRequire as __schedulerCreateRequire } from 'node:module'; const require = __schedulerCreateRequire(import.meta.url);",
  },
});
console.info(
  `Built ${Object.keys(entryPoints)
    .map((name) => `dist/${name}.js`)
    .join(', ')} in ${Date.now() - started} ms`,
);
