import { setFlagsFromString } from 'node:v8';
import { buildApp } from './app.ts';
import { loadConfig, serverClock } from './platform/config.ts';
import { createDb, dialectOf } from './platform/db/database.ts';
import { migrate } from './platform/db/migrate.ts';
import { demoEntry } from './platform/db/seed/demo-catalogue.ts';
import { hasDemoClient } from './platform/db/seed/seed.ts';
import { firstOwnerInstructions, prepareStartUpData } from './platform/db/seed/start-up.ts';

const SHUTDOWN_GRACE_MS = 10_000;

const config = loadConfig();
// The heap's growth past what a full GC keeps (config.ts, HEAP_GROWING_PERCENT): read by V8 each
// time it sets the next GC's limit, so setting it at start-up is enough.
if (config.heapGrowingPercent > 0) setFlagsFromString(`--heap-growing-percent=${config.heapGrowingPercent}`);
const db = createDb(config);
const now = serverClock(config); // the real clock, or TEST_CLOCK_START's in test mode
// Staff sign-in keeps the real clock under a test clock (see BuildAppOptions.staffClock).
const app = await buildApp({ config, db, now, staffClock: () => new Date() });

let needsFirstOwner = false;
try {
  const { applied } = await migrate(db);
  if (applied.length > 0) app.log.info({ applied }, 'database migrated');
  // The demo only in development or with SEED_DEMO=true (issue 15 #6).
  const seed = await prepareStartUpData(db, config, now());
  if (seed.seeded) app.log.info({ brands: seed.brands }, 'demo data seeded');
  needsFirstOwner = seed.needsFirstOwner;
  await app.listen({ port: config.port, host: config.host });
  // The durable job queue (messages): after migrating; app.close() stops it before db.destroy().
  await app.jobs.start();
} catch (error) {
  app.log.fatal({ err: error }, 'start-up failed');
  await app.close().catch(() => undefined);
  await db.destroy().catch(() => undefined);
  process.exit(1);
}

const origin = `http://localhost:${config.port}`;
const database = dialectOf(db) === 'postgres' ? 'PostgreSQL' : `SQLite (${config.sqlitePath})`;
console.info(`\nScheduler is running on ${origin} with ${database}`);
if (await hasDemoClient(db)) {
  const { clientSlug, schedulerSlug, locationSlug, ownerEmail, ownerPassword } = demoEntry;
  console.info(`  Demo booking:  ${origin}/${clientSlug}/${schedulerSlug}/${locationSlug}/landing`);
  console.info(`  Admin login:   ${origin}/${config.adminLoginPath}  (${ownerEmail} / ${ownerPassword})`);
  console.info(`  Open times:    ${origin}/fhir/${clientSlug}/$bulk-publish  (FHIR R4, docs/interop.md)`);
}
console.info(`  API docs:      ${origin}/api/docs\n`);
if (needsFirstOwner) console.info(`${firstOwnerInstructions().join('\n')}\n`);
if (config.nodeEnv === 'production' && config.loginHashKey === undefined) {
  // Without it, sign-in counters, invitation links and two-factor secrets are keyed with a key
  // that ships in the source: obscured, not protected (README, Configuration).
  app.log.warn('LOGIN_HASH_KEY is not set: set a random secret of at least 32 characters in production');
}
if (config.nodeEnv === 'production' && config.manageLinkKey === undefined) {
  // Issue 18: the patients' manage links are keyed with it (derived from LOGIN_HASH_KEY without it).
  app.log.warn('MANAGE_LINK_KEY is not set: set a random secret of at least 32 characters in production');
}

let closing = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  try {
    await app.close();
    await db.destroy();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error during shutdown');
    process.exit(1);
  }
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void shutdown(signal));
}
