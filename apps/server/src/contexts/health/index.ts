/*
 * Health: `GET /api/health` (liveness and database reachability). The context's only public entry.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db/database.ts';
import { createHealthRepository } from './health-repository.ts';
import { healthRoutes } from './routes.ts';
import { createHealthService } from './service.ts';

export const healthPlugin: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(healthRoutes, { service: createHealthService(createHealthRepository(db)) });
};
