import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');
export const resultsDir = path.join(repoRoot, 'bench', 'results');
export const docsDir = path.join(repoRoot, 'docs');
export const serverDist = path.join(repoRoot, 'apps', 'server', 'dist');
