/*
 * Issue 8, item 4 (fast version): every exported zod schema of packages/domain survives any input,
 * and every route of the route table survives 20 hostile requests: no 5xx, the one error shape for
 * every 4xx, and no row written by a refused request. `npm run safety:fuzz` runs ≥ 1,000 per route.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { repoRoot } from '../config.ts';
import { testDatabases } from '../test/test-db.ts';
import { fuzzRoutes, hostileValue } from './fuzz.ts';
import { createSafetyFixture } from './safety-fixture.ts';
import type { SafetyFixture } from './safety-fixture.ts';

vi.mock(import('../modules/auth/password.ts'), async (original) =>
  (await import('./fast-passwords.ts')).fastPasswords(original),
);

const CASES_PER_ROUTE = 20;

interface Parser {
  safeParse(value: unknown): unknown;
}

function isParser(value: unknown): value is Parser {
  return (
    typeof value === 'object' &&
    value !== null &&
    '_zod' in value &&
    typeof (value as { safeParse?: unknown }).safeParse === 'function'
  );
}

describe('the shared zod schemas', () => {
  it('answer any input with a result, never an exception', async () => {
    const folder = path.join(repoRoot, 'packages', 'domain', 'src', 'schemas');
    const files = readdirSync(folder).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    const schemas: [string, Parser][] = [];
    for (const file of files) {
      const module = (await import(pathToFileURL(path.join(folder, file)).href)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module))
        if (isParser(value)) schemas.push([`${file}:${name}`, value]);
    }
    expect(schemas.length).toBeGreaterThan(50);
    const input = fc.oneof(fc.anything({ maxDepth: 3 }), hostileValue, fc.jsonValue({ maxDepth: 3 }));
    for (const [name, schema] of schemas) {
      fc.assert(
        fc.property(input, (value) => {
          expect(() => schema.safeParse(value), name).not.toThrow();
        }),
        { numRuns: 60, seed: 8 },
      );
    }
  });
});

describe.each(testDatabases())('hostile requests to every route on $name', (target) => {
  let f: SafetyFixture;

  beforeAll(async () => {
    f = await createSafetyFixture(target);
  });
  afterAll(async () => {
    await f?.close();
  });

  it(`answer ${CASES_PER_ROUTE} cases per route without a 5xx, with the error shape and without writing on refusal`, async () => {
    const report = await fuzzRoutes(f, { casesPerRoute: CASES_PER_ROUTE, seed: 20_261_125 });
    expect(report.failures).toEqual([]);
    expect(report.serverErrors).toBe(0);
    expect(report.routes).toBe(f.catalogue.routes.length);
    expect(report.clientErrors).toBeGreaterThan(report.cases / 3);
  });
});
