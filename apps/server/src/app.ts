import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
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
import { staffApi } from './modules/admin-config/staff-api.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { availabilityRoutes } from './modules/availability/routes.ts';
import { createAvatarRepository } from './modules/avatars/avatar-repository.ts';
import { avatarRoutes } from './modules/avatars/routes.ts';
import { createAvatarService } from './modules/avatars/service.ts';
import { bookingRoutes } from './modules/booking/routes.ts';
import { createHealthRepository } from './modules/health/health-repository.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { createHealthService } from './modules/health/service.ts';
import { insuranceRoutes } from './modules/insurance/routes.ts';
import { patientManagementRoutes } from './modules/patient-management/routes.ts';
import { patientRoutes } from './modules/patients/routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { schedulerConfigRoutes } from './modules/scheduler-config/routes.ts';
import { waitlistRoutes } from './modules/waitlist/routes.ts';
import { registerWidget } from './modules/widget/register.ts';

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

  // Before the web app: its hook lets allowed sites frame the widget's pages.
  // The error handler first: a plugin keeps the handler in force when it was registered, and the
  // widget's routes come before the web app (whose not-found handler is known only after it).
  let notFound: Parameters<typeof installErrorHandling>[1] = (_request, reply) => {
    sendApiNotFound(reply);
  };
  installErrorHandling(app, (request, reply) => notFound(request, reply));
  await registerWidget(app, { config, db, redis });
  notFound = await registerWebApp(app, config.webDist);

  app.get('/api/docs', { schema: { hide: true } }, () => app.swagger());

  await app.register(healthRoutes, { service: createHealthService(createHealthRepository(db)) });
  await app.register(avatarRoutes, { service: createAvatarService(createAvatarRepository(db)) });
  // The public (anonymous) scheduler API of the booking flow.
  const rateLimits = {
    readsPerMinute: config.rateLimitReadsPerMinute,
    bookingsPerMinute: config.rateLimitBookingsPerMinute,
  };
  await app.register(schedulerConfigRoutes, { db, now, rateLimits });
  await app.register(availabilityRoutes, { db, now, rateLimits });
  await app.register(patientRoutes, { db, now, rateLimits, config, redis });
  await app.register(insuranceRoutes, { db, now, rateLimits });
  await app.register(bookingRoutes, { db, now, rateLimits });
  await app.register(waitlistRoutes, { db, now, rateLimits });
  await app.register(analyticsRoutes, { db, now, rateLimits });
  await app.register(staffApi, { config, db, redis });
  await app.register(patientManagementRoutes, { config, db, redis, now });
  await app.register(reportRoutes, { config, db, redis, now });

  return app;
}
