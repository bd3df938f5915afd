/*
 * The app's job queue and outbound transports, as decorations (buildApp sets them): `app.jobs`,
 * `app.email`, `app.sms`. Contexts get the same objects in their plugin options; tests reach the
 * queue of the app they built (`await app.jobs.drain(now)`).
 */
import type { EmailTransport, SmsTransport } from '../outbound/transports.ts';
import type { JobQueue } from './job-queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
    email: EmailTransport;
    sms: SmsTransport;
  }
}

export type { JobQueue, EmailTransport, SmsTransport };
