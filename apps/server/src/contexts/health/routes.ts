import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HealthService } from './service.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['sqlite', 'postgres']),
  reachable: z.boolean(),
});

export const healthRoutes: FastifyPluginAsyncZod<{ service: HealthService }> = (app, { service }) => {
  app.get(
    '/api/health',
    {
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const report = await service.checkHealth();
      return reply
        .status(report.reachable ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(report);
    },
  );
  return Promise.resolve();
};
