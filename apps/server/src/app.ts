/*
 * The app's composition, in one style: the platform first (route table, tenant requests, HTTP
 * plugins, staff authentication once, errors, the web app), then each context's plugins from its
 * index.ts, in the order of the API document (the OpenAPI document lists routes as registered).
 */
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffAuthPlugin } from './platform/auth/plugin.ts';
import type { Config } from './platform/config.ts';
import { trustProxyOption } from './platform/trust-proxy.ts';
import { dialectOf } from './platform/db/database.ts';
import type { Db } from './platform/db/database.ts';
import { createJobQueue } from './platform/jobs/index.ts';
import type { JobQueue } from './platform/jobs/index.ts';
import type {} from './platform/jobs/app-decorations.ts';
import { createEmailTransport, createSmsTransport } from './platform/outbound/index.ts';
import type { EmailTransport, SmsTransport } from './platform/outbound/index.ts';
import { installErrorHandling, sendApiNotFound } from './platform/http/errors.ts';
import { registerHttpPlatform } from './platform/http/http-platform.ts';
import { loggerOptions } from './platform/http/logging.ts';
import type { LoggerSettings } from './platform/http/logging.ts';
import { installRouteTable } from './platform/http/route-table.ts';
import { installTenantRequests } from './platform/http/tenant-requests.ts';
import { registerWebApp } from './platform/http/web-app.ts';
import { staffRoutes } from './contexts/staff/index.ts';
import { analyticsRoutes } from './contexts/analytics/index.ts';
import {
  bookingRoutes,
  frontDeskRoutes,
  createAvailability,
  createManageLinks,
  manageLinkKeyOf,
  manageRoutes,
  resendManageLinkRoutes,
  scheduleRoutes,
  slotSearchRoutes,
} from './contexts/scheduling/index.ts';
import { healthPlugin } from './contexts/health/index.ts';
import {
  catalogueAdminRoutes,
  closureRoutes,
  insuranceRoutes,
  schedulerConfigRoutes,
  settingsRoutes,
  widgetAllowListRoutes,
} from './contexts/catalogue/index.ts';
import {
  auditLogRoutes,
  patientAppointmentsRoutes,
  patientManagementRoutes,
  patientRoutes,
} from './contexts/patients/index.ts';
import { reportRoutes } from './contexts/reports/index.ts';
import {
  bookFromWaitListRoutes,
  createWaitlistOffers,
  offerAddedHours,
  staffWaitlistRoutes,
  waitlistOffersPlugin,
  waitlistRoutes,
} from './contexts/waitlist/index.ts';
import { avatarPlugin, providerAdminRoutes, providerRoutes } from './contexts/providers/index.ts';
import { widgetPlugin } from './contexts/widget/index.ts';
import { openAvailabilityRoutes } from './contexts/open-availability/index.ts';
import {
  createAppointmentMessages,
  messageTemplateRoutes,
  messagesPlugin,
} from './contexts/messages/index.ts';

export { routeTableOf } from './platform/http/route-table.ts';
export type { RegisteredRoute } from './platform/http/route-table.ts';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** `false` for no logs; otherwise level (default config.logLevel) and stream (default stdout). */
  logger?: LoggerSettings | false;
  /** The clock (tests pin it); default the system clock. */
  now?: () => Date;
  /**
   * The clock of staff sign-in (sessions and their cookies, sign-in challenges and codes); default
   * `now`. The server under TEST_CLOCK_START keeps the real clock here, as the browser keeps it for
   * cookies (e2e/tests/test-clock.ts): a session issued at a past test instant would expire at once.
   */
  staffClock?: () => Date;
  /**
   * The durable job queue (issue 17). Default: the queue of `db` from config, NOT started (main.ts
   * starts it after migrating; tests call `app.jobs.drain(now)`), stopped when the app closes.
   */
  jobs?: JobQueue;
  /** Outgoing e-mail; default from SMTP_URL/MAIL_FROM (closed when the app closes). */
  email?: EmailTransport;
  /** Outgoing SMS; default from TWILIO_* (not configured without them). */
  sms?: SmsTransport;
}

/** 1 MiB: far above any booking payload, small enough to refuse abuse early. */
const BODY_LIMIT_BYTES = 1_048_576;

/** Each context's plugins (from its index.ts), in the order of the API document. */
async function registerContexts(
  app: App,
  {
    config,
    db,
    now,
    staffClock,
    jobs,
    email,
    sms,
  }: Required<Omit<BuildAppOptions, 'logger' | 'staffClock'>> & Pick<BuildAppOptions, 'staffClock'>,
): Promise<void> {
  await app.register(healthPlugin, { db });
  await app.register(avatarPlugin, { db });
  // The public (anonymous) scheduler API of the booking flow.
  const rateLimits = {
    readsPerMinute: config.rateLimitReadsPerMinute,
    bookingsPerMinute: config.rateLimitBookingsPerMinute,
  };
  await app.register(schedulerConfigRoutes, { db, now, rateLimits });
  // One availability service (one set of caches) for the slot search and the waitlist.
  const availability = createAvailability(db, now);
  await app.register(slotSearchRoutes, { db, now, rateLimits, availability });
  await app.register(patientRoutes, { db, now, rateLimits });
  await app.register(insuranceRoutes, { db, now, rateLimits });
  // Messages of appointment changes, planned inside each change's transaction (issue 17).
  const messages = createAppointmentMessages(jobs, now);
  // Issue 18: freed times offered to the waitlist (cancellations, reschedules), in their transactions.
  const waitlistOffers = createWaitlistOffers(jobs, now);
  // Issue 18: the patients' manage links (booking answer, messages, manage page, staff resend).
  const manageLinks = createManageLinks({
    db,
    now,
    key: manageLinkKeyOf(config),
    publicUrl: config.publicUrl,
    messages,
  });
  await app.register(bookingRoutes, {
    db,
    now,
    rateLimits,
    messages,
    outbound: { email, sms },
    manageLinks,
  });
  await app.register(manageRoutes, {
    db,
    now,
    rateLimits,
    messages,
    links: manageLinks,
    waitlist: waitlistOffers,
  });
  await app.register(waitlistRoutes, { db, now, rateLimits, availability });
  await app.register(waitlistOffersPlugin, {
    db,
    now,
    jobs,
    email,
    sms,
    publicUrl: config.publicUrl,
    availability,
    messages,
    offers: waitlistOffers,
  });
  await app.register(analyticsRoutes, { db, now, rateLimits });
  await app.register(staffRoutes, { db, now: staffClock ?? now, queueNow: now, jobs, email, config });
  // The staff-only scheduler calls, in the order of the API document: settings, providers and
  // their maps, the staff data lists, the catalogue's records, providers' create/delete, the widget.
  await app.register(settingsRoutes, { db });
  await app.register(providerRoutes, { db, hoursReplaced: offerAddedHours(waitlistOffers, now) });
  await app.register(patientAppointmentsRoutes, { db });
  await app.register(staffWaitlistRoutes, { db });
  await app.register(catalogueAdminRoutes, { db });
  await app.register(providerAdminRoutes, { db, now: () => now().getTime() });
  await app.register(closureRoutes, { db, now });
  await app.register(widgetAllowListRoutes, { db });
  await app.register(scheduleRoutes, { db, now });
  await app.register(patientManagementRoutes, { db, now, messages, waitlistOffers });
  await app.register(bookFromWaitListRoutes, { db, now, messages });
  await app.register(frontDeskRoutes, { db, now, messages, waitlist: waitlistOffers });
  await app.register(resendManageLinkRoutes, { links: manageLinks });
  await app.register(auditLogRoutes, { db, now });
  await app.register(reportRoutes, { db, now });
  await app.register(messageTemplateRoutes, { db, now });
  await app.register(messagesPlugin, {
    db,
    now,
    jobs,
    email,
    sms,
    config,
    manageLinks: (clientId, appointmentId) => manageLinks.linkFor(clientId, appointmentId),
  });
  // Issue 20: FHIR R4 read API, SMART Scheduling Links, partners' hold/book, calendar feeds.
  await app.register(openAvailabilityRoutes, {
    db,
    now,
    rateLimits,
    config,
    jobs,
    availability,
    messages,
    manageLinks,
  });
}

/**
 * Builds the Fastify instance with every plugin and route, without listening: `main.ts`
 * listens, tests call `app.inject()`. The caller owns `db` (and closes it after the app).
 */
export async function buildApp({
  config,
  db,
  logger,
  now = () => new Date(),
  staffClock,
  ...outbound
}: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: logger === false ? false : loggerOptions({ level: config.logLevel, ...logger }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    // Request ids come from us, never from a client header.
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();

  // The platform. The route table first (the safety harnesses walk it).
  installRouteTable(app);
  // PostgreSQL row-level security: each request's queries run on its tenant (after the route table's hook).
  if (dialectOf(db) === 'postgres') installTenantRequests(app);
  const redis = await registerHttpPlatform(app, config);
  // Staff authentication, once: every context's staff routes use `app.staffAuth`.
  await app.register(staffAuthPlugin, { config, db, redis, now: staffClock ?? now });

  // Before the web app: its hook lets allowed sites frame the widget's pages.
  // The error handler first: a plugin keeps the handler in force when it was registered, and the
  // widget's routes come before the web app (whose not-found handler is known only after it).
  let notFound: Parameters<typeof installErrorHandling>[1] = (_request, reply) => {
    sendApiNotFound(reply);
  };
  installErrorHandling(app, (request, reply) => notFound(request, reply));
  await app.register(widgetPlugin, { db });
  notFound = await registerWebApp(app, config.webDist);

  // A browsable API reference at /api/docs; the OpenAPI document itself at /api/docs/json (and /yaml).
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // No call to the public validator badge; the pages run under the app's own CSP (helmet).
    uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
  });

  // The job queue and the transports: built from config unless given; reachable as app.jobs,
  // app.email, app.sms and passed to every context that sends (platform/jobs/app-decorations.ts).
  const jobs =
    outbound.jobs ??
    createJobQueue(config, db, { now, onError: (err) => app.log.error({ err }, 'job queue') });
  const email = outbound.email ?? createEmailTransport(config);
  const sms = outbound.sms ?? createSmsTransport(config.twilio);
  app.decorate('jobs', jobs);
  app.decorate('email', email);
  app.decorate('sms', sms);
  app.addHook('onClose', async () => {
    if (outbound.jobs === undefined) await jobs.stop();
    if (outbound.email === undefined) await email.close();
  });

  await registerContexts(app, { config, db, now, staffClock, jobs, email, sms });
  return app;
}
