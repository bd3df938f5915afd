/*
 * Issue 17, the job queue under SIGKILL (fast version): a worker process sending e-mail jobs to a
 * local SMTP sink is killed twice mid-work, restarted, and finishes: no due job is lost, and a job
 * is sent twice only when it shows a second try (the kill fell between the sink's acceptance and
 * the queue's record of it). `npm run safety:queue` runs the full version (docs/reliability.md).
 */
import { describe, expect, it } from 'vitest';
import { harnessPostgresUrl } from './harness-servers.ts';
import type { HarnessDialect } from './harness-servers.ts';
import { createQueueHarnessDatabase, runQueueCrashes } from './queue-crash.ts';

const dialects: HarnessDialect[] = harnessPostgresUrl() === undefined ? ['sqlite'] : ['sqlite', 'postgres'];

describe.each(dialects)('job queue under SIGKILL on %s', (dialect) => {
  it('loses no due job and sends one twice only across a kill', async () => {
    const database = await createQueueHarnessDatabase(dialect, `scheduler_queue_test_${process.pid}`);
    try {
      const report = await runQueueCrashes(database, {
        jobs: 300,
        kills: 2,
        minRunMs: 300,
        maxRunMs: 600,
        leaseMs: 1_000,
      });
      expect(report.failures).toEqual([]);
      expect(report.lost).toBe(0);
      expect(report.delivered).toBe(300);
      expect(report.states).toEqual({ done: 300 });
      expect(report.duplicatesWithRetry).toBe(report.duplicatedJobs);
    } finally {
      await database.destroy();
    }
  }, 180_000);
});
