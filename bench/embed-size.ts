// The widget loader's size: raw, gzip and brotli, against its budget (3 KB gzipped, issue 5).
// Builds packages/embed first, so the figure is that of the source in the tree.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const BUDGET_GZIP_BYTES = 3 * 1024;
const root = path.resolve(import.meta.dirname, '..');
const built = spawnSync(process.execPath, [path.join(root, 'packages/embed/build.mjs')], {
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(built.status ?? 1);

const script = readFileSync(path.join(root, 'packages/embed/dist/embed.js'));
const gzip = gzipSync(script, { level: 9 }).length;
const brotli = brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

console.log(`embed.js raw      ${String(script.length).padStart(6)} B  (${kb(script.length)})`);
console.log(`embed.js gzip -9  ${String(gzip).padStart(6)} B  (${kb(gzip)})`);
console.log(`embed.js brotli   ${String(brotli).padStart(6)} B  (${kb(brotli)})`);
console.log(
  `budget            ${String(BUDGET_GZIP_BYTES).padStart(6)} B gzipped: ${((gzip / BUDGET_GZIP_BYTES) * 100).toFixed(0)}% used, ` +
    (gzip <= BUDGET_GZIP_BYTES ? 'within budget' : 'OVER BUDGET'),
);
