// Builds the widget loader into dist/embed.js: one minified classic script (no module, no
// dependencies) that practices include with <script src=".../embed.js" data-…>.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
mkdirSync(path.join(here, 'dist'), { recursive: true });
const result = await build({
  absWorkingDir: here,
  entryPoints: [path.join(here, 'src/entry.ts')],
  outfile: path.join(here, 'dist/embed.js'),
  bundle: true,
  format: 'iife',
  platform: 'browser',
  // Practices' visitors use all sorts of browsers: nothing newer than 2020 syntax.
  target: ['es2020', 'chrome80', 'firefox78', 'safari14'],
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs)[0]?.bytes ?? 0;
console.info(`Built packages/embed/dist/embed.js (${bytes} bytes)`);
