/*
 * The server process the crash harness kills (crash.ts): main.ts without migrations or seeding,
 * with the clock pinned to the seeded demo's NOW. Environment as for main.ts (DATABASE_URL or
 * SQLITE_PATH, RATE_LIMIT_*); listens on PORT (0: any) and prints `LISTENING <url>` once ready.
 */
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { createDb } from '../../src/platform/db/database.ts';
import { NOW } from '../../src/test/public-api-fixture.ts';

const config = loadConfig();
const db = createDb(config);
const app = await buildApp({ config, db, logger: false, now: () => NOW });
const address = await app.listen({ port: config.port, host: '127.0.0.1' });
console.info(`LISTENING ${address}`);
