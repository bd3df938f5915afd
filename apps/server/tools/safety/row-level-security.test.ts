/*
 * PostgreSQL row-level security (migration 006, db/tenant-context.ts, http/tenant-requests.ts):
 *
 *  - the meta-test: every table with a `client_id` column has row-level security enabled AND
 *    forced, and a policy for every command — a new client-owned table without one fails here;
 *  - the application connects as a role that neither owns the tables nor bypasses the policies;
 *  - isolation: a session on brand A reads no row of brand B, cannot write one, and a session that
 *    set no tenant reads nothing at all;
 *  - a request is confined to the brand it names, even by a query that forgets its `client_id`.
 *
 * On SQLite (no row-level security) the migration changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { KyselyPlugin } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../src/app.ts';
import type { App } from '../../src/app.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { DEMO_SCHEDULER_SLUG } from '../../src/platform/db/seed/demo-catalogue.ts';
import { seedIfEmpty } from '../../src/platform/db/seed/seed.ts';
import {
  asSystem,
  asTenant,
  currentTenant,
  runWithTenantStore,
  tenantSettingKey,
} from '../../src/platform/db/tenant-context.ts';
import type { TenantSetting } from '../../src/platform/db/tenant-context.ts';
import { NOW, newPatient, query, setSetting } from '../../src/test/public-api-fixture.ts';
import { loginAsDemo } from '../../src/test/staff-login.ts';
import { sqliteOnly, testDatabases } from '../../src/test/test-db.ts';
import type { TestDatabase } from '../../src/test/test-db.ts';
import type { Bundle } from '@medplum/fhirtypes';
import type { CreatePartnerResponse, PartnerTokenResponse } from '@scheduler/contract/admin/partners';
import type { RotateCalendarFeedResponse } from '@scheduler/contract/admin/calendar-feeds';

// Sign-ins here test the tenant of a staff call, not hashing (platform/auth/password.test.ts does).
vi.mock(import('../../src/platform/auth/password.ts'), async (original) =>
  (await import('../../src/test/fast-passwords.ts')).fastPasswords(original),
);

interface TableSecurity {
  table: string;
  enabled: boolean;
  forced: boolean;
  /** Commands covered by a policy: 'ALL', or any of SELECT, INSERT, UPDATE, DELETE. */
  commands: string[];
}

const COMMANDS = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'];

/** Row-level security of every base table with a `client_id` column in the current schema. */
async function clientOwnedTableSecurity(client: pg.Client): Promise<TableSecurity[]> {
  const result = await client.query<{
    table: string;
    enabled: boolean;
    forced: boolean;
    commands: string[];
  }>(`
    select c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
           coalesce(array_agg(p.cmd::text) filter (where p.cmd is not null), '{}') as commands
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
    join pg_attribute a on a.attrelid = c.oid and a.attname = 'client_id' and not a.attisdropped
    left join pg_policies p on p.schemaname = n.nspname and p.tablename = c.relname
    where c.relkind in ('r', 'p')
    group by c.relname, c.relrowsecurity, c.relforcerowsecurity
    order by c.relname`);
  return result.rows;
}

/** The client-owned tables that row-level security does not fully cover, with what is missing. */
function uncovered(tables: TableSecurity[]): string[] {
  return tables.flatMap((t) => {
    const missing = [
      ...(t.enabled ? [] : ['not enabled']),
      ...(t.forced ? [] : ['not forced']),
      ...(t.commands.includes('ALL')
        ? []
        : COMMANDS.filter((command) => !t.commands.includes(command)).map((c) => `no ${c} policy`)),
    ];
    return missing.length === 0 ? [] : [`${t.table}: ${missing.join(', ')}`];
  });
}

async function currentSchema(db: Db): Promise<string> {
  const result = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return result.rows[0]!.schema;
}

/** A connection of the tables' owner (TEST_DATABASE_URL) on the test's schema. */
async function ownerClient(t: TestDatabase): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: t.config.databaseUrl,
    options: `-c search_path=${await currentSchema(t.db)}`,
  });
  await client.connect();
  return client;
}

async function clientIdOf(db: Db, slug: string): Promise<number> {
  const row = await db.selectFrom('clients').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  return row.id;
}

async function serviceClientIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('services').select('client_id').distinct().orderBy('client_id').execute();
  return rows.map((row) => row.client_id);
}

/** The ids of a FHIR search's entries. */
const fhirIds = (bundle: Bundle): string[] =>
  (bundle.entry ?? []).flatMap((entry) => (entry.resource?.id === undefined ? [] : [entry.resource.id]));

const onTenant = <T>(setting: TenantSetting, fn: () => Promise<T>): Promise<T> =>
  runWithTenantStore(fn, setting);

const postgres = testDatabases().filter((target) => target.name === 'postgres');

describe.each(postgres)('row-level security on $name', (target) => {
  let t: TestDatabase;
  let owner: pg.Client;
  let brightsmile: number;
  let northside: number;

  beforeAll(async () => {
    t = await target.create();
    await seedIfEmpty(t.db, NOW);
    owner = await ownerClient(t);
    brightsmile = await clientIdOf(t.db, 'brightsmile');
    northside = await clientIdOf(t.db, 'northside');
  });
  afterAll(async () => {
    await owner.end();
    await t.destroy();
  });

  it('enables and forces row-level security, with a policy, on every table with client_id', async () => {
    const tables = await clientOwnedTableSecurity(owner);
    expect(tables.map((table) => table.table)).toEqual(
      expect.arrayContaining(['appointments', 'patients', 'services', 'audit_log', 'memberships']),
    );
    expect(uncovered(tables)).toEqual([]);
  });

  it('fails for a client-owned table that lacks a policy', async () => {
    await owner.query('create table rls_probe (id integer primary key, client_id integer not null)');
    try {
      expect(uncovered(await clientOwnedTableSecurity(owner))).toEqual([
        'rls_probe: not enabled, not forced, no SELECT policy, no INSERT policy, no UPDATE policy, no DELETE policy',
      ]);
      await owner.query('alter table rls_probe enable row level security');
      await owner.query('alter table rls_probe force row level security');
      expect(uncovered(await clientOwnedTableSecurity(owner))).toEqual([
        'rls_probe: no SELECT policy, no INSERT policy, no UPDATE policy, no DELETE policy',
      ]);
      await owner.query(`create policy tenant_isolation on rls_probe for all using (true)`);
      expect(uncovered(await clientOwnedTableSecurity(owner))).toEqual([]);
    } finally {
      await owner.query('drop table rls_probe');
    }
  });

  it('connects the application as a role that does not own the tables and cannot bypass the policies', async () => {
    const role = await sql<{ role: string; superuser: boolean; bypass: boolean; owned: number }>`
      select current_user as role, r.rolsuper as superuser, r.rolbypassrls as bypass,
             (select count(*) from pg_tables where schemaname = current_schema() and tableowner = current_user)::int as owned
      from pg_roles r where r.rolname = current_user`.execute(t.db);
    expect(role.rows[0]).toMatchObject({ superuser: false, bypass: false, owned: 0 });
    const ownerRole = await owner.query<{ role: string }>('select current_user as role');
    expect(role.rows[0]!.role).not.toBe(ownerRole.rows[0]!.role);
  });

  it('shows a session on one brand only that brand’s rows, even without a client_id filter', async () => {
    expect(await asSystem(() => serviceClientIds(t.db))).toEqual(
      [brightsmile, northside].sort((a, b) => a - b),
    );
    expect(await asTenant(brightsmile, () => serviceClientIds(t.db))).toEqual([brightsmile]);
    expect(await asTenant(northside, () => serviceClientIds(t.db))).toEqual([northside]);
    const otherBrandsPatients = await asTenant(brightsmile, () =>
      t.db.selectFrom('patients').select('id').where('client_id', '=', northside).execute(),
    );
    expect(otherBrandsPatients).toEqual([]);
    expect(
      await onTenant({ scope: 'tenant', clientSlug: 'northside' }, () => serviceClientIds(t.db)),
    ).toEqual([northside]);
    expect(
      await onTenant({ scope: 'tenant', clientRef: String(brightsmile) }, () => serviceClientIds(t.db)),
    ).toEqual([brightsmile]);
    expect(
      await onTenant({ scope: 'tenant', clientSlug: 'no-such-brand' }, () => serviceClientIds(t.db)),
    ).toEqual([]);
  });

  it('looks a brand named by URL name up afresh: a renamed brand is found by its new name only', async () => {
    const byName = (slug: string) =>
      onTenant({ scope: 'tenant', clientSlug: slug }, () => serviceClientIds(t.db));
    expect(await byName('northside')).toEqual([northside]);
    await t.db
      .updateTable('clients')
      .set({ slug: 'northside-renamed' })
      .where('id', '=', northside)
      .execute();
    try {
      for (let i = 0; i < 6; i += 1) {
        expect(await byName('northside')).toEqual([]);
        expect(await byName('northside-renamed')).toEqual([northside]);
      }
    } finally {
      await t.db.updateTable('clients').set({ slug: 'northside' }).where('id', '=', northside).execute();
    }
  });

  it('refuses to write another brand’s rows from a session on one brand', async () => {
    const northsideService = await t.db
      .selectFrom('services')
      .select(['id', 'name'])
      .where('client_id', '=', northside)
      .executeTakeFirstOrThrow();
    const northsidePatient = await t.db
      .selectFrom('patients')
      .select('id')
      .where('client_id', '=', northside)
      .executeTakeFirstOrThrow();
    const insert = asTenant(brightsmile, () =>
      t.db
        .insertInto('notes')
        .values({
          client_id: northside,
          patient_id: northsidePatient.id,
          body: 'written across brands',
          created_at: NOW.getTime(),
        })
        .execute(),
    );
    await expect(insert).rejects.toThrow(/row-level security/);
    const updated = await asTenant(brightsmile, () =>
      t.db
        .updateTable('services')
        .set({ name: 'renamed across brands' })
        .where('id', '=', northsideService.id)
        .execute(),
    );
    expect(updated[0]?.numUpdatedRows).toBe(0n);
    const moved = asTenant(brightsmile, () =>
      t.db
        .updateTable('services')
        .set({ client_id: northside })
        .where('client_id', '=', brightsmile)
        .execute(),
    );
    await expect(moved).rejects.toThrow(/row-level security/);
    const deleted = await asTenant(brightsmile, () =>
      t.db.deleteFrom('working_hours').where('client_id', '=', northside).execute(),
    );
    expect(deleted[0]?.numDeletedRows).toBe(0n);
    const after = await t.db
      .selectFrom('services')
      .select('name')
      .where('id', '=', northsideService.id)
      .executeTakeFirstOrThrow();
    expect(after.name).toBe(northsideService.name);
  });

  it('shows nothing to a connection of the application role that set no tenant', async () => {
    const raw = new pg.Client({
      connectionString: t.config.databaseAppUrl,
      options: `-c search_path=${await currentSchema(t.db)}`,
    });
    await raw.connect();
    try {
      const counts = await raw.query<{ services: string; patients: string; clients: string }>(
        'select (select count(*) from services) as services, (select count(*) from patients) as patients, (select count(*) from clients) as clients',
      );
      expect(counts.rows[0]).toMatchObject({ services: '0', patients: '0' });
      expect(Number(counts.rows[0]!.clients)).toBeGreaterThanOrEqual(2);
    } finally {
      await raw.end();
    }
  });

  describe('through the API', () => {
    let app: App;
    /** The tenant each statement of the app ran on, in order. */
    let seen: string[] = [];
    /** The tenant each write (insert, update, delete) of the app ran on, with its kind. */
    let writes: string[] = [];
    beforeAll(async () => {
      const recorder: KyselyPlugin = {
        transformQuery(args) {
          seen.push(tenantSettingKey(currentTenant()));
          if (args.node.kind !== 'SelectQueryNode' && args.node.kind !== 'RawNode') {
            writes.push(`${args.node.kind}:${tenantSettingKey(currentTenant())}`);
          }
          return args.node;
        },
        transformResult: (args) => Promise.resolve(args.result),
      };
      const db = t.db.withPlugin(recorder);
      app = await buildApp({ config: t.config, db, logger: false, now: () => NOW });
      // A route that forgets its client_id filter: row-level security still confines it.
      app.get(
        '/api/test/rls-probe',
        { schema: { querystring: z.object({ clientName: z.string().optional() }) } },
        async () => ({ clientIds: await serviceClientIds(db) }),
      );
      // The same without a schema: a client named in its query names no tenant.
      app.get('/api/test/rls-probe-undeclared', async () => ({ clientIds: await serviceClientIds(db) }));
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
    });

    it('confines a public request to the client its booking URL names', async () => {
      for (const [slug, id] of [
        ['brightsmile', brightsmile],
        ['northside', northside],
      ] as const) {
        const response = await app.inject({ method: 'GET', url: `/api/test/rls-probe?clientName=${slug}` });
        expect(response.json()).toEqual({ clientIds: [id] });
      }
      const unknown = await app.inject({ method: 'GET', url: '/api/test/rls-probe?clientName=nobody' });
      expect(unknown.json()).toEqual({ clientIds: [] });
      const unnamed = await app.inject({ method: 'GET', url: '/api/test/rls-probe' });
      expect(unnamed.json()).toEqual({ clientIds: [brightsmile, northside].sort((a, b) => a - b) });
    });

    it('takes the client only from fields the route declares: others cannot move a request to a tenant', async () => {
      const undeclared = await app.inject({
        method: 'GET',
        url: '/api/test/rls-probe-undeclared?clientName=northside&clientId=1',
      });
      expect(undeclared.json()).toEqual({ clientIds: [brightsmile, northside].sort((a, b) => a - b) });
      // Found by the PostgreSQL fuzz: a NUL named the health check's tenant (503), and a sign-out
      // naming another brand wrote its audit row under that tenant, which the policy refused (500).
      const health = await app.inject({ method: 'GET', url: '/api/health?clientId=%00' });
      expect(health.statusCode).toBe(200);
      const login = await loginAsDemo(app, 'owner');
      const logout = await app.inject({
        method: 'POST',
        url: `/api/config/logout?clientId=${northside}`,
        headers: login.bearerHeaders,
      });
      expect(logout.statusCode).toBe(200);
      const after = await app.inject({
        method: 'GET',
        url: '/api/config/user',
        headers: login.bearerHeaders,
      });
      expect(after.statusCode).toBe(401);
    });

    it('runs a public booking call on its client', async () => {
      seen = [];
      const response = await app.inject({
        method: 'GET',
        url: `/api/scheduler/getLocation?clientName=northside&scheduler=${DEMO_SCHEDULER_SLUG}`,
      });
      expect(response.statusCode).toBeLessThan(500);
      // Named by URL name first, then (once looked up) by id: never another brand, never system.
      expect(seen[0]).toBe('slug:northside');
      expect(new Set(seen.slice(1))).toEqual(new Set([`id:${northside}`]));
    });

    /** Northside's demo scheduler, its first service and a provider card of it with free times. */
    async function northsideBooking() {
      const scheduler = await t.db
        .selectFrom('schedulers')
        .select('id')
        .where('client_id', '=', northside)
        .where('slug', '=', DEMO_SCHEDULER_SLUG)
        .executeTakeFirstOrThrow();
      const service = await t.db
        .selectFrom('services')
        .select('id')
        .where('client_id', '=', northside)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const providers = await app.inject({
        method: 'GET',
        url: `/api/scheduler/getProviders?${query({
          clientName: 'northside',
          scheduler: DEMO_SCHEDULER_SLUG,
          appointmentTypeId: service.id,
          locationId: 'all',
        })}`,
      });
      expect(providers.statusCode, providers.body).toBe(200);
      const card = providers
        .json<{ providers: { providerId: string; slots: { startUtc: string; locationId: string }[] }[] }>()
        .providers.find((provider) => provider.slots.length > 0);
      expect(card).toBeDefined();
      const slot = card!.slots[0]!;
      return {
        brand: { clientId: northside, schedulerId: scheduler.id, services: {}, locations: {}, providers: {} },
        request: {
          clientSlug: 'northside',
          schedulerSlug: DEMO_SCHEDULER_SLUG,
          locationId: slot.locationId,
          providerId: card!.providerId,
          appointmentTypeId: String(service.id),
          patient: newPatient(),
          isExistingPatient: false,
          sessionId: `rls-${randomUUID()}`,
          idempotencyKey: randomUUID(),
        },
        startUtc: slot.startUtc,
      };
    }

    /** The request wrote, and every write ran on the brand it names: none in system scope. */
    function expectWritesOnNorthside(): void {
      expect(writes.length).toBeGreaterThan(0);
      const onNorthside = (write: string) =>
        write.endsWith(':slug:northside') || write.endsWith(`:id:${northside}`);
      expect(writes.filter((write) => !onNorthside(write))).toEqual([]);
    }

    it('writes a public booking (patient, appointment, insurance) on the brand its clientSlug names', async () => {
      const { request, startUtc } = await northsideBooking();
      writes = [];
      const response = await app.inject({
        method: 'PUT',
        url: '/api/scheduler/bookAppointment',
        payload: { ...request, startUtc, insurance: null },
      });
      expect(response.statusCode, response.body).toBeLessThan(300);
      expectWritesOnNorthside();
    });

    it('writes a public waitlist entry (patient, entry) on the brand its clientSlug names', async () => {
      const { brand, request } = await northsideBooking();
      // Appointment 7 on, and the provider without working hours: the waitlist is offered.
      const hours = await t.db
        .selectFrom('working_hours')
        .selectAll()
        .where('provider_id', '=', Number(request.providerId))
        .execute();
      await setSetting(t.db, brand, 'appointment', 7, 'Yes');
      await t.db.deleteFrom('working_hours').where('provider_id', '=', Number(request.providerId)).execute();
      try {
        writes = [];
        const response = await app.inject({
          method: 'POST',
          url: '/api/scheduler/createWaitList',
          payload: { ...request, preferredTimes: ['morning'], notes: 'Row-level security' },
        });
        expect(response.statusCode, response.body).toBeLessThan(300);
        expectWritesOnNorthside();
      } finally {
        if (hours.length > 0) await t.db.insertInto('working_hours').values(hours).execute();
        await setSetting(t.db, brand, 'appointment', 7, null);
      }
    });

    /** Issue 20: a partner of northside (made by the owner), a live token, and two free Slots of a schedule. */
    async function northsidePartner() {
      const login = await loginAsDemo(app, 'owner');
      const created = await app.inject({
        method: 'POST',
        url: '/api/scheduler/admin/partners',
        headers: login.bearerHeaders,
        payload: { clientId: northside, name: 'Row-level security partner' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const { partner, clientSecret } = created.json<CreatePartnerResponse>();
      const schedules = await app.inject({ method: 'GET', url: '/fhir/northside/Schedule?_count=1' });
      const [schedule] = fhirIds(schedules.json<Bundle>());
      const slots = await app.inject({
        method: 'GET',
        url: `/fhir/northside/Slot?schedule=Schedule/${schedule ?? ''}&_count=1`,
      });
      const [slot] = fhirIds(slots.json<Bundle>());
      expect(slot).toBeDefined();
      return { login, partner, clientSecret, schedule: schedule ?? '', slot: slot ?? '' };
    }

    it('runs the FHIR read API, its bulk files, a slot link and a calendar feed on the brand they name (issue 20)', async () => {
      const { login, schedule, slot } = await northsidePartner();
      const provider = await t.db
        .selectFrom('providers')
        .select('id')
        .where('client_id', '=', northside)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const feed = await app.inject({
        method: 'POST',
        url: `/api/scheduler/admin/providers/${String(provider.id)}/calendar-feed/rotate`,
        headers: login.bearerHeaders,
        payload: { clientId: northside },
      });
      expect(feed.statusCode, feed.body).toBe(200);
      const named = [
        '/fhir/northside/metadata',
        '/fhir/northside/Location',
        `/fhir/northside/Slot?schedule=Schedule/${schedule}`,
        `/fhir/northside/Slot/${slot}`,
        '/fhir/northside/$bulk-publish',
        '/fhir/northside/bulk/Location.ndjson',
        `/api/scheduler/slotLink?clientName=northside&scheduler=${DEMO_SCHEDULER_SLUG}&slot=${slot}`,
      ];
      for (const url of named) {
        seen = [];
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        // Named by URL name first, then by id: never another brand, never system.
        expect(seen[0], url).toBe('slug:northside');
        expect(new Set(seen.slice(1)), url).toEqual(new Set([`id:${northside}`]));
      }
      // The feed's token names no brand: its lookup crosses brands (system), the rest is on its brand.
      seen = [];
      const ics = await app.inject({
        method: 'GET',
        url: new URL(feed.json<RotateCalendarFeedResponse>().feed.url).pathname,
      });
      expect(ics.statusCode).toBe(200);
      const firstOnBrand = seen.indexOf(`id:${northside}`);
      expect(firstOnBrand).toBeGreaterThan(0);
      expect(new Set(seen.slice(0, firstOnBrand))).toEqual(new Set(['system']));
      expect(new Set(seen.slice(firstOnBrand))).toEqual(new Set([`id:${northside}`]));
      // An unknown brand reads nothing of any brand.
      seen = [];
      expect((await app.inject({ method: 'GET', url: '/fhir/nobody/Location' })).statusCode).toBe(404);
      expect(new Set(seen)).toEqual(new Set(['slug:nobody']));
    });

    it('writes a partner’s token, $hold and $book (patient, appointment, hold, slot units) on the brand its path names (issue 20)', async () => {
      const { partner, clientSecret, slot } = await northsidePartner();
      writes = [];
      const token = await app.inject({
        method: 'POST',
        url: '/fhir/northside/auth/token',
        payload: {
          grant_type: 'client_credentials',
          client_id: partner.clientIdentifier,
          client_secret: clientSecret,
        },
      });
      expect(token.statusCode, token.body).toBe(200);
      expectWritesOnNorthside();
      const person = newPatient();
      const appointment = {
        resourceType: 'Appointment',
        slot: [{ reference: `Slot/${slot}` }],
        contained: [
          {
            resourceType: 'Patient',
            id: 'patient',
            name: [{ family: String(person.lastName), given: [String(person.firstName)] }],
            birthDate: String(person.dateOfBirth),
            telecom: [
              { system: 'email', value: String(person.email) },
              { system: 'phone', value: String(person.phone) },
            ],
          },
        ],
        participant: [{ actor: { reference: '#patient' } }],
      };
      for (const operation of ['$hold', '$book']) {
        writes = [];
        const response = await app.inject({
          method: 'POST',
          url: `/fhir/northside/Appointment/${operation}`,
          headers: { authorization: `Bearer ${token.json<PartnerTokenResponse>().access_token}` },
          payload: {
            resourceType: 'Parameters',
            parameter: [{ name: 'appointment-resource', resource: appointment }],
          },
        });
        expect(response.statusCode, `${operation}: ${response.body}`).toBe(201);
        expectWritesOnNorthside();
      }
    });

    it('runs a staff call on the brand its guard authorised, after the sign-in checks', async () => {
      const login = await loginAsDemo(app, 'owner');
      seen = [];
      const response = await app.inject({
        method: 'GET',
        url: `/api/scheduler/getAllProviders?clientId=${northside}`,
        headers: login.bearerHeaders,
      });
      expect(response.statusCode).toBe(200);
      const firstOnBrand = seen.indexOf(`id:${northside}`);
      expect(firstOnBrand).toBeGreaterThan(0);
      // The session and membership checks cross brands (system); everything after is on the brand.
      expect(new Set(seen.slice(0, firstOnBrand))).toEqual(new Set(['system']));
      expect(new Set(seen.slice(firstOnBrand))).toEqual(new Set([`id:${northside}`]));
    });
  });
});

describe('row-level security on sqlite', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await sqliteOnly().create();
    await seedIfEmpty(t.db, NOW);
  });
  afterAll(async () => {
    await t.destroy();
  });

  it('changes nothing: the migration is applied and every brand’s rows stay readable in any scope', async () => {
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      t.db,
    );
    expect(applied.rows.map((row) => row.name)).toContain('2026-11-26-006-row-level-security');
    const brightsmile = await clientIdOf(t.db, 'brightsmile');
    expect((await asTenant(brightsmile, () => serviceClientIds(t.db))).length).toBe(2);
  });
});
