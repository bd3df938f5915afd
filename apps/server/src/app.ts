import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { refusingNulCharacters } from '@scheduler/contract/common';
import Fastify from 'fastify';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { ZodType } from 'zod';
import type { Config } from './platform/config.ts';
import { dialectOf } from './platform/db/database.ts';
import type { Db } from './platform/db/database.ts';
import { installErrorHandling, sendApiNotFound } from './platform/http/errors.ts';
import { loggerOptions } from './platform/http/logging.ts';
import type { LoggerSettings } from './platform/http/logging.ts';
import { helmetOptions } from './platform/http/security.ts';
import { installTenantRequests } from './platform/http/tenant-requests.ts';
import { registerWebApp } from './platform/http/web-app.ts';
import { staffAuthPlugin } from './platform/auth/plugin.ts';
import { staffRoutes } from './contexts/staff/index.ts';
import { analyticsRoutes } from './contexts/analytics/index.ts';
import { bookingRoutes, createAvailability, slotSearchRoutes } from './contexts/scheduling/index.ts';
import { healthPlugin } from './contexts/health/index.ts';
import {
  catalogueAdminRoutes,
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
import { bookFromWaitListRoutes, staffWaitlistRoutes, waitlistRoutes } from './contexts/waitlist/index.ts';
import { avatarPlugin, providerAdminRoutes, providerRoutes } from './contexts/providers/index.ts';
import { widgetPlugin } from './contexts/widget/index.ts';

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
}

/** A route as registered: what the safety tests (src/safety) need to classify and call it. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** The route's `config` (rate limits…). */
  config: unknown;
  /** The route's `schema` (zod: params, querystring, body, response). */
  schema: unknown;
  /** Route-level onRequest, preValidation and preHandler hooks, in that order. */
  hooks: unknown[];
}

const routeTables = new WeakMap<object, RegisteredRoute[]>();

/** Every route of an app made by `buildApp`, one entry per method (HEAD twins included). */
export function routeTableOf(app: App): readonly RegisteredRoute[] {
  return routeTables.get(app) ?? [];
}

const hookList = (hooks: unknown): unknown[] =>
  hooks === undefined || hooks === null ? [] : Array.isArray(hooks) ? (hooks as unknown[]) : [hooks];

/** 1 MiB: far above any booking payload, small enough to refuse abuse early. */
const BODY_LIMIT_BYTES = 1_048_576;

/**
 * Builds the Fastify instance with every plugin and route, without listening: `main.ts`
 * listens, tests call `app.inject()`. The caller owns `db` (and closes it after the app).
 */
export async function buildApp({
  config,
  db,
  logger,
  now = () => new Date(),
}: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: logger === false ? false : loggerOptions({ level: config.logLevel, ...logger }),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Request ids come from us, never from a client header.
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();

  const routes: RegisteredRoute[] = [];
  routeTables.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({
        method,
        url: route.url,
        config: route.config,
        schema: route.schema,
        hooks: [
          ...hookList(route.onRequest),
          ...hookList(route.preValidation),
          ...hookList(route.preHandler),
        ],
      });
    }
  });

  // PostgreSQL row-level security: each request's queries run on its tenant (after the route table's hook).
  if (dialectOf(db) === 'postgres') installTenantRequests(app);

  // Every params, query and body schema refuses NUL characters first (a 400, never a database error).
  app.setValidatorCompiler<ZodType>((route) =>
    validatorCompiler({ ...route, schema: refusingNulCharacters(route.schema) }),
  );
  app.setSerializerCompiler(serializerCompiler);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Scheduler API',
        description: 'Online appointment scheduling for healthcare practices',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifyHelmet, helmetOptions(config));
  await app.register(fastifyCookie);

  // Per-route limits only (login, booking…). With several instances the counters must be
  // shared, so they live in Redis when REDIS_URL is set.
  const redis =
    config.redisUrl === undefined
      ? undefined
      : new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false });
  if (redis !== undefined) {
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    nameSpace: 'scheduler-rate-limit:',
    ...(redis === undefined ? {} : { redis }),
  });
  // Staff authentication, once: every context's staff routes use `app.staffAuth`.
  await app.register(staffAuthPlugin, { config, db, redis });

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
    uiConfig: { docExpansion: 'list', deepLinking: true },
    staticCSP: true,
  });

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
  await app.register(bookingRoutes, { db, now, rateLimits });
  await app.register(waitlistRoutes, { db, now, rateLimits, availability });
  await app.register(analyticsRoutes, { db, now, rateLimits });
  await app.register(staffRoutes, { db });
  // The staff-only scheduler calls, in the order of the API document: settings, providers and
  // their maps, the staff data lists, the catalogue's records, providers' create/delete, the widget.
  await app.register(settingsRoutes, { db });
  await app.register(providerRoutes, { db });
  await app.register(patientAppointmentsRoutes, { db });
  await app.register(staffWaitlistRoutes, { db });
  await app.register(catalogueAdminRoutes, { db });
  await app.register(providerAdminRoutes, { db });
  await app.register(widgetAllowListRoutes, { db });
  await app.register(patientManagementRoutes, { db, now });
  await app.register(bookFromWaitListRoutes, { db, now });
  await app.register(auditLogRoutes, { db, now });
  await app.register(reportRoutes, { db, now });

  return app;
}
