import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
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
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { installErrorHandling } from './http/errors.ts';
import { loggerOptions } from './http/logging.ts';
import type { LoggerSettings } from './http/logging.ts';
import { helmetOptions } from './http/security.ts';
import { registerWebApp } from './http/web-app.ts';
import { createAvatarRepository } from './modules/avatars/avatar-repository.ts';
import { avatarRoutes } from './modules/avatars/routes.ts';
import { createAvatarService } from './modules/avatars/service.ts';
import { createHealthRepository } from './modules/health/health-repository.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { createHealthService } from './modules/health/service.ts';

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
}

/** 1 MiB: far above any booking payload, small enough to refuse abuse early. */
const BODY_LIMIT_BYTES = 1_048_576;

/**
 * Builds the Fastify instance with every plugin and route, without listening: `main.ts`
 * listens, tests call `app.inject()`. The caller owns `db` (and closes it after the app).
 */
export async function buildApp({ config, db, logger }: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: logger === false ? false : loggerOptions({ level: config.logLevel, ...logger }),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Request ids come from us, never from a client header.
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
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

  const notFound = await registerWebApp(app, config.webDist);
  installErrorHandling(app, notFound);

  app.get('/api/docs', { schema: { hide: true } }, () => app.swagger());

  await app.register(healthRoutes, { service: createHealthService(createHealthRepository(db)) });
  await app.register(avatarRoutes, { service: createAvatarService(createAvatarRepository(db)) });

  return app;
}
