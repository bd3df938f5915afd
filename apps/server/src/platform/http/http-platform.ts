/*
 * The HTTP platform every route stands on, registered by app.ts before any context: zod
 * validation (NUL characters refused first) and serialization, the OpenAPI document, security
 * headers, cookies, the per-route rate limits (counters in Redis when REDIS_URL is set).
 */
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import { refusingNulCharacters } from '@scheduler/contract/common';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { ZodType } from 'zod';
import type { Config } from '../config.ts';
import { helmetOptions } from './security.ts';

/** Registers the HTTP platform's plugins; the Redis client when one is configured (closed with the app). */
export async function registerHttpPlatform(app: FastifyInstance, config: Config): Promise<Redis | undefined> {
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
  return redis;
}
