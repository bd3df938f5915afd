// Staff patient search (issue 19) over 250,000 patients in one practice (plus two practices of
// 25,000 beside it), on SQLite and PostgreSQL: a mix of what the front desk types — last and first
// names, accents ('Zoë', 'Nguyễn'), apostrophes and hyphens ("O'Brien", 'obrien-ng'), whole names,
// partial e-mails ('zoe.o'), whole e-mails and phone numbers in every format ('(212) 555-0147',
// '2125550147', '555-0147'). Each search is the staff list's repository call (page of 25 sorted by
// name, the total count, the page's appointment figures), timed in-process. Budget: p95 ≤ 50 ms.
//
// PostgreSQL runs as the application would: row-level security on (ENABLE + FORCE), connected as a
// role that neither owns the tables nor bypasses the policies (`scheduler_app`, as in the tests),
// through the app's database handle and tenant context (asTenant: `app.client_id` set per
// connection). EXPLAIN ANALYZE of the statements shows which index serves the search.
//
//   node --import tsx bench/patient-search.ts     (BENCH_DATABASES=sqlite|postgres;
//   BENCH_PATIENTS=N scales the main practice; BENCH_SEARCH_ROUNDS=N rounds of the mix, default 12)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { patientSearchTokens } from '@scheduler/domain/patient-search';
import type { GetPatientListQuery } from '@scheduler/contract/patient-management/patients';
import { parseConfig } from '../apps/server/src/platform/config.ts';
import { createDb } from '../apps/server/src/platform/db/database.ts';
import type { Db } from '../apps/server/src/platform/db/database.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import { asTenant } from '../apps/server/src/platform/db/tenant-context.ts';
import { createPatientSearchRepository } from '../apps/server/src/contexts/patients/staff/patient-search-repository.ts';
import { searchTermsOf } from '../apps/server/src/contexts/patients/staff/search-terms.ts';
import { wantDatabase } from './lib/options.ts';
import { Report, describeMachine, round } from './lib/report.ts';
import { summarize } from './lib/stats.ts';
import { POSTGRES_URL } from './lib/targets.ts';

const MAIN_PATIENTS = Number(process.env.BENCH_PATIENTS ?? 250_000);
const OTHER_PATIENTS = Math.round(MAIN_PATIENTS / 10);
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 12);
const P95_BUDGET_MS = 50;
const APP_ROLE = 'scheduler_app';

// Kysely's types as the server's handle has them (kysely is the server's dependency, not the bench's).
type KyselyPlugin = Parameters<Db['withPlugin']>[0];
type TransformQueryArgs = Parameters<KyselyPlugin['transformQuery']>[0];
type CompiledQuery = ReturnType<ReturnType<Db['getExecutor']>['compileQuery']>;

/** A raw statement as a compiled query of the handle (no kysely import needed). */
function rawStatement(db: Db, text: string, parameters: readonly unknown[] = []): CompiledQuery {
  return { ...db.selectFrom('clients').select('id').compile(), sql: text, parameters };
}

// ---------------------------------------------------------------- synthetic patients

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST = `Olivia Emma Ava Sophia Isabella Mia Amelia Harper Evelyn Abigail Emily Ella Madison Scarlett
  Victoria Grace Chloé Camila Penelope Riley Layla Lillian Nora Zoë Zoey Hannah Lily Eleanor Hazel
  Aurora Natalie María Linda Patricia Barbara Susan Jessica Sarah Karen Nancy Lisa Priya Aisha Mei
  Yuki Fatima Lucía Ana Rosa Keisha Imani Renée Siân Björk Åsa Liam Noah Oliver Elijah James
  William Benjamin Lucas Henry Theodore Jack Levi Alexander Jackson Mateo Daniel Michael Mason
  Sebastian Ethan Logan Owen Samuel Jacob Asher Aiden John Joseph Wyatt David Leo Luke Julian Hudson
  Grayson Matthew Ezra Gabriel Carter Isaac Jayden Luca Anthony Dylan José François Søren Łukasz
  Jürgen Đorđe Rahul Omar Kenji Minh Tuấn Chinedu Kwame Diego Andrés Ángel`.split(/\s+/);
const LAST = `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez
  Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez
  Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyễn Hill Flores Green
  Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Patel Shah Kim Park Chen Wang
  Tanaka Okafor Mensah O'Brien O'Connor O'Neill D'Angelo DiMaggio McDonald MacLeod Murphy Kowalski
  Novak Schmidt Müller Rossi Dubois Silva Costa Ali Hassan Peña Núñez García-Márquez Trần Lê Phạm
  Hoàng Huỳnh Võ Đặng Bùi Ødegård Lindqvist Strauß Çelik Yılmaz Öztürk Zieliński Wójcik Dvořák
  Van-Dyke St-Pierre Fitzgerald Sullivan Kennedy Reilly Byrne Walsh Ryan Brennan Doyle Gallagher
  Quinn Flanagan Donnelly Hughes Morgan Evans Davies Price Jenkins Lloyd Powell Rees Owens Bell
  Ward Cox Howard Brooks Gray James Reyes Cruz Morales Ortiz Gutierrez Chavez Ramos Ruiz Alvarez
  Mendoza Castillo Jimenez Moreno Romero Herrera Medina Aguilar Vargas Guzman Mendez Salazar Soto
  Delgado Pena Rios Vasquez Castro Kaur Singh Gupta Sharma Khan Ahmed Yamamoto Nakamura Suzuki
  Watanabe Ito Sato Kobayashi Kato Yoshida Cohen Levy Friedman Katz Goldberg Schwartz Weiss`.split(/\s+/);
const AREA_CODES = Array.from({ length: 60 }, (_, i) => String(201 + i * 13));

interface Person {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
}

const ascii = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/ø/g, 'o')
    .replace(/[ıđł]/g, (c) => ({ ı: 'i', đ: 'd', ł: 'l' })[c] ?? c)
    .replace(/[^a-z0-9]/g, '');

function person(next: () => number, serial: number): Person {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const firstName = pick(FIRST);
  // One in ten has a double-barrelled name.
  const lastName = next() < 0.1 ? `${pick(LAST)}-${pick(LAST)}` : pick(LAST);
  const local =
    next() < 0.5
      ? `${ascii(firstName)}.${ascii(lastName)}${serial % 1000}`
      : `${ascii(firstName).slice(0, 1)}${ascii(lastName)}${serial}`;
  const year = 1930 + Math.floor(next() * 90);
  const month = String(1 + Math.floor(next() * 12)).padStart(2, '0');
  const day = String(1 + Math.floor(next() * 28)).padStart(2, '0');
  return {
    firstName,
    lastName,
    email: `${local}@example.com`,
    phone: `${pick(AREA_CODES)}555${String(Math.floor(next() * 10_000)).padStart(4, '0')}`,
    dateOfBirth: `${year}-${month}-${day}`,
  };
}

/** The patient every example of the issue must find. */
const ZOE: Person = {
  firstName: 'Zoë',
  lastName: "O'Brien-Nguyễn",
  email: 'zoe.obrien@example.com',
  phone: '2125550147',
  dateOfBirth: '1990-04-12',
};

/** What the front desk types, by kind. */
const MIX: Record<string, string[]> = {
  'last name': ['nguyen', 'smith', 'garcia', 'mcdonald', 'lindqvist', 'kowalski', 'fitzgerald'],
  'first name': ['zoe', 'olivia', 'jose', 'chloe', 'sebastian'],
  accents: ['Zoë', 'Nguyễn', 'Peña', 'Müller', 'Ødegård', 'Łukasz'],
  'apostrophe / hyphen': ["O'Brien", 'obrien', "d'angelo", 'obrien-ng', 'garcia-marquez', 'van dyke'],
  'first + last': ['zoe obrien', 'maria garcia', 'liam smith', 'nguyen, minh'],
  'partial e-mail': ['zoe.o', 'zoe.obrien', 'j.smith', 'maria.garcia1', 'lsmith12'],
  'whole e-mail': ['zoe.obrien@example.com', 'zoe.obrien@exa'],
  phone: ['(212) 555-0147', '2125550147', '555-0147', '+1 212 555 0147', '212-555-01', '0147'],
  'confirmation-like': ['jackson', 'K7M-4QXD'],
};

// ---------------------------------------------------------------- databases

interface Bench {
  name: 'SQLite' | 'PostgreSQL';
  db: Db;
  /** Owner statements (bulk load), `?` placeholders. */
  exec(statement: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  insertPatients(clientId: number, people: readonly Person[], firstId: number): Promise<void>;
  destroy(): Promise<void>;
}

function sqliteBench(): Bench {
  const dir = mkdtempSync(path.join(tmpdir(), 'scheduler-bench-patient-search-'));
  const file = path.join(dir, 'bench.db');
  const db = createDb(parseConfig({ SQLITE_PATH: file }));
  let raw: SqliteDatabase.Database | undefined;
  const open = () => (raw ??= new SqliteDatabase(file, { timeout: 10_000 }));
  return {
    name: 'SQLite',
    db,
    exec(statement, params = []) {
      const prepared = open().prepare(statement);
      if (prepared.reader) return Promise.resolve(prepared.all(...params) as Record<string, unknown>[]);
      prepared.run(...params);
      return Promise.resolve([]);
    },
    insertPatients(clientId, people, firstId) {
      const handle = open();
      const patient = handle.prepare(
        `insert into patients (id, client_id, first_name, last_name, normalized_name, date_of_birth, gender,
           phone, email, sms_permission, email_permission, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, null, ?, ?, 1, 1, ?, ?)`,
      );
      const token = handle.prepare(
        `insert into patient_search_tokens (client_id, token, patient_id, last_name, first_name)
         values (?, ?, ?, ?, ?)`,
      );
      handle.transaction(() => {
        people.forEach((p, index) => {
          const id = firstId + index;
          const normalized = `${p.firstName.toLowerCase()}|${p.lastName.toLowerCase()}`;
          patient.run(
            id,
            clientId,
            p.firstName,
            p.lastName,
            normalized,
            p.dateOfBirth,
            p.phone,
            p.email,
            0,
            0,
          );
          for (const value of patientSearchTokens(p)) token.run(clientId, value, id, p.lastName, p.firstName);
        });
      })();
      return Promise.resolve();
    },
    async destroy() {
      raw?.close();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresBench(): Promise<Bench | string> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (error) {
    return `PostgreSQL at ${POSTGRES_URL} is unreachable (${error instanceof Error ? error.message : String(error)})`;
  }
  const schema = `bench_patient_search_${process.pid}_${randomBytes(3).toString('hex')}`;
  await admin.query(`create schema ${schema}`);
  const role = await admin.query('select 1 from pg_roles where rolname = $1', [APP_ROLE]);
  if (role.rowCount === 0) await admin.query(`create role ${APP_ROLE} login nosuperuser nobypassrls`);
  const appUrl = new URL(process.env.BENCH_DATABASE_APP_URL ?? POSTGRES_URL);
  if (process.env.BENCH_DATABASE_APP_URL === undefined) {
    appUrl.username = APP_ROLE;
    appUrl.password = '';
  }
  const db = createDb(parseConfig({ DATABASE_URL: POSTGRES_URL, DATABASE_APP_URL: appUrl.toString() }), {
    pgSchema: schema,
    poolSize: 4,
  });
  const owner = new pg.Client({ connectionString: POSTGRES_URL, options: `-c search_path=${schema}` });
  await owner.connect();
  // The owner is held to row-level security (FORCE): the bulk load runs in system scope.
  await owner.query("select set_config('app.tenant_scope', 'system', false)");
  return {
    name: 'PostgreSQL',
    db,
    async exec(statement, params = []) {
      let index = 0;
      const text = statement.replace(/\?/g, () => `$${++index}`);
      return (await owner.query(text, params)).rows as Record<string, unknown>[];
    },
    async insertPatients(clientId, people, firstId) {
      for (let offset = 0; offset < people.length; offset += 10_000) {
        const batch = people.slice(offset, offset + 10_000);
        const ids = batch.map((_, index) => firstId + offset + index);
        await owner.query(
          `insert into patients (id, client_id, first_name, last_name, normalized_name, date_of_birth, gender,
             phone, email, sms_permission, email_permission, created_at, updated_at)
           select id, $1, f, l, lower(f) || '|' || lower(l), d, null, ph, e, 1, 1, 0, 0
           from unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) as t(id, f, l, d, ph, e)`,
          [
            clientId,
            ids,
            batch.map((p) => p.firstName),
            batch.map((p) => p.lastName),
            batch.map((p) => p.dateOfBirth),
            batch.map((p) => p.phone),
            batch.map((p) => p.email),
          ],
        );
        const tokens = batch.flatMap((p, index) =>
          patientSearchTokens(p).map((token) => [token, ids[index]!, p] as const),
        );
        await owner.query(
          `insert into patient_search_tokens (client_id, token, patient_id, last_name, first_name)
           select $1, token, id, l, f from unnest($2::text[], $3::int[], $4::text[], $5::text[]) as t(token, id, l, f)`,
          [
            clientId,
            tokens.map(([token]) => token),
            tokens.map(([, id]) => id),
            tokens.map(([, , p]) => p.lastName),
            tokens.map(([, , p]) => p.firstName),
          ],
        );
      }
    },
    async destroy() {
      await db.destroy();
      await owner.end();
      if (process.env.BENCH_KEEP_DATA === '1') console.info(`Kept the schema: ${schema}`);
      else await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.query(`drop schema if exists ${schema}_pgboss cascade`);
      await admin.end();
    },
  };
}

// ---------------------------------------------------------------- the run

/** The statements a call ran (root queries only), compiled, for EXPLAIN. */
function recorder(db: Db): { db: Db; statements: CompiledQuery[] } {
  const nodes = new Map<TransformQueryArgs['queryId'], TransformQueryArgs['node']>();
  const statements: CompiledQuery[] = [];
  const executor = db.getExecutor();
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      nodes.set(args.queryId, args.node);
      return args.node;
    },
    transformResult(args) {
      const node = nodes.get(args.queryId);
      if (node !== undefined) statements.push(executor.compileQuery(node, args.queryId));
      return Promise.resolve(args.result);
    },
  };
  return { db: db.withPlugin(plugin), statements };
}

async function load(bench: Bench): Promise<{ main: number; others: number[] }> {
  const now = Date.now();
  const clientIds: number[] = [];
  for (const slug of ['bench-main', 'bench-north', 'bench-south']) {
    await bench.exec(
      "insert into clients (slug, name, phone, frame_ancestors, created_at, updated_at) values (?, ?, '', '[]', ?, ?)",
      [slug, slug, now, now],
    );
    clientIds.push(Number((await bench.exec('select id from clients where slug = ?', [slug]))[0]?.id));
  }
  const [main, ...others] = clientIds as [number, ...number[]];
  const next = random(19);
  let id = 1;
  const started = performance.now();
  for (const [clientId, count] of [
    [main, MAIN_PATIENTS] as const,
    ...others.map((o) => [o, OTHER_PATIENTS] as const),
  ]) {
    const people: Person[] = [ZOE];
    for (let i = 1; i < count; i++) people.push(person(next, id + i));
    for (let offset = 0; offset < people.length; offset += 50_000) {
      await bench.insertPatients(clientId, people.slice(offset, offset + 50_000), id + offset);
    }
    id += count;
  }
  // PostgreSQL as after autovacuum (visibility map set: index-only scans read no heap).
  await bench.exec(bench.name === 'PostgreSQL' ? 'vacuum analyze' : 'analyze');
  const tokens = Number((await bench.exec('select count(*) as n from patient_search_tokens'))[0]?.n);
  console.info(
    `  loaded ${MAIN_PATIENTS.toLocaleString('en-US')} + ${others.length} × ${OTHER_PATIENTS.toLocaleString('en-US')} patients, ` +
      `${tokens.toLocaleString('en-US')} search tokens in ${round((performance.now() - started) / 1000)} s`,
  );
  return { main, others };
}

async function searchOnce(db: Db, clientId: number, text: string, pageSize = 25) {
  const repository = createPatientSearchRepository(db);
  return asTenant(clientId, () =>
    repository.listPatients(clientId, {
      terms: searchTermsOf({ search: text } as GetPatientListQuery),
      appointments: undefined,
      sort: 'name',
      page: 1,
      pageSize,
      now: Date.now(),
    }),
  );
}

async function explain(bench: Bench, clientId: number, text: string): Promise<string[]> {
  const { db, statements } = recorder(bench.db);
  await searchOnce(db, clientId, text);
  const plans: string[] = [];
  for (const statement of statements.slice(0, 2)) {
    const prefix =
      bench.name === 'PostgreSQL'
        ? 'explain (analyze, costs off, timing off, summary off) '
        : 'explain query plan ';
    const rows = await asTenant(clientId, () =>
      bench.db.executeQuery<Record<string, unknown>>(
        rawStatement(bench.db, prefix + statement.sql, statement.parameters),
      ),
    );
    plans.push(rows.rows.map((row) => String(row['QUERY PLAN'] ?? row.detail)).join('\n'));
  }
  return plans;
}

/** The functions of the operators in a plan's Index Conds: each must be LEAKPROOF. */
async function leakproofIndexConditions(bench: Bench, plan: string): Promise<void> {
  const conditions = plan.split('\n').filter((line) => line.includes('Index Cond:'));
  const operators = new Set(
    conditions.flatMap((line) => line.match(/ (=|>=|<=|<|>) /g) ?? []).map((op) => op.trim()),
  );
  const rows = await bench.exec(
    `select o.oprname as op, format_type(o.oprleft, null) as type, p.proname as fn, p.proleakproof as leakproof
     from pg_operator o join pg_proc p on p.oid = o.oprcode
     where o.oprname = any(?) and o.oprleft = o.oprright and o.oprleft in ('integer'::regtype, 'text'::regtype)`,
    [[...operators]],
  );
  const leaky = rows.filter((row) => row.leakproof !== true);
  if (conditions.length === 0 || leaky.length > 0)
    throw new Error(`index conditions not LEAKPROOF: ${JSON.stringify({ conditions, leaky })}`);
}

async function securityFacts(bench: Bench, clientId: number): Promise<string> {
  if (bench.name !== 'PostgreSQL') return 'SQLite: no row-level security';
  const facts = await asTenant(clientId, () =>
    bench.db.executeQuery<{
      role: string;
      bypass: boolean;
      superuser: boolean;
      rls: boolean;
      forced: boolean;
      seen: number;
    }>(
      rawStatement(
        bench.db,
        `select current_user as role, r.rolbypassrls as bypass, r.rolsuper as superuser,
           c.relrowsecurity as rls, c.relforcerowsecurity as forced,
           (select count(distinct client_id) from patient_search_tokens)::int as seen
         from pg_roles r, pg_class c
         where r.rolname = current_user and c.oid = to_regclass('patient_search_tokens')`,
      ),
    ),
  );
  const row = facts.rows[0]!;
  if (row.bypass || row.superuser || !row.rls || !row.forced || row.seen !== 1)
    throw new Error(`row-level security is not in force: ${JSON.stringify(row)}`);
  return `as ${row.role} (not owner, no BYPASSRLS), row-level security enabled and forced; the tenant sees ${row.seen} practice's tokens`;
}

async function run(bench: Bench, report: Report): Promise<void> {
  console.info(`\n${bench.name}`);
  await migrate(bench.db);
  const { main, others } = await load(bench);
  const security = await securityFacts(bench, main);
  console.info(`  ${security}`);

  // Every example finds Zoë, only in her practice (the others hold a Zoë of their own).
  const zoeIds = new Set<number>();
  for (const text of ['zoe', 'obrien', 'nguyen', 'zoe.o', '(212) 555-0147', '2125550147', '555-0147']) {
    const found = await searchOnce(bench.db, main, text, 20_000);
    const zoe = found.items.find((item) => item.firstName === 'Zoë' && item.lastName === "O'Brien-Nguyễn");
    if (zoe === undefined) throw new Error(`"${text}" did not find Zoë O'Brien-Nguyễn`);
    zoeIds.add(zoe.patientId);
  }
  const elsewhere = await searchOnce(bench.db, others[0]!, "o'brien-nguyen");
  if (elsewhere.items.some((item) => zoeIds.has(item.patientId)))
    throw new Error("another practice's search found the main practice's patient");

  const texts = Object.entries(MIX).flatMap(([kind, list]) => list.map((text) => ({ kind, text })));
  for (const { text } of texts) await searchOnce(bench.db, main, text); // warm-up
  const samples: number[] = [];
  const cpuSamples: number[] = [];
  const byKind = new Map<string, number[]>();
  const byText = new Map<string, number[]>();
  const matches = new Map<string, number>();
  for (let roundIndex = 0; roundIndex < ROUNDS; roundIndex++) {
    for (const { kind, text } of texts) {
      const cpu = process.cpuUsage();
      const started = performance.now();
      const result = await searchOnce(bench.db, main, text);
      const ms = performance.now() - started;
      const used = process.cpuUsage(cpu);
      samples.push(ms);
      cpuSamples.push((used.user + used.system) / 1000);
      byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
      byText.set(text, [...(byText.get(text) ?? []), ms]);
      matches.set(text, result.total);
    }
  }
  const all = summarize(samples);
  const loadAverage = describeMachine().loadAverage;
  report.add(`${bench.name}: search p50`, round(all.p50, 2), 'ms');
  report.add(
    `${bench.name}: search p95`,
    round(all.p95, 2),
    'ms',
    { kind: 'max', limit: P95_BUDGET_MS },
    `${samples.length} searches, wall clock; load average ${loadAverage.join(' / ')} on ${cpus().length} cores`,
  );
  // The machine's other work stretches wall-clock figures: each search's fastest round, and (SQLite,
  // in this process) the CPU time the search itself used, are the figures without the queueing.
  const fastest = [...byText.values()].map((list) => Math.min(...list));
  report.add(
    `${bench.name}: search p95 of each search's fastest round`,
    round(summarize(fastest).p95, 2),
    'ms',
    { kind: 'max', limit: P95_BUDGET_MS },
    `${fastest.length} searches × best of ${ROUNDS}`,
  );
  if (bench.name === 'SQLite')
    report.add(`${bench.name}: search p95 CPU time (in process)`, round(summarize(cpuSamples).p95, 2), 'ms', {
      kind: 'max',
      limit: P95_BUDGET_MS,
    });
  for (const [kind, list] of byKind) {
    const s = summarize(list);
    console.info(`    ${kind.padEnd(20)} p50 ${round(s.p50, 2)} ms  p95 ${round(s.p95, 2)} ms`);
  }
  console.info(`    matches: ${[...matches].map(([text, n]) => `${JSON.stringify(text)} ${n}`).join(', ')}`);
  // Broad prefixes (a letter or two: thousands of matches, all sorted for the first page), apart.
  const broad: number[] = [];
  for (let roundIndex = 0; roundIndex < Math.max(2, Math.floor(ROUNDS / 3)); roundIndex++) {
    for (const text of ['mi', 'ga', 's']) {
      const started = performance.now();
      const result = await searchOnce(bench.db, main, text);
      broad.push(performance.now() - started);
      matches.set(text, result.total);
    }
  }
  report.add(
    `${bench.name}: broad prefixes ('mi', 'ga', 's') p50`,
    round(summarize(broad).p50, 2),
    'ms',
    undefined,
    `outside the mix; ${matches.get('s')} patients match 's'`,
  );
  report.details[bench.name] = {
    security,
    matches: Object.fromEntries(matches),
    byKind: Object.fromEntries([...byKind].map(([kind, list]) => [kind, summarize(list)])),
  };

  for (const text of ['nguyen', 'zoe obrien', '555-0147', 'zoe.obrien@exa']) {
    // Sorted by name: the page with its total (one statement), then the page's appointment figures.
    const [page, count] = await explain(bench, main, text);
    console.info(
      `  EXPLAIN of ${JSON.stringify(text)} — the page and total:\n${indent(page)}\n  — the page's appointment figures:\n${indent(count)}`,
    );
    const plans = `${page}\n${count}`;
    const usesTokens =
      /patient_search_tokens_pkey|patient_search_tokens_patient_idx|SEARCH t USING PRIMARY KEY/.test(plans);
    // Row-level security lets only LEAKPROOF operators into an index condition: every operator of
    // the plan's Index Conds (=, >=, < on integer and text) must be one.
    if (bench.name === 'PostgreSQL') await leakproofIndexConditions(bench, page ?? '');
    // A walk of the whole brand: a sequential scan, or the name index read in order.
    const walksBrand = /Seq Scan on patient|patients_client_name_sort_idx|SCAN (p|t)\b/.test(plans);
    if (!usesTokens || walksBrand)
      console.warn(`  NOT served by the token index alone: ${JSON.stringify(text)}`);
    report.add(
      `${bench.name}: "${text}" served by the token index`,
      usesTokens && !walksBrand ? 1 : 0,
      'yes',
      {
        kind: 'min',
        limit: 1,
      },
    );
  }
}

const indent = (text: string | undefined): string =>
  (text ?? '')
    .split('\n')
    .map((line) => `      ${line}`)
    .join('\n');

const report = new Report('patient-search');
report.details.patients = { main: MAIN_PATIENTS, others: [OTHER_PATIENTS, OTHER_PATIENTS], rounds: ROUNDS };
if (wantDatabase('sqlite')) {
  const bench = sqliteBench();
  try {
    await run(bench, report);
  } finally {
    await bench.destroy();
  }
}
if (wantDatabase('postgres')) {
  const bench = await postgresBench();
  if (typeof bench === 'string') {
    console.warn(`\nSKIPPED the PostgreSQL part: ${bench}`);
    report.details.postgresSkipped = bench;
  } else {
    try {
      await run(bench, report);
    } finally {
      await bench.destroy();
    }
  }
}
report.finish();
