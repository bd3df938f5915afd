/*
 * npm run safety:authz
 *
 * The access matrix of the running app, measured: every route of the route table called
 * anonymously, as each brightsmile role (owner, admin, staff, viewer) and as an owner of northside
 * only, with a valid request for brightsmile's objects. Prints route × caller (✓ allowed, · refused
 * 403, 401) and every cell that disagrees with roles.ts; exits 1 when one does. Public routes that
 * need a signature (SIGNED_PUBLIC_ROUTES: Twilio's webhooks) are called without it (403 for
 * everyone) and with it (allowed); the partner operations (BEARER_PUBLIC_ROUTES) without their partner
 * token (401 for everyone: a staff session's token is no partner token) and with it. After a route that ends the caller's other sessions, every
 * caller must still be signed in, then signs in again. SQLite, and
 * PostgreSQL too when TEST_DATABASE_URL is set. The same rules are asserted in npm test by
 * route-guards.test.ts (with cross-brand ids, CSRF and audit on top).
 */
import { roleHasPermission } from '@scheduler/domain/roles';
import type { LightMyRequestResponse } from 'fastify';
import { testDatabases } from '../../src/test/test-db.ts';
import { BEARER_PUBLIC_ROUTES, SIGNED_PUBLIC_ROUTES } from './public-routes.ts';
import type { CatalogueRoute } from './route-catalogue.ts';
import { anonymous, bearer, call, describeAnswer } from './route-calls.ts';
import type { Caller } from './route-calls.ts';
import { STAFF_ROLES, createSafetyFixture } from './safety-fixture.ts';
import type { SafetyFixture, SessionName } from './safety-fixture.ts';
import { sampleFor } from './sample-requests.ts';
import type { RequestParts } from './sample-parts.ts';

type Expected = 'allow' | 'deny' | 'unauthenticated';

/**
 * Routes that end sessions of the caller other than the one the request is sent with (issue 15):
 * the row's callers must still be signed in afterwards (checked), then every caller signs in again
 * so later rows are judged with live sessions. DELETE sessions/:sessionId ends a throwaway session
 * of the caller (account-overrides.ts), never the caller's own.
 */
const ENDS_OTHER_SESSIONS = new Set([
  'DELETE /api/config/sessions/:sessionId',
  'POST /api/config/sessions/end-others',
  'POST /api/config/password',
]);

const SESSION_OF: Record<string, SessionName> = {
  owner: 'owner',
  admin: 'admin',
  staff: 'staff',
  viewer: 'viewer',
  northside: 'northsideOwner',
};

function callersOf(f: SafetyFixture): [string, Caller][] {
  return [
    ['anon', anonymous],
    ...STAFF_ROLES.map((role): [string, Caller] => [role, bearer(f.logins[role])]),
    ['northside', bearer(f.logins.northsideOwner)],
  ];
}

function expectedFor(route: CatalogueRoute, name: string, parts: RequestParts): Expected {
  if (route.access.kind === 'public') return 'allow';
  if (name === 'anon') return 'unauthenticated';
  if (route.access.kind === 'session')
    // A brand switch to a brand the user does not belong to is refused.
    return name === 'northside' && parts.query.clientId !== undefined ? 'deny' : 'allow';
  if (name === 'northside') return 'deny';
  return roleHasPermission(name as (typeof STAFF_ROLES)[number], route.access.permission) ? 'allow' : 'deny';
}

const cellOf = (status: number): string =>
  status === 401 ? '401' : status === 403 ? '·' : status >= 500 ? `${status}!` : '✓';
const actualOf = (status: number): Expected =>
  status === 401 ? 'unauthenticated' : status === 403 ? 'deny' : 'allow';

/** The request without the signature header of a signed public route. */
function unsigned(parts: RequestParts, header: string): RequestParts {
  const headers = Object.fromEntries(
    Object.entries(parts.headers ?? {}).filter(([name]) => name.toLowerCase() !== header),
  );
  return { ...parts, headers };
}

/** After a session-ending route: each caller's session must be alive; then all sign in again. */
async function renewSessions(f: SafetyFixture, route: CatalogueRoute, mismatches: string[]): Promise<void> {
  for (const [name, session] of Object.entries(SESSION_OF)) {
    const alive = await f.app.inject({
      method: 'GET',
      url: '/api/config/sessions',
      headers: f.logins[session].bearerHeaders,
    });
    if (alive.statusCode !== 200)
      mismatches.push(
        `${route.key} as ${name} ended the session it was sent with (${describeAnswer(alive)})`,
      );
    f.logins[session] = await f.login(session);
  }
}

let failed = false;
for (const target of testDatabases()) {
  const f = await createSafetyFixture(target);
  try {
    let callers = callersOf(f);
    const mismatches: string[] = [];
    const lines: string[] = [];
    let cases = 0;
    const width = Math.max(...f.catalogue.routes.map((route) => route.key.length));
    lines.push(
      `${'route'.padEnd(width)}  ${'needs'.padEnd(15)} ${callers.map(([name]) => name.padEnd(9)).join(' ')}`,
    );
    const judge = (
      route: CatalogueRoute,
      name: string,
      response: LightMyRequestResponse,
      expected: Expected,
    ) => {
      cases += 1;
      const status = response.statusCode;
      const publicRefusal = route.access.kind === 'public' && expected === 'allow' && status === 401;
      if (status >= 500 || (actualOf(status) !== expected && !publicRefusal)) {
        mismatches.push(`${route.key} as ${name}: ${describeAnswer(response)}, expected ${expected}`);
      }
    };
    // Sign-out would end the sessions the matrix uses: it is checked by the tests.
    for (const route of f.catalogue.routes.filter((r) => r.key !== 'POST /api/config/logout')) {
      const needs = route.access.kind === 'staff' ? route.access.permission : route.access.kind;
      const signatureHeader = SIGNED_PUBLIC_ROUTES.get(route.key);
      const cells: string[] = [];
      for (const [name, caller] of callers) {
        // Changes work on fresh records (victims), and a note is edited by its author.
        const sample = await sampleFor(f, route, {
          brand: f.brands.brightsmile,
          mode: route.unsafe || route.pathParams.length > 0 ? 'success' : 'probe',
          ...(name === 'anon' ? {} : { caller: SESSION_OF[name] }),
        });
        let cell = '';
        if (BEARER_PUBLIC_ROUTES.has(route.key)) {
          // Public but for partners: 401 for everyone without the partner's token.
          const refused = await call(f.app, route, unsigned(sample.parts, 'authorization'), caller);
          judge(route, `${name} (no partner token)`, refused, 'unauthenticated');
          if (sample.parts.headers?.authorization === undefined)
            mismatches.push(`${route.key} as ${name}: the sample carries no partner token`);
          cell = `${cellOf(refused.statusCode)}/`;
        }
        if (signatureHeader !== undefined) {
          // Public but signed: refused (403) for everyone without the signature, allowed with it.
          const refused = await call(f.app, route, unsigned(sample.parts, signatureHeader), caller);
          judge(route, `${name} (unsigned)`, refused, 'deny');
          if (sample.parts.headers?.[signatureHeader] === undefined)
            mismatches.push(`${route.key} as ${name}: the sample carries no ${signatureHeader}`);
          cell = `${cellOf(refused.statusCode)}/`;
        }
        const response = await call(f.app, route, sample.parts, caller);
        judge(route, name, response, expectedFor(route, name, sample.parts));
        cells.push(`${cell}${cellOf(response.statusCode)}`.padEnd(9));
      }
      lines.push(`${route.key.padEnd(width)}  ${needs.padEnd(15)} ${cells.join(' ')}`);
      if (ENDS_OTHER_SESSIONS.has(route.key)) {
        await renewSessions(f, route, mismatches);
        callers = callersOf(f);
      }
    }
    console.info(
      `\nAccess matrix on ${target.name} (✓ allowed, · 403, 401 signed out; signed routes: unsigned/signed; partner routes: no token/token)\n`,
    );
    for (const line of lines) console.info(line);
    console.info(
      `\n${f.catalogue.routes.length} routes, ${cases} cases, ${mismatches.length} disagreements with roles.ts`,
    );
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
