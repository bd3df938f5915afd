import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');
export const resultsDir = path.join(repoRoot, 'bench', 'results');
export const docsDir = path.join(repoRoot, 'docs');
/** The built server; BENCH_SERVER_DIST runs another build (e.g. a copy kept from before a change). */
export const serverDist = process.env.BENCH_SERVER_DIST
  ? path.resolve(process.env.BENCH_SERVER_DIST)
  : path.join(repoRoot, 'apps', 'server', 'dist');
