/*
 * `/api/scheduler/admin/closures` (issue 19): a location's closed days. The list names patients
 * (the appointments on closed days, to rebook), so it needs patients:read and is audited; the
 * changes need config:write and are audited. Every route authenticates first (401 before any
 * validation), and unsafe ones pass the CSRF rules of the staff guard.
 */
import {
  CLOSURES_PATH,
  IMPORT_US_FEDERAL_PATH,
  closuresQuerySchema,
  closuresResponseSchema,
  createClosureRequestSchema,
  createClosureResponseSchema,
  deleteClosureQuerySchema,
  importUsFederalRequestSchema,
  importUsFederalResponseSchema,
} from '@scheduler/contract/admin/closures';
import { deletedResponseSchema } from '@scheduler/contract/admin/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../../platform/auth/request-guard.ts';
import type { Db } from '../../../platform/db/database.ts';
import { staffRouteKit } from '../../../platform/http/staff-route-kit.ts';
import { createClosureRepository } from './closure-repository.ts';
import { createClosureService } from './closure-service.ts';

export const closureRoutes: FastifyPluginAsyncZod<{ db: Db; now?: () => Date }> = (
  app,
  { db, now = () => new Date() },
) => {
  const { audit, guard } = app.staffAuth;
  const kit = staffRouteKit(app, guard, ['scheduler-admin']);
  const closures = createClosureService({ db, repository: createClosureRepository(db), audit, now });

  kit.get(CLOSURES_PATH, {
    summary:
      "A location's closed days (by default from its today to the end of next year) and its upcoming appointments on closed days, to rebook (patients:read; audited)",
    permission: 'patients:read',
    querystring: closuresQuerySchema,
    response: closuresResponseSchema,
    handle: (actor, query) => closures.list(actor, query),
  });
  kit.write('post', CLOSURES_PATH, {
    summary:
      'Close a day at a location (a holiday, a training day): no slot is offered on it and it is not a business day; answers the appointments on it to rebook. 409 when the day is already closed (config:write; audited)',
    body: createClosureRequestSchema,
    response: createClosureResponseSchema,
    handle: (actor, body) => closures.create(actor, body),
  });
  kit.write('post', IMPORT_US_FEDERAL_PATH, {
    summary:
      "Close a location on a year's US federal holidays, on the days they are observed (a Saturday holiday on the Friday before, a Sunday one on the Monday after); days already closed are kept, so importing twice adds nothing (config:write; audited)",
    body: importUsFederalRequestSchema,
    response: importUsFederalResponseSchema,
    handle: (actor, body) => closures.importUsFederal(actor, body),
  });
  app.delete(
    CLOSURES_PATH,
    {
      preHandler: guard.requireStaff({ permission: 'config:write' }),
      schema: {
        tags: ['scheduler-admin'],
        summary: 'Reopen a closed day at a location (404 when it is not closed) (config:write; audited)',
        querystring: deleteClosureQuerySchema,
        response: { 200: deletedResponseSchema },
      },
    },
    async (request) => {
      await closures.remove(staffOf(request).actor, request.query);
      return { deleted: true as const };
    },
  );
  return Promise.resolve();
};
