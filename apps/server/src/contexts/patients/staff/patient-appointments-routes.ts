import {
  patientAppointmentsQuerySchema,
  patientAppointmentsResponseSchema,
} from '@scheduler/contract/admin/patients';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../../platform/auth/request-guard.ts';
import type { Db } from '../../../platform/db/database.ts';
import { createPatientManagementRepository } from './patient-management-repository.ts';
import { createPatientAppointmentsService } from './patient-appointments-service.ts';

/**
 * GET getPatientAppointments: a patient's appointments for staff (spec section 7). The route
 * authenticates first (401 before any validation), then `requireStaff` checks the brand and the
 * permission; every read is audited.
 */
export const patientAppointmentsRoutes: FastifyPluginAsyncZod<{ db: Db }> = (app, { db }) => {
  const { guard, audit } = app.staffAuth;
  const staffData = createPatientAppointmentsService({
    repository: createPatientManagementRepository(db),
    audit,
  });
  app.addHook('onRequest', guard.authenticate());
  const tags = ['scheduler-admin'];

  app.get(
    '/api/scheduler/getPatientAppointments',
    {
      preHandler: guard.requireStaff({ permission: 'patients:read' }),
      schema: {
        tags,
        summary: "A patient's appointments, newest first (patients:read; audited)",
        querystring: patientAppointmentsQuerySchema,
        response: { 200: patientAppointmentsResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await staffData.patientAppointments(staffOf(request).actor, request.query.patientId)),
  );

  return Promise.resolve();
};
