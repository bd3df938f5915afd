/*
 * Messages (issue 17): the confirmations, reminders and notices of appointments, on the durable job
 * queue. The context's only public entry:
 *
 *  - `messagesPlugin` (app.ts): registers the send handler (queue `messages.send`), the staff
 *    routes and Twilio's webhooks;
 *  - `createAppointmentMessages(jobs, now)`: the hook other contexts call INSIDE the write
 *    transaction of an appointment's change (booking, staff status change, waitlist booking, and
 *    any future change of its start) — `plan(trx, { appointmentId, event })` makes the message rows
 *    and their jobs on that transaction;
 *  - `statusChangeEvent(from, to)`: which event a status change is, if any.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/database.ts';
import type { AppointmentStatus } from '../../platform/db/schema.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { EmailTransport, SmsTransport } from '../../platform/outbound/transports.ts';
import { calendarSource } from './calendar.ts';
import { createDispatcher } from './dispatch.ts';
import type { ManageLinkSource } from './dispatch.ts';
import { SEND_QUEUE } from './message-record.ts';
import type { AppointmentChange, AppointmentEvent } from './message-record.ts';
import { planAppointmentMessages } from './planner.ts';
import type { TemplateSource } from './rendering.ts';
import { messagesStaffRoutes } from './staff-routes.ts';
import { twilioWebhookRoutes } from './webhook-routes.ts';
import { templateSourceFor } from './templates/index.ts';

export { planAppointmentMessages } from './planner.ts';
export type { AppointmentChange, AppointmentEvent } from './message-record.ts';
export { SEND_QUEUE, SKIP_REASONS } from './message-record.ts';
// Templates (helper C1's part of the context).
export { messageTemplateRoutes, renderMessage, templateSourceFor } from './templates/index.ts';
export type { RenderMessageInput, RenderedMessageParts, TemplateLookup } from './templates/index.ts';

/** What a context calls inside its write transaction when an appointment changes. */
export interface AppointmentMessages {
  plan(trx: Db, change: AppointmentChange): Promise<void>;
}

export function createAppointmentMessages(
  jobs: JobQueue,
  now: () => Date = () => new Date(),
): AppointmentMessages {
  return {
    async plan(trx, change) {
      await planAppointmentMessages(trx, jobs, change, now);
    },
  };
}

/** The event of a status change: confirmed (pending → booked), cancelled; none for the others. */
export function statusChangeEvent(
  from: AppointmentStatus,
  to: AppointmentStatus,
): AppointmentEvent | undefined {
  if (to === 'cancelled' && from !== 'cancelled') return 'cancelled';
  if (from === 'pending' && to === 'booked') return 'confirmed';
  return undefined;
}

export interface MessagesPluginOptions {
  db: Db;
  now: () => Date;
  jobs: JobQueue;
  email: EmailTransport;
  sms: SmsTransport;
  config: Pick<Config, 'twilio' | 'publicUrl' | 'mailFrom'>;
  /** The practice's template for (kind, channel); default: its stored one, else the shipped one (C1). */
  templates?: TemplateSource;
  /** Issue 18: the manage page link of an appointment (scheduling's `createManageLinks(…).linkFor`). */
  manageLinks?: ManageLinkSource;
}

export const messagesPlugin: FastifyPluginAsyncZod<MessagesPluginOptions> = async (app, options) => {
  const { db, now, jobs, email, sms, config } = options;
  jobs.handle(
    SEND_QUEUE,
    createDispatcher({
      db,
      jobs,
      now,
      email,
      sms,
      templates: options.templates ?? templateSourceFor(db),
      calendar: calendarSource(config.mailFrom, now),
      publicUrl: config.publicUrl,
      manageLinks: options.manageLinks,
    }),
  );
  await app.register(messagesStaffRoutes, { db, now, jobs });
  await app.register(twilioWebhookRoutes, { db, now, jobs, config });
};
