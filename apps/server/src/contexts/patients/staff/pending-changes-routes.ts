import {
  decidePatientPendingChangeRequestSchema,
  decidePatientPendingChangeResponseSchema,
  getPatientPendingChangesQuerySchema,
  getPatientPendingChangesResponseSchema,
} from '@scheduler/contract/admin/patient-pending-changes';
import { PATIENT_MANAGEMENT_PREFIX } from '@scheduler/contract/patient-management/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditLog } from '../../../platform/audit/audit-log.ts';
import type { StaffGuard } from '../../../platform/auth/request-guard.ts';
import type { Db } from '../../../platform/db/database.ts';
import { errorResponseSchema } from '../../../platform/http/route-kit.ts';
import { createPendingChangeRepository } from '../pending-changes/pending-change-repository.ts';
import { createPendingChangesService } from './pending-changes-service.ts';
import { actorOf, noStore, staffErrors as errors } from './route-parts.ts';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The pending patient changes of the patient page (issue 15, finding 3): read with patients:read,
 * accepted or rejected with patients:write (the roles that may edit patients); all audited.
 * Registered by `patientManagementRoutes`, after its authentication hook.
 */
export function registerPendingChangeRoutes(
  app: ZodApp,
  { guard, audit, db, now }: { guard: StaffGuard; audit: AuditLog; db: Db; now: () => number },
): void {
  const service = createPendingChangesService({
    repository: createPendingChangeRepository(db, now),
    audit,
    now,
  });
  const tags = ['patient-management'];
  const path = (name: string) => `${PATIENT_MANAGEMENT_PREFIX}/${name}`;
  const decided = { 200: decidePatientPendingChangeResponseSchema, ...errors, 409: errorResponseSchema };

  app.get(
    path('getPatientPendingChanges'),
    {
      preHandler: guard.requireStaff({ permission: 'patients:read' }),
      schema: {
        tags,
        summary:
          "A patient's contact details on file and the changes bookings brought that wait for staff (patients:read; audited)",
        querystring: getPatientPendingChangesQuerySchema,
        response: { 200: getPatientPendingChangesResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      noStore(reply).send(await service.list(actorOf(request), request.query.patientId)),
  );

  for (const [name, decision, verb] of [
    ['acceptPatientPendingChange', 'accepted', 'Apply'],
    ['rejectPatientPendingChange', 'rejected', 'Discard'],
  ] as const) {
    app.post(
      path(name),
      {
        preHandler: guard.requireStaff({ permission: 'patients:write' }),
        schema: {
          tags,
          summary: `${verb} a pending patient change (patients:write; audited; 409 when already decided)`,
          body: decidePatientPendingChangeRequestSchema,
          response: decided,
        },
      },
      async (request, reply) =>
        noStore(reply).send(await service.decide(actorOf(request), request.body.changeId, decision)),
    );
  }
}
