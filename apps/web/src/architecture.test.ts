import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Import boundaries of the web app (docs/architecture.md; ESLint enforces the same rules: eslint/architecture.js):
 * shared (lib, components) → features → app; features never import each other.
 */

const SRC = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

interface ImportRef {
  from: string;
  target: string;
  dynamic: boolean;
  typeOnly: boolean;
}

const IMPORT =
  /(import\s+type\s[^'"]*?from\s*|import\s[^'"]*?from\s*|import\s*\(\s*|export\s[^'"]*?from\s*|import\s*)['"]([^'"]+)['"]/g;

function importsOf(file: string): ImportRef[] {
  const text = readFileSync(file, 'utf8');
  const refs: ImportRef[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const [, head = '', specifier = ''] = match;
    if (!specifier.startsWith('.')) continue;
    refs.push({
      from: path.relative(SRC, file),
      target: path.relative(SRC, path.resolve(path.dirname(file), specifier)),
      dynamic: head.trimStart().startsWith('import(') || /^import\s*\($/.test(head.trim()),
      typeOnly: head.startsWith('import type'),
    });
  }
  return refs;
}

const files = sourceFiles(SRC).filter((file) => !/\.test\.tsx?$/.test(file));
const refs = files.flatMap(importsOf);
const area = (relative: string): string =>
  relative
    .split(path.sep)
    .slice(0, relative.startsWith('features') ? 2 : 1)
    .join('/');

describe('import boundaries', () => {
  it('finds the source files and their imports', () => {
    expect(files.length).toBeGreaterThan(30);
    expect(refs.length).toBeGreaterThan(30);
  });

  it('features never import another feature', () => {
    // …except through its public entry, features/<name>/index.ts (the widget uses the booking's).
    const publicEntry = (target: string) =>
      target === area(target) || target === path.join(area(target), 'index');
    const crossing = refs.filter(
      (ref) =>
        ref.from.startsWith('features') &&
        ref.target.startsWith('features') &&
        area(ref.from) !== area(ref.target) &&
        !publicEntry(ref.target),
    );
    expect(crossing).toEqual([]);
  });

  it('shared code (lib, components) imports no feature and no app code', () => {
    const upward = refs.filter(
      (ref) =>
        (ref.from.startsWith('lib') || ref.from.startsWith('components')) &&
        (ref.target.startsWith('features') || ref.target.startsWith('app')),
    );
    expect(upward).toEqual([]);
  });

  it('features take from app/ only the slices and the typed hooks', () => {
    const allowed = (target: string) =>
      target.startsWith(path.join('app', 'slices')) || target === path.join('app', 'hooks');
    const wrong = refs.filter(
      (ref) => ref.from.startsWith('features') && ref.target.startsWith('app') && !allowed(ref.target),
    );
    expect(wrong).toEqual([]);
  });

  it('admin code is reached only through the router, by dynamic import', () => {
    const admin = path.join('features', 'admin');
    // features/admin/state (the admin slices) is composed by app/store.ts like every feature's state
    const adminState = path.join(admin, 'state');
    const intoAdmin = refs.filter(
      (ref) =>
        ref.target.startsWith(admin) && !ref.target.startsWith(adminState) && !ref.from.startsWith(admin),
    );
    expect(intoAdmin.length).toBeGreaterThan(0);
    // The router's table of admin screens (app/admin-screens.tsx, lazy so the booking page loads none of it).
    const routerFiles = new Set([path.join('app', 'router.tsx'), path.join('app', 'admin-screens.tsx')]);
    expect(intoAdmin.filter((ref) => !routerFiles.has(ref.from) || !ref.dynamic)).toEqual([]);
  });

  it('only lib/config reads the build environment', () => {
    const readers = files
      .filter((file) => /import\.meta\.env\b/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(readers).toEqual([path.join('lib', 'config.ts')]);
  });

  it('names files in kebab-case', () => {
    const badNames = sourceFiles(SRC)
      .map((file) => path.basename(file))
      .filter((name) => !/^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z]+)*\.tsx?$/.test(name));
    expect(badNames).toEqual([]);
  });
});
