import {
  getFiltersQuerySchema,
  getFiltersResponseSchema,
  getPatientDetailsQuerySchema,
  getPatientDetailsResponseSchema,
  getPatientListQuerySchema,
  getPatientListResponseSchema,
} from '@scheduler/contract/patient-management/patients';
import { PATIENT_MANAGEMENT_PREFIX } from '@scheduler/contract/patient-management/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../platform/db/database.ts';
import { actorOf, noStore, staffErrors as errors } from './route-parts.ts';
import { createPatientManagementRepository } from './patient-management-repository.ts';
import { createPatientManagementService } from './service.ts';
import { registerAppointmentRoutes } from './appointment-routes.ts';
import { registerPendingChangeRoutes } from './pending-changes-routes.ts';
import type { AppointmentMessages } from '../../messages/index.ts';
import type { WaitlistOffers } from '../../waitlist/index.ts';

export interface PatientManagementRoutesOptions {
  db: Db;
  now: () => Date;
  /** Plans the messages of a status change in its transaction (issue 17). */
  messages?: AppointmentMessages;
  /** Offers a cancelled time to the waitlist in the status change's transaction (issue 18). */
  waitlistOffers?: WaitlistOffers;
}

/**
 * The patient management API (spec section 7). Every route authenticates first (401 before any
 * validation), then `requireStaff` checks the brand (`clientId`) and the permission.
 */
export const patientManagementRoutes: FastifyPluginAsyncZod<PatientManagementRoutesOptions> = (
  app,
  { db, now, messages, waitlistOffers },
) => {
  const { guard, audit } = app.staffAuth;
  const service = createPatientManagementService({
    repository: createPatientManagementRepository(db, messages, waitlistOffers),
    audit,
    now: () => now().getTime(),
  });
  app.addHook('onRequest', guard.authenticate());
  const patientsRead = guard.requireStaff({ permission: 'patients:read' });
  const tags = ['patient-management'];
  const path = (name: string) => `${PATIENT_MANAGEMENT_PREFIX}/${name}`;

  app.get(
    path('get_filters'),
    {
      // No patient data: the filter menus of the patients, waitlist and reports screens.
      preHandler: guard.requireStaff({ permission: 'reports:read' }),
      schema: {
        tags,
        summary:
          "The brand's locations, providers, services and appointment statuses, for filter menus (reports:read; no patient data)",
        querystring: getFiltersQuerySchema,
        response: { 200: getFiltersResponseSchema, ...errors },
      },
    },
    (request) => service.filters(actorOf(request)),
  );

  app.get(
    path('getPatientList'),
    {
      preHandler: patientsRead,
      schema: {
        tags,
        summary:
          'Patients of the brand: search by name, phone, e-mail or date of birth, appointment filters, paged and sorted (patients:read; audited)',
        querystring: getPatientListQuerySchema,
        response: { 200: getPatientListResponseSchema, ...errors },
      },
    },
    async (request, reply) => noStore(reply).send(await service.patientList(actorOf(request), request.query)),
  );

  app.get(
    path('getPatientDetails'),
    {
      preHandler: patientsRead,
      schema: {
        tags,
        summary:
          'A patient: contact, insurance policies, upcoming and past appointments, notes (patients:read; audited)',
        querystring: getPatientDetailsQuerySchema,
        response: { 200: getPatientDetailsResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      noStore(reply).send(await service.patientDetails(actorOf(request), request.query.patientId)),
  );

  registerAppointmentRoutes(app, { guard, service });
  registerPendingChangeRoutes(app, { guard, audit, db, now: () => now().getTime() });

  return Promise.resolve();
};
