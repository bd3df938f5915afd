/*
 * GET /api/scheduler/admin/schedule (issue 19): the front desk's schedule of one location over at
 * most 31 of its local dates (packages/contract/src/admin/schedule.ts). The route authenticates
 * first (401 before any validation), then `requireStaff` checks the brand and `patients:read`
 * (the answer names patients) and puts the request on the brand's tenant; every read is audited.
 * Partners' holds (issue 20) are shown while unexpired by the app's clock.
 */
import {
  SCHEDULE_PATH,
  scheduleQuerySchema,
  scheduleResponseSchema,
} from '@scheduler/contract/admin/schedule';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../../platform/auth/request-guard.ts';
import type { Db } from '../../../platform/db/database.ts';
import { errorResponseSchema } from '../../../platform/http/route-kit.ts';
import { listClosedDates } from '../../catalogue/index.ts';
import { createScheduleRepository } from './schedule-repository.ts';
import { createScheduleService } from './schedule-service.ts';

export interface ScheduleRoutesOptions {
  db: Db;
  /** The app's clock (partners' holds expired by now are left out). */
  now: () => Date;
}

export const scheduleRoutes: FastifyPluginAsyncZod<ScheduleRoutesOptions> = (app, { db, now }) => {
  const { guard, audit } = app.staffAuth;
  const schedule = createScheduleService({
    repository: createScheduleRepository(db),
    audit,
    // Contract 6: the catalogue's closed days of the location.
    closedDates: async (clientId, locationId, from, to) =>
      (await listClosedDates(db, clientId, [locationId], from, to)).map((closure) => closure.dateLocal),
    now,
  });
  app.addHook('onRequest', guard.authenticate());

  app.get(
    SCHEDULE_PATH,
    {
      preHandler: guard.requireStaff({ permission: 'patients:read' }),
      schema: {
        tags: ['scheduler-admin'],
        summary:
          "A location's schedule over at most 31 local dates: providers, working hours, time off, appointments, closed days, partners' holds (patients:read; audited)",
        querystring: scheduleQuerySchema,
        response: {
          200: scheduleResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await schedule.schedule(staffOf(request).actor, request.query)),
  );

  return Promise.resolve();
};
