/*
 * The app's job queue and transports (issue 17 wiring): built from config unless injected,
 * reachable as app.jobs / app.email / app.sms, the queue not started in tests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inWriteTransaction } from '../db/transaction.ts';
import { createTestApp, testDatabases } from '../../test/test-db.ts';
import type { TestDatabase } from '../../test/test-db.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import type { SmtpSink } from '../../test/smtp-sink.ts';
import { twilioStub } from '../../test/twilio-stub.ts';
import { createEmailTransport } from '../outbound/index.ts';

describe.each(testDatabases())('app job queue and transports on $name', (target) => {
  let t: TestDatabase;
  let sink: SmtpSink;
  beforeAll(async () => {
    t = await target.create();
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
    await t.destroy();
  });

  it('defaults to unconfigured transports and a queue of the database', async () => {
    const app = await createTestApp(t);
    expect(app.jobs.kind).toBe(t.name === 'postgres' ? 'pg-boss' : 'sqlite');
    expect(app.email.configured).toBe(false);
    expect(app.sms.configured).toBe(false);
    await app.close();
  });

  it('builds the e-mail transport from SMTP_URL when none is injected', async () => {
    const app = await createTestApp(t, {
      config: { smtpUrl: sink.url, mailFrom: 'Clinic <no-reply@clinic.test>' },
    });
    expect(app.email.configured).toBe(true);
    await app.close();
  });

  it('runs jobs only when a test drains them, with the injected transports', async () => {
    const now = new Date('2031-05-05T09:00:00Z');
    const stub = twilioStub();
    const email = createEmailTransport({ smtpUrl: sink.url, mailFrom: 'Clinic <no-reply@clinic.test>' });
    const app = await createTestApp(t, { now: () => now, email, sms: stub.sms });
    app.jobs.handle('wiring.send', async (job) => {
      await app.email.send({
        to: 'pat@example.test',
        subject: `Job ${job.key}`,
        text: 'hello',
        html: '<p>hello</p>',
      });
      await app.sms.send({ to: '+15551234567', body: `Job ${job.key}` });
    });
    await inWriteTransaction(t.db, (trx) =>
      app.jobs.enqueue(trx, [{ queue: 'wiring.send', key: 'one', payload: {}, runAt: now }]),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.messages.some((mail) => mail.subject === 'Job one')).toBe(false);
    expect(await app.jobs.drain(now)).toBe(1);
    await sink.waitFor((mail) => mail.subject === 'Job one');
    expect(stub.calls.map((call) => call.body)).toEqual(['Job one']);
    await app.close();
    await email.close();
  });
});
