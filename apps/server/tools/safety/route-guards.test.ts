/*
 * Issue 8, items 1–3, over the app's own route table (route-catalogue.ts): every route is either
 * guarded or declared public; every guarded route refuses anonymous callers, other brands, roles
 * that roles.ts denies, and cross-site or token-less cookie changes; every route that reads or
 * changes patient data writes an audit row; public routes never answer with patient data.
 * Requests come from the routes' zod schemas (sample-requests.ts), so routes added later are
 * covered without editing this file.
 */
import { roleHasPermission } from '@scheduler/domain/roles';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStaffAuth } from '../../src/platform/auth/staff-auth.ts';
import { BEARER_PUBLIC_ROUTES, PUBLIC_ACCOUNT_ROUTES } from './public-routes.ts';
import { createTestApp, testDatabases } from '../../src/test/test-db.ts';
import type { CatalogueRoute } from './route-catalogue.ts';
import { routeCatalogue, touchesPatientData } from './route-catalogue.ts';
import { anonymous, bearer, call, cookie, describeAnswer, errorOf, nextIp } from './route-calls.ts';
import type { Caller } from './route-calls.ts';
import { NOW, STAFF_ROLES, createSafetyFixture } from './safety-fixture.ts';
import type { BrandName, SafetyFixture } from './safety-fixture.ts';
import { auditRowsAfter, maxAuditId } from './db/brand-records.ts';
import { nonPatientNames } from './db/credentials.ts';
import { brandDigest, changedDigest, identifyingStrings, patientIdentityStrings } from './db/snapshots.ts';
import { MISSING_ID, sampleFor } from './sample-requests.ts';
import type { RequestParts, Sample } from './sample-parts.ts';
import { PARTNER_TOKEN_HEADER, partnerOf } from './open-availability-overrides.ts';

vi.mock(import('../../src/platform/auth/password.ts'), async (original) =>
  (await import('../../src/test/fast-passwords.ts')).fastPasswords(original),
);

const MARKER_MIN_LENGTH = 6;

/**
 * Routes with a patients:* or waitlist:* permission that read no patient data, with the reason
 * they write no audit row. Everything else with those permissions must be audited.
 */
const AUDIT_EXEMPT: Readonly<Record<string, string>> = {
  // (GET /api/patient-management/get_filters, the filter menus, now needs reports:read only.)
  'GET /api/scheduler/getWaitlistOffersReport':
    'counts of offers sent and claimed and days gained over a period: no patient is named or identifiable',
  'GET /api/scheduler/admin/front-desk/free-times':
    "providers' free times on one day for a service: no patient is named or identifiable",
};

/**
 * Changes that cannot succeed for the fixture's owner without breaking the fixture, with the
 * reason; each is exercised end to end in contexts/staff/accounts.test.ts.
 */
const OWNER_SUCCESS_EXEMPT: Readonly<Record<string, string>> = {
  'POST /api/config/password': "would change the demo owner's password, which every later sign-in uses",
  'POST /api/config/two-factor/confirm':
    'needs a code from an authenticator app enrolled in the same session',
  'POST /api/config/two-factor/disable':
    'needs two-factor sign-in to be on, which every later sign-in would then ask for',
};
/** Changes that end the owner's OTHER sessions (the fixture's shared owner session is signed in again). */
const ENDS_OTHER_SESSIONS = new Set(['POST /api/config/sessions/end-others']);

describe.each(testDatabases())('the route table on $name', (target) => {
  let f: SafetyFixture;
  /** Identifying strings of brightsmile that northside's data does not contain. */
  let brightsmileMarkers: string[];

  beforeAll(async () => {
    f = await createSafetyFixture(target);
    const northside = new Set(await identifyingStrings(f.db, f.brands.northside.ids.clientId ?? 0));
    brightsmileMarkers = [
      ...new Set(await identifyingStrings(f.db, f.brands.brightsmile.ids.clientId ?? 0)),
    ].filter((value) => value.length >= MARKER_MIN_LENGTH && !northside.has(value));
  });
  afterAll(async () => {
    await f?.close();
  });

  const guarded = () => f.catalogue.routes.filter((route) => route.access.kind !== 'public');
  const staffRoutes = () => f.catalogue.routes.filter((route) => route.access.kind === 'staff');
  const brand = (name: BrandName) => f.brands[name];
  const clientIdOf = (name: BrandName): number => f.brands[name].ids.clientId ?? 0;

  async function probe(route: CatalogueRoute, name: BrandName, failures: string[]): Promise<Sample> {
    const sample = await sampleFor(f, route, { brand: brand(name) });
    if (sample.problems.length > 0) {
      failures.push(
        `${route.key}: no valid request could be generated (${sample.problems.join('; ')}); add an override in sample-requests.ts`,
      );
    }
    return sample;
  }

  /** Both brands' data, unchanged across `run` (the audit trail aside). */
  async function expectNoChange(run: () => Promise<void>): Promise<void> {
    const except = ['audit_log'];
    const before = {
      brightsmile: await brandDigest(f.db, clientIdOf('brightsmile'), { except }),
      northside: await brandDigest(f.db, clientIdOf('northside'), { except }),
    };
    await run();
    expect(
      changedDigest(before.brightsmile, await brandDigest(f.db, clientIdOf('brightsmile'), { except })),
    ).toEqual([]);
    expect(
      changedDigest(before.northside, await brandDigest(f.db, clientIdOf('northside'), { except })),
    ).toEqual([]);
  }

  function expectStatus(
    failures: string[],
    what: string,
    response: LightMyRequestResponse,
    status: number,
    code?: string,
  ): void {
    const error = errorOf(response);
    if (
      response.statusCode !== status ||
      (code !== undefined && error?.code !== code) ||
      error === undefined
    ) {
      failures.push(`${what}: expected ${status}${code ? ` ${code}` : ''}, got ${describeAnswer(response)}`);
    }
  }

  function leakedMarkers(response: LightMyRequestResponse): string[] {
    return brightsmileMarkers.filter((marker) => response.body.includes(marker)).slice(0, 3);
  }

  it('classifies every route: guarded by authenticate/requireStaff, or declared in public-routes.ts', () => {
    expect(f.catalogue.unclassified, 'routes without a guard that public-routes.ts does not declare').toEqual(
      [],
    );
    expect(f.catalogue.stalePublicEntries, 'public-routes.ts entries that match no unguarded route').toEqual(
      [],
    );
    // The table is the app's: the staff APIs of config, scheduler and patient management are in it.
    const keys = f.catalogue.routes.map((route) => route.key);
    expect(keys).toContain('POST /api/patient-management/update_appointment_status');
    expect(keys).toContain('GET /api/config/users');
    expect(keys).toContain('PATCH /api/scheduler/updateConfig');
    expect(keys).toContain('DELETE /api/scheduler/deleteWaitList');
    expect(keys).toContain('PATCH /api/scheduler/updateWaitList');
    for (const route of f.catalogue.routes) {
      if (route.url.startsWith('/api/patient-management/'))
        expect(route.access.kind, route.key).toBe('staff');
      if (
        route.url.startsWith('/api/config/') &&
        !route.url.endsWith('/login') &&
        !PUBLIC_ACCOUNT_ROUTES.has(route.key)
      ) {
        expect(route.access.kind, route.key).not.toBe('public');
      }
    }
  });

  it('reports a route that has no guard and is not declared public (the classification itself works)', async () => {
    const app = await createTestApp(f.t);
    const { guard } = createStaffAuth({ config: f.t.config, db: f.db });
    app.get('/api/config/forgotten', () => ({ leaked: true }));
    app.get(
      '/api/config/guarded',
      { preHandler: guard.requireStaff({ permission: 'patients:read' }) },
      () => ({}),
    );
    await app.ready();
    const catalogue = routeCatalogue(app);
    await app.close();
    expect(catalogue.unclassified).toEqual(['GET /api/config/forgotten']);
    expect(catalogue.routes.find((route) => route.key === 'GET /api/config/guarded')?.access).toEqual({
      kind: 'staff',
      permission: 'patients:read',
    });
  });

  it('sends the security headers on every route: strict CSP without inline script, HSTS, nosniff, Referrer-Policy', async () => {
    const failures: string[] = [];
    const responses: [string, LightMyRequestResponse][] = [];
    for (const route of f.catalogue.routes) {
      const { parts } = await probe(route, 'brightsmile', failures);
      responses.push([`${route.key} (anonymous)`, await call(f.app, route, parts, anonymous)]);
    }
    responses.push([
      'GET /api/no-such-route',
      await f.app.inject({ method: 'GET', url: '/api/no-such-route' }),
    ]);
    responses.push([
      'GET /brightsmile/main/all/landing',
      await f.app.inject({
        method: 'GET',
        url: '/brightsmile/main/all/landing',
        headers: { accept: 'text/html' },
      }),
    ]);
    for (const [what, response] of responses) {
      const header = (name: string) => String(response.headers[name] ?? '');
      const csp = header('content-security-policy');
      const directive = (name: string) =>
        csp
          .split(';')
          .map((part) => part.trim())
          .find((part) => part.startsWith(`${name} `)) ?? '';
      const scripts = directive('script-src') || directive('default-src');
      if (scripts === '' || /'unsafe-inline'|'unsafe-eval'|\*|data:/.test(scripts)) {
        failures.push(`${what}: script sources "${scripts}"`);
      }
      if (!directive('object-src').includes("'none'")) failures.push(`${what}: object-src is not 'none'`);
      if (!directive('base-uri')) failures.push(`${what}: no base-uri`);
      if (!directive('frame-ancestors')) failures.push(`${what}: no frame-ancestors`);
      const hsts = /max-age=(\d+)/.exec(header('strict-transport-security'));
      if (hsts === null || Number(hsts[1]) < 15_552_000)
        failures.push(`${what}: HSTS "${header('strict-transport-security')}"`);
      if (header('x-content-type-options') !== 'nosniff')
        failures.push(`${what}: X-Content-Type-Options missing`);
      if (
        !['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(
          header('referrer-policy'),
        )
      ) {
        failures.push(`${what}: Referrer-Policy "${header('referrer-policy')}"`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 to anonymous callers and to unknown or malformed tokens on every guarded route', async () => {
    const failures: string[] = [];
    await expectNoChange(async () => {
      for (const route of guarded()) {
        const { parts } = await probe(route, 'brightsmile', failures);
        expectStatus(
          failures,
          `${route.key} anonymous`,
          await call(f.app, route, parts, anonymous),
          401,
          'UNAUTHENTICATED',
        );
        const forged = {
          ...f.logins.owner,
          token: 'A'.repeat(43),
          bearerHeaders: { authorization: `Bearer ${'A'.repeat(43)}` },
        };
        expectStatus(
          failures,
          `${route.key} unknown bearer`,
          await call(f.app, route, parts, bearer(forged)),
          401,
        );
        expectStatus(
          failures,
          `${route.key} malformed cookie`,
          await call(f.app, route, parts, anonymous, { headers: { cookie: 'sid=../../etc/passwd' } }),
          401,
        );
      }
    });
    expect(failures).toEqual([]);
  });

  it('refuses every role what roles.ts denies, and every brightsmile role the other brand', async () => {
    const failures: string[] = [];
    let denied = 0;
    await expectNoChange(async () => {
      for (const route of staffRoutes()) {
        if (route.access.kind !== 'staff') continue;
        const { permission } = route.access;
        const ownBrand = await probe(route, 'brightsmile', failures);
        const otherBrand = await probe(route, 'northside', failures);
        for (const role of STAFF_ROLES) {
          const login = f.logins[role];
          if (!roleHasPermission(role, permission)) {
            denied++;
            for (const caller of [bearer(login), cookie(login)]) {
              expectStatus(
                failures,
                `${route.key} as ${role} (${caller.kind})`,
                await call(f.app, route, ownBrand.parts, caller),
                403,
                'FORBIDDEN',
              );
            }
          }
          // admin@, staff@ and viewer@ belong to brightsmile only.
          if (role !== 'owner') {
            expectStatus(
              failures,
              `${route.key} as brightsmile ${role} on northside`,
              await call(f.app, route, otherBrand.parts, bearer(login)),
              403,
              'FORBIDDEN',
            );
          }
        }
      }
    });
    expect(failures).toEqual([]);
    expect(denied).toBeGreaterThan(20);
  });

  it('keeps brightsmile from an owner of northside: 403 on its brand, its ids answer as missing ones, nothing leaks', async () => {
    const failures: string[] = [];
    const northsideOwner = bearer(f.logins.northsideOwner);
    let variants = 0;
    await expectNoChange(async () => {
      for (const route of staffRoutes()) {
        // Naming brightsmile is refused outright.
        const theirs = await probe(route, 'brightsmile', failures);
        const refused = await call(f.app, route, theirs.parts, northsideOwner);
        expectStatus(failures, `${route.key} naming brightsmile`, refused, 403, 'FORBIDDEN');
        // Naming northside with one brightsmile id: the same answer as an id that does not exist.
        const own = await probe(route, 'northside', failures);
        for (const kind of own.usedIds.filter((k) => k !== 'clientId')) {
          const foreignId = brand('brightsmile').ids[kind];
          if (foreignId === undefined) continue;
          variants++;
          const foreign = await sampleFor(f, route, {
            brand: brand('northside'),
            replaceId: { kind, value: foreignId },
          });
          const missing = await sampleFor(f, route, {
            brand: brand('northside'),
            replaceId: { kind, value: MISSING_ID },
          });
          const a = await call(f.app, route, foreign.parts, northsideOwner);
          const b = await call(f.app, route, missing.parts, northsideOwner);
          const what = `${route.key} with brightsmile's ${kind}`;
          if (a.statusCode !== b.statusCode || errorOf(a)?.code !== errorOf(b)?.code) {
            failures.push(`${what}: ${describeAnswer(a)}, but a missing ${kind} gets ${describeAnswer(b)}`);
          }
          if (a.statusCode >= 500) failures.push(`${what}: ${describeAnswer(a)}`);
          const leaked = leakedMarkers(a);
          if (leaked.length > 0)
            failures.push(`${what}: the answer carries brightsmile data (${leaked.join(', ')})`);
        }
        // What northside may read carries nothing of brightsmile.
        if (!route.unsafe) {
          const leaked = leakedMarkers(await call(f.app, route, own.parts, northsideOwner));
          if (leaked.length > 0)
            failures.push(`${route.key}: northside's answer carries brightsmile data (${leaked.join(', ')})`);
        }
      }
      for (const route of guarded().filter((r) => r.access.kind === 'session' && !r.unsafe)) {
        const { parts } = await probe(route, 'brightsmile', failures);
        const response = await call(f.app, route, parts, northsideOwner);
        if (response.statusCode < 300 && leakedMarkers(response).length > 0) {
          failures.push(`${route.key}: the answer carries brightsmile data`);
        }
        if (parts.query.clientId !== undefined && response.statusCode < 400) {
          failures.push(`${route.key} naming brightsmile: ${describeAnswer(response)}`);
        }
      }
    });
    expect(failures).toEqual([]);
    expect(variants).toBeGreaterThan(20);
  });

  it('refuses cookie-authenticated changes without the session’s X-XSRF-TOKEN or from another site', async () => {
    const failures: string[] = [];
    const owner = f.logins.owner;
    const otherSession = await f.login('owner');
    const crossSite: Record<string, Record<string, string>> = {
      'Origin of another site': { origin: 'https://attacker.example' },
      'Origin null': { origin: 'null' },
      'Sec-Fetch-Site cross-site': { 'sec-fetch-site': 'cross-site' },
    };
    let checked = 0;
    await expectNoChange(async () => {
      for (const route of guarded().filter((r) => r.unsafe)) {
        checked++;
        const { parts } = await probe(route, 'brightsmile', failures);
        const cases: [string, Caller, Record<string, string>][] = [
          ['no X-XSRF-TOKEN', cookie(owner, null), {}],
          ['an empty X-XSRF-TOKEN', cookie(owner, ''), {}],
          ["another session's token", cookie(owner, otherSession.xsrf), {}],
          ...Object.entries(crossSite).map(([name, headers]): [string, Caller, Record<string, string>] => [
            name,
            cookie(owner),
            headers,
          ]),
        ];
        for (const [name, caller, headers] of cases) {
          expectStatus(
            failures,
            `${route.key} with ${name}`,
            await call(f.app, route, parts, caller, { headers }),
            403,
            'CSRF_REJECTED',
          );
        }
      }
      // Sign-in and the brand switch (a GET that changes the session) refuse other sites too.
      for (const key of [
        'POST /api/config/login',
        'POST /api/scheduler/adminLogin',
        'GET /api/config/switch/clients',
      ]) {
        const route = f.catalogue.routes.find((r) => r.key === key);
        if (route === undefined) {
          failures.push(`${key} is not in the route table`);
          continue;
        }
        const { parts } = await probe(route, 'brightsmile', failures);
        for (const [name, headers] of Object.entries(crossSite)) {
          expectStatus(
            failures,
            `${key} with ${name}`,
            await call(f.app, route, parts, cookie(owner), { headers }),
            403,
            'CSRF_REJECTED',
          );
        }
      }
    });
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(15);
  });

  it('lets each role do what roles.ts allows (reads as every allowed role; every route as owner through the cookie)', async () => {
    const failures: string[] = [];
    for (const route of guarded()) {
      const permission = route.access.kind === 'staff' ? route.access.permission : undefined;
      if (!route.unsafe) {
        for (const role of STAFF_ROLES) {
          if (permission !== undefined && !roleHasPermission(role, permission)) continue;
          const { parts } = await probe(route, 'brightsmile', failures);
          const response = await call(f.app, route, parts, bearer(f.logins[role]));
          if (response.statusCode >= 300)
            failures.push(`${route.key} as ${role}: ${describeAnswer(response)}`);
        }
        continue;
      }
      // Sign-out ends the session it is sent with: use one of its own.
      const login = route.access.kind === 'session' ? await f.login('owner') : f.logins.owner;
      const sample = await sampleFor(f, route, { brand: brand('brightsmile'), mode: 'success' });
      if (sample.problems.length > 0) failures.push(`${route.key}: ${sample.problems.join('; ')}`);
      const response = await call(f.app, route, sample.parts, cookie(login));
      if (ENDS_OTHER_SESSIONS.has(route.key)) f.logins.owner = await f.login('owner');
      if (response.statusCode >= 300 && OWNER_SUCCESS_EXEMPT[route.key] === undefined) {
        failures.push(
          `${route.key} as owner: ${describeAnswer(response)} (add an override in sample-requests.ts?)`,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it('writes an audit row (user, brand, action, record, time, ip) for every read or change of patient data', async () => {
    const failures: string[] = [];
    const audited = staffRoutes().filter(
      (route) => touchesPatientData(route) && AUDIT_EXEMPT[route.key] === undefined,
    );
    expect(audited.length).toBeGreaterThan(5);
    for (const route of audited) {
      for (const role of ['owner', 'staff'] as const) {
        const sample = await sampleFor(f, route, {
          brand: brand('brightsmile'),
          mode: 'success',
          caller: role,
        });
        const ip = nextIp();
        const since = await maxAuditId(f.db);
        const startedAt = Date.now();
        const response = await call(f.app, route, sample.parts, cookie(f.logins[role]), { ip });
        const finishedAt = Date.now();
        if (response.statusCode >= 300) {
          failures.push(`${route.key} as ${role}: ${describeAnswer(response)}`);
          continue;
        }
        const rows = await auditRowsAfter(f.db, since);
        const row = rows.find(
          (r) => r.userId === f.userIds[role] && r.clientId === clientIdOf('brightsmile') && r.ip === ip,
        );
        if (row === undefined) {
          failures.push(
            `${route.key} as ${role}: no audit row with the user, the brand and the ip (${rows.length} rows)`,
          );
          continue;
        }
        const inTime =
          (row.at >= startedAt - 1000 && row.at <= finishedAt + 1000) || row.at === NOW.getTime();
        if (!inTime) failures.push(`${route.key}: audit time ${row.at} is outside the request`);
        if (row.action.trim() === '') failures.push(`${route.key}: audit row without an action`);
        if (row.recordType === null) failures.push(`${route.key}: audit row without a record type`);
        const namesRecord = sample.usedIds.some((kind) =>
          ['patientId', 'appointmentId', 'noteId'].includes(kind),
        );
        if (namesRecord && row.recordId === null)
          failures.push(`${route.key}: audit row without the record id`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses the partner operations without a live partner token of the brand (401 OperationOutcome, WWW-Authenticate: Bearer), and does them with one', async () => {
    const failures: string[] = [];
    const routes = f.catalogue.routes.filter((route) => BEARER_PUBLIC_ROUTES.has(route.key));
    expect(routes.map((route) => route.key).sort()).toEqual([...BEARER_PUBLIC_ROUTES].sort());
    const withToken = (parts: RequestParts, value: string | undefined): RequestParts => {
      const headers = Object.fromEntries(
        Object.entries(parts.headers ?? {}).filter(([name]) => name.toLowerCase() !== PARTNER_TOKEN_HEADER),
      );
      return {
        ...parts,
        headers: value === undefined ? headers : { ...headers, [PARTNER_TOKEN_HEADER]: value },
      };
    };
    // The requests first (a sample gets a token, which writes), then one digest around the refusals.
    const refusals: [what: string, route: CatalogueRoute, parts: RequestParts, caller: Caller][] = [];
    for (const route of routes) {
      const own = await probe(route, 'brightsmile', failures);
      const other = await probe(route, 'northside', failures);
      const token = own.parts.headers?.[PARTNER_TOKEN_HEADER];
      const otherToken = other.parts.headers?.[PARTNER_TOKEN_HEADER];
      if (token === undefined || otherToken === undefined) {
        failures.push(`${route.key}: the samples carry no partner token`);
        continue;
      }
      const forged = `${token.slice(0, token.lastIndexOf('.') + 1)}${'A'.repeat(43)}`;
      refusals.push(
        [`${route.key} without a token`, route, withToken(own.parts, undefined), anonymous],
        [
          `${route.key} with a staff session's Bearer token`,
          route,
          withToken(own.parts, undefined),
          bearer(f.logins.owner),
        ],
        [`${route.key} with northside's partner token`, route, withToken(own.parts, otherToken), anonymous],
        [`${route.key} with a forged signature`, route, withToken(own.parts, forged), anonymous],
        [
          `${route.key} with Basic credentials`,
          route,
          withToken(own.parts, 'Basic c2FmZXR5OnNhZmV0eQ=='),
          anonymous,
        ],
      );
    }
    await expectNoChange(async () => {
      for (const [what, route, parts, caller] of refusals) {
        const response = await call(f.app, route, parts, caller);
        expectStatus(failures, what, response, 401, 'login');
        if (!/^Bearer\b/.test(String(response.headers['www-authenticate'] ?? '')))
          failures.push(`${what}: no WWW-Authenticate Bearer challenge`);
      }
    });
    // With the token the same requests work: the refusals above are the token's, not the request's.
    for (const route of routes) {
      const { parts } = await probe(route, 'brightsmile', failures);
      const response = await call(f.app, route, parts, anonymous);
      if (response.statusCode !== 201)
        failures.push(`${route.key} with the partner's token: ${describeAnswer(response)}`);
    }
    // A revoked partner's token stops at once (the next sample makes a new partner).
    const partner = await partnerOf(f, brand('brightsmile'));
    const [hold] = routes;
    if (partner === undefined || hold === undefined) failures.push('no partner of brightsmile');
    else {
      const { parts } = await probe(hold, 'brightsmile', failures);
      const revoked = await f.app.inject({
        method: 'POST',
        url: `/api/scheduler/admin/partners/${String(partner.partnerId)}/revoke`,
        headers: f.logins.owner.bearerHeaders,
        payload: { clientId: clientIdOf('brightsmile') },
      });
      if (revoked.statusCode !== 200) failures.push(`revoking the partner: ${describeAnswer(revoked)}`);
      await expectNoChange(async () => {
        expectStatus(
          failures,
          `${hold.key} with a revoked partner's token`,
          await call(f.app, hold, parts, anonymous),
          401,
          'login',
        );
      });
    }
    expect(failures).toEqual([]);
  });

  it('never answers a public route with patient data', async () => {
    const failures: string[] = [];
    const notPatientData = await nonPatientNames(f.db);
    const identities = [...new Set(await patientIdentityStrings(f.db))].filter(
      (value) => value.length >= MARKER_MIN_LENGTH && !notPatientData.has(value),
    );
    expect(identities.length).toBeGreaterThan(100);
    for (const route of f.catalogue.routes.filter((r) => r.access.kind === 'public')) {
      for (const name of ['brightsmile', 'northside'] as const) {
        const { parts } = await probe(route, name, failures);
        const response = await call(f.app, route, parts, anonymous);
        if (response.statusCode >= 500) failures.push(`${route.key}: ${describeAnswer(response)}`);
        const found = identities.filter((value) => response.body.includes(value)).slice(0, 3);
        if (found.length > 0)
          failures.push(`${route.key} (${name}): the answer carries patient data (${found.join(', ')})`);
      }
    }
    expect(failures).toEqual([]);
  });
});
