/*
 * npm run safety:authz
 *
 * The access matrix of the running app, measured: every route of the route table called
 * anonymously, as each brightsmile role (owner, admin, staff, viewer) and as an owner of northside
 * only, with a valid request for brightsmile's objects. Prints route × caller (✓ allowed, · refused
 * 403, 401) and every cell that disagrees with roles.ts; exits 1 when one does. SQLite, and
 * PostgreSQL too when TEST_DATABASE_URL is set. The same rules are asserted in npm test by
 * route-guards.test.ts (with cross-brand ids, CSRF and audit on top).
 */
import { roleHasPermission } from '@scheduler/domain/roles';
import { testDatabases } from '../../src/test/test-db.ts';
import { anonymous, bearer, call, describeAnswer } from './route-calls.ts';
import type { Caller } from './route-calls.ts';
import { STAFF_ROLES, createSafetyFixture } from './safety-fixture.ts';
import type { SessionName } from './safety-fixture.ts';
import { sampleFor } from './sample-requests.ts';

let failed = false;
for (const target of testDatabases()) {
  const f = await createSafetyFixture(target);
  try {
    const callers: [string, Caller][] = [
      ['anon', anonymous],
      ...STAFF_ROLES.map((role): [string, Caller] => [role, bearer(f.logins[role])]),
      ['northside', bearer(f.logins.northsideOwner)],
    ];
    const mismatches: string[] = [];
    const lines: string[] = [];
    const width = Math.max(...f.catalogue.routes.map((route) => route.key.length));
    lines.push(
      `${'route'.padEnd(width)}  ${'needs'.padEnd(15)} ${callers.map(([name]) => name.padEnd(9)).join(' ')}`,
    );
    // Sign-out would end the sessions the matrix uses: it is checked by the tests.
    for (const route of f.catalogue.routes.filter((r) => r.key !== 'POST /api/config/logout')) {
      const needs = route.access.kind === 'staff' ? route.access.permission : route.access.kind;
      const cells: string[] = [];
      for (const [name, caller] of callers) {
        // Changes work on fresh records (victims), and a note is edited by its author.
        const sample = await sampleFor(f, route, {
          brand: f.brands.brightsmile,
          mode: route.unsafe || route.pathParams.length > 0 ? 'success' : 'probe',
          ...(name === 'anon'
            ? {}
            : { caller: name === 'northside' ? 'northsideOwner' : (name as SessionName) }),
        });
        const response = await call(f.app, route, sample.parts, caller);
        const status = response.statusCode;
        const cell = status === 401 ? '401' : status === 403 ? '·' : status >= 500 ? `${status}!` : '✓';
        cells.push(cell.padEnd(9));
        let expected: 'allow' | 'deny' | 'unauthenticated';
        if (route.access.kind === 'public') expected = 'allow';
        else if (name === 'anon') expected = 'unauthenticated';
        else if (route.access.kind === 'session')
          // A brand switch to a brand the user does not belong to is refused.
          expected = name === 'northside' && sample.parts.query.clientId !== undefined ? 'deny' : 'allow';
        else if (name === 'northside') expected = 'deny';
        else
          expected = roleHasPermission(name as (typeof STAFF_ROLES)[number], route.access.permission)
            ? 'allow'
            : 'deny';
        const actual = status === 401 ? 'unauthenticated' : status === 403 ? 'deny' : 'allow';
        const publicRefusal = route.access.kind === 'public' && status === 401;
        if (status >= 500 || (actual !== expected && !publicRefusal)) {
          mismatches.push(`${route.key} as ${name}: ${describeAnswer(response)}, expected ${expected}`);
        }
      }
      lines.push(`${route.key.padEnd(width)}  ${needs.padEnd(15)} ${cells.join(' ')}`);
    }
    console.info(`\nAccess matrix on ${target.name} (✓ allowed, · 403, 401 signed out)\n`);
    for (const line of lines) console.info(line);
    console.info(`\n${f.catalogue.routes.length} routes, ${mismatches.length} disagreements with roles.ts`);
    if (f.catalogue.unclassified.length > 0) {
      console.info(
        `Unclassified routes (no guard, not in public-routes.ts): ${f.catalogue.unclassified.join(', ')}`,
      );
      failed = true;
    }
    for (const mismatch of mismatches) console.info(`  FAIL ${mismatch}`);
    if (mismatches.length > 0) failed = true;
  } finally {
    await f.close();
  }
}
process.exit(failed ? 1 : 0);
