/*
 * The process the queue crash harness kills (queue-crash.ts): the real job queue of the harness
 * database, started, with one handler that sends each job's e-mail through the real e-mail
 * transport (SMTP_URL: the harness's sink) and returns, so the queue records it done. Prints
 * `READY` once started. Environment as for main.ts (DATABASE_URL or SQLITE_PATH, SMTP_URL,
 * JOB_POLL_MS); HARNESS_LEASE_MS and HARNESS_RETRY_MS shorten the lease and the backoff.
 */
import { loadConfig } from '../../src/platform/config.ts';
import { createDb } from '../../src/platform/db/database.ts';
import { createJobQueue } from '../../src/platform/jobs/index.ts';
import { createEmailTransport } from '../../src/platform/outbound/index.ts';

export const HARNESS_QUEUE = 'harness.send';

const config = loadConfig();
const db = createDb(config, { poolSize: 6 });
const email = createEmailTransport(config);
const queue = createJobQueue(config, db, {
  leaseMs: Number(process.env.HARNESS_LEASE_MS ?? 2_000),
  retryBaseMs: Number(process.env.HARNESS_RETRY_MS ?? 200),
  concurrency: 4,
  maintenanceIntervalSeconds: 5,
});
queue.handle(HARNESS_QUEUE, async (job) => {
  const key = job.key;
  await email.send({
    to: `patient-${String(job.payload.n)}@harness.test`,
    subject: `Reminder ${key}`,
    text: `Your appointment (job ${key}, try ${job.attempt}).`,
    html: `<p>Your appointment (job ${key}, try ${job.attempt}).</p>`,
    messageId: `<${key}@queue-harness.test>`,
  });
});
await queue.start();
console.info('READY');

process.once('SIGTERM', () => {
  void queue
    .stop()
    .then(() => email.close())
    .then(() => db.destroy())
    .then(() => process.exit(0));
});
