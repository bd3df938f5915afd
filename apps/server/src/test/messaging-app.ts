import type { App } from '../app.ts';
import { createJobQueue } from '../platform/jobs/index.ts';
import type { JobQueue } from '../platform/jobs/index.ts';
import { createEmailTransport } from '../platform/outbound/index.ts';
import type { EmailTransport } from '../platform/outbound/index.ts';
import { startSmtpSink } from './smtp-sink.ts';
import type { SmtpSink } from './smtp-sink.ts';
import { createTestApp } from './test-db.ts';
import type { TestDatabase } from './test-db.ts';
import { twilioStub } from './twilio-stub.ts';
import type { TwilioStub } from './twilio-stub.ts';

export const TEST_MAIL_FROM = 'BrightSmile <no-reply@clinic.test>';
export const TEST_PUBLIC_URL = 'https://book.clinic.test';

/** An app that sends its messages: e-mail to an in-process SMTP sink, SMS to a Twilio stub. */
export interface MessagingApp {
  app: App;
  jobs: JobQueue;
  sink: SmtpSink;
  email: EmailTransport;
  stub: TwilioStub;
  /** Closes the app, the transport and the sink (the database is the caller's). */
  close(): Promise<void>;
}

/**
 * The test app of the message tests (the booking's confirmation, reminders, Spanish messages, the
 * front desk's language): its job queue on `now`, real SMTP into a sink, SMS through the Twilio SDK
 * into a local stub, links on TEST_PUBLIC_URL.
 */
export async function startMessagingApp(
  t: Pick<TestDatabase, 'db' | 'config'>,
  now: () => Date,
): Promise<MessagingApp> {
  const sink = await startSmtpSink();
  const email = createEmailTransport({ smtpUrl: sink.url, mailFrom: TEST_MAIL_FROM });
  const stub = twilioStub();
  const jobs = createJobQueue(t.config, t.db, { now });
  const app = await createTestApp(t, {
    now,
    jobs,
    email,
    sms: stub.sms,
    config: { twilio: stub.config, publicUrl: TEST_PUBLIC_URL, mailFrom: TEST_MAIL_FROM },
  });
  await app.ready();
  return {
    app,
    jobs,
    sink,
    email,
    stub,
    async close() {
      await app.close();
      await email.close();
      await sink.close();
    },
  };
}
