// One server instance's job queue for bench/messages.ts: the real queue of the database in the
// environment (DATABASE_URL + BENCH_PG_SCHEMA, or SQLITE_PATH), started with the production
// defaults (JOB_POLL_MS, concurrency), and a handler shaped like a message dispatch: re-read the
// message row, send the rendered e-mail (with its .ics) through the real SMTP transport, record it
// sent. Prints READY once polling; stops on SIGTERM.
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createDb } from '../apps/server/src/platform/db/database.ts';
import { createJobQueue } from '../apps/server/src/platform/jobs/index.ts';
import { createEmailTransport } from '../apps/server/src/platform/outbound/index.ts';
import { renderedEmail } from './lib/message-fixture.ts';

const config = loadConfig();
const schema = process.env.BENCH_PG_SCHEMA;
const db = createDb(config, { poolSize: 10, ...(schema ? { pgSchema: schema } : {}) });
const email = createEmailTransport(config);
const queue = createJobQueue(config, db);

// The bench's message rows, through a connection of their own (the bench package has no Kysely).
const pool =
  config.databaseUrl === undefined
    ? undefined
    : new pg.Pool({
        connectionString: config.databaseUrl,
        max: 10,
        ...(schema ? { options: `-c search_path=${schema}` } : {}),
      });
const sqlite =
  config.databaseUrl === undefined ? new SqliteDatabase(config.sqlitePath, { timeout: 5_000 }) : undefined;
sqlite?.pragma('journal_mode = WAL');
sqlite?.pragma('synchronous = FULL');
const readRow = sqlite?.prepare('select id, to_address, status from bench_messages where id = ?');
const markSent = sqlite?.prepare(
  "update bench_messages set status = 'sent', provider_id = ?, sent_at = ? where id = ?",
);

interface MessageRow {
  id: number;
  to_address: string;
  status: string;
}

async function messageRow(id: number): Promise<MessageRow | undefined> {
  if (readRow !== undefined) return readRow.get(id) as MessageRow | undefined;
  const result = await pool?.query<MessageRow>(
    'select id, to_address, status from bench_messages where id = $1',
    [id],
  );
  return result?.rows[0];
}

async function recordSent(id: number, providerId: string): Promise<void> {
  if (markSent !== undefined) {
    markSent.run(providerId, Date.now(), id);
    return;
  }
  await pool?.query(
    "update bench_messages set status = 'sent', provider_id = $1, sent_at = $2 where id = $3",
    [providerId, Date.now(), id],
  );
}

queue.handle('bench.message', async (job) => {
  const id = Number(job.payload.messageId);
  const message = await messageRow(id);
  if (message === undefined || message.status !== 'queued') return;
  const receipt = await email.send({
    ...renderedEmail(id),
    to: message.to_address,
    messageId: `<bench-${id}@scheduler.test>`,
  });
  await recordSent(id, receipt.providerId);
});
await queue.start();
console.info('READY');
process.once('SIGTERM', () => {
  void queue
    .stop()
    .then(() => email.close())
    .then(() => db.destroy())
    .then(() => pool?.end())
    .then(() => sqlite?.close())
    .then(() => process.exit(0));
});
