import {
  getAuditLogQuerySchema,
  getAuditLogResponseSchema,
} from '@scheduler/contract/patient-management/audit-log';
import { PATIENT_MANAGEMENT_PREFIX } from '@scheduler/contract/patient-management/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PatientManagementRoutesOptions } from './routes.ts';
import { actorOf, noStore, staffErrors as errors } from './route-parts.ts';
import { createAuditLogService } from './audit-log-service.ts';
import { createAuditReadRepository } from './audit-read-repository.ts';
import { createPatientSearchRepository } from './patient-search-repository.ts';

/**
 * GET auditLog (patient management API, spec section 7): the brand's audit trail. Authenticates
 * first (401 before any validation), then `requireStaff` checks the brand and audit:read.
 */
export const auditLogRoutes: FastifyPluginAsyncZod<PatientManagementRoutesOptions> = (app, { db }) => {
  const { guard, audit } = app.staffAuth;
  const service = createAuditLogService({
    repository: createAuditReadRepository(db),
    zones: createPatientSearchRepository(db),
    audit,
  });
  app.addHook('onRequest', guard.authenticate());
  const tags = ['patient-management'];
  const path = (name: string) => `${PATIENT_MANAGEMENT_PREFIX}/${name}`;

  app.get(
    path('auditLog'),
    {
      preHandler: guard.requireStaff({ permission: 'audit:read' }),
      schema: {
        tags,
        summary: "The brand's audit trail, newest first, paged (audit:read)",
        querystring: getAuditLogQuerySchema,
        response: { 200: getAuditLogResponseSchema, ...errors },
      },
    },
    async (request, reply) => noStore(reply).send(await service.auditLog(actorOf(request), request.query)),
  );

  return Promise.resolve();
};
