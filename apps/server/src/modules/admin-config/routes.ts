import {
  assignConfigResponseSchema,
  brandQuerySchema,
  createInsuranceProviderConfigRequestSchema,
  createLocationProviderConfigRequestSchema,
  createServiceLocationConfigRequestSchema,
  getAllProvidersQuerySchema,
  getAllProvidersResponseSchema,
  getWaitListQuerySchema,
  getWaitListResponseSchema,
  insertApptProviderMapRequestSchema,
  insuranceControlDataResponseSchema,
  insuranceProviderConfigResponseSchema,
  insuranceProviderMapResponseSchema,
  locationProvidersResponseSchema,
  patientAppointmentsQuerySchema,
  patientAppointmentsResponseSchema,
  providerAppointmentMapResponseSchema,
  providerByInsurancePlanQuerySchema,
  providerByInsurancePlanResponseSchema,
  providerDetailResponseSchema,
  providerInsuranceQuerySchema,
  providerInsuranceResponseSchema,
  providerLocationMapAssignRequestSchema,
  providerLocationMapResponseSchema,
  providerLocationsResponseSchema,
  providerQuerySchema,
  providerServicesResponseSchema,
  schedulerQuerySchema,
  serviceLocationMappingResponseSchema,
  serviceLocationsResponseSchema,
  updateConfigRequestSchema,
  updateProviderInfoRequestSchema,
} from '@scheduler/contract/admin-config';
import {
  deleteWaitListQuerySchema,
  updateWaitListRequestSchema,
  waitListChangeResponseSchema,
} from '@scheduler/contract/waitlist';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditActor } from '../../platform/audit/audit-log.ts';
import { staffOf } from '../auth/request-guard.ts';
import type { StaffGuard } from '../auth/request-guard.ts';
import type { AdminConfigService } from './service.ts';
import type { StaffDataService } from './staff-data-service.ts';

export interface AdminConfigRoutesOptions {
  guard: StaffGuard;
  config: AdminConfigService;
  staffData: StaffDataService;
}

const actorOf = (request: FastifyRequest): AuditActor => staffOf(request).actor;

/**
 * The staff-only calls of the scheduler API (spec section 7). Every route authenticates first
 * (401 before any validation), then `requireStaff` checks the brand and the permission.
 */
export const adminConfigRoutes: FastifyPluginAsyncZod<AdminConfigRoutesOptions> = (
  app,
  { guard, config, staffData },
) => {
  app.addHook('onRequest', guard.authenticate());
  const configRead = guard.requireStaff({ permission: 'config:read' });
  const configWrite = guard.requireStaff({ permission: 'config:write' });
  const tags = ['scheduler-admin'];

  // ── settings ─────────────────────────────────────────────────────────────
  app.get(
    '/api/scheduler/getAssignConfig',
    {
      preHandler: configRead,
      schema: {
        tags,
        summary: "A scheduler's stored settings and every definition with its value in effect (config:read)",
        querystring: schedulerQuerySchema,
        response: { 200: assignConfigResponseSchema },
      },
    },
    (request) => config.getAssignConfig(actorOf(request), request.query.ruleId),
  );

  app.patch(
    '/api/scheduler/updateConfig',
    {
      preHandler: configWrite,
      schema: {
        tags,
        summary:
          "Change a scheduler's settings; each {group, order, value} row is validated and upserted. A stale `version` answers 409 (config:write)",
        body: updateConfigRequestSchema,
        response: { 200: assignConfigResponseSchema },
      },
    },
    (request) =>
      config.updateConfig(actorOf(request), request.body.ruleId, request.body.version, request.body.settings),
  );

  // ── providers ────────────────────────────────────────────────────────────
  app.get(
    '/api/scheduler/getAllProviders',
    {
      preHandler: configRead,
      schema: {
        tags,
        summary: 'Providers of the brand, paged, searchable and sortable (config:read)',
        querystring: getAllProvidersQuerySchema,
        response: { 200: getAllProvidersResponseSchema },
      },
    },
    (request) => config.listProviders(actorOf(request), request.query),
  );

  app.get(
    '/api/scheduler/getProviderByProviderId',
    {
      preHandler: configRead,
      schema: {
        tags,
        summary:
          'One provider with locations, services, plans, working hours, time off and version (config:read)',
        querystring: providerQuerySchema,
        response: { 200: providerDetailResponseSchema },
      },
    },
    async (request) => ({
      provider: await config.providerDetail(actorOf(request), request.query.providerId),
    }),
  );

  app.patch(
    '/api/scheduler/updateProviderInfo',
    {
      preHandler: configWrite,
      schema: {
        tags,
        summary:
          'Edit a provider (any subset of fields; workingHours / timeOff replace the whole set). A stale `version` answers 409 (config:write)',
        body: updateProviderInfoRequestSchema,
        response: { 200: providerDetailResponseSchema },
      },
    },
    async (request) => ({ provider: await config.updateProvider(actorOf(request), request.body) }),
  );

  // ── maps: reads ──────────────────────────────────────────────────────────
  app.get(
    '/api/scheduler/providerLocationMap',
    {
      preHandler: configRead,
      schema: {
        tags,
        summary: 'Which locations each provider works at (config:read)',
        querystring: brandQuerySchema,
        response: { 200: providerLocationMapResponseSchema },
      },
    },
    (request) => config.providerLocationMap(actorOf(request)),
  );

  app.get(
    '/api/scheduler/getProviderAppointmentMap',
    {
      preHandler: configRead,
      schema: {
        tags,
        summary:
          "Which services (appointment types) each provider offers, with the provider's own duration (config:read)",
        querystring: brandQuerySchema,
        response: { 200: providerAppointmentMapResponseSchema },
      },
    },
    (request) => config.providerAppointmentMap(actorOf(request)),
  );

  app.get(
    '/api/scheduler/getProviderInsurance',
    {
      preHandler: configRead,
      schema: {
        tags,
        summary: 'Which insurance plans each provider (or one provider) accepts (config:read)',
        querystring: providerInsuranceQuerySchema,
        response: { 200: providerInsuranceResponseSchema },
      },
    },
    (request) => config.providerInsurance(actorOf(request), request.query.providerId),
  );

  app.get(
    '/api/scheduler/getServiceLocationMapping',
    {
      preHandler: configRead,
      schema: {
        tags,
        summary: 'Which locations offer each service (config:read)',
        querystring: brandQuerySchema,
        response: { 200: serviceLocationMappingResponseSchema },
      },
    },
    (request) => config.serviceLocationMapping(actorOf(request)),
  );

  app.get(
    '/api/scheduler/getInsuranceProviderMap',
    {
      preHandler: configRead,
      schema: {
        tags,
        summary: 'Which providers accept each insurance plan (config:read)',
        querystring: brandQuerySchema,
        response: { 200: insuranceProviderMapResponseSchema },
      },
    },
    (request) => config.insuranceProviderMap(actorOf(request)),
  );

  app.get(
    '/api/scheduler/insurance/getInsuranceControlData',
    {
      preHandler: configRead,
      schema: {
        tags,
        summary: 'Insurance carriers with their plans, insurance types and the top packages (config:read)',
        querystring: brandQuerySchema,
        response: { 200: insuranceControlDataResponseSchema },
      },
    },
    (request) => config.insuranceControlData(actorOf(request)),
  );

  app.get(
    '/api/scheduler/insurance/getProviderByInsurancePlan',
    {
      preHandler: configRead,
      schema: {
        tags,
        summary: 'The providers accepting one insurance plan (config:read)',
        querystring: providerByInsurancePlanQuerySchema,
        response: { 200: providerByInsurancePlanResponseSchema },
      },
    },
    (request) => config.providersByInsurancePlan(actorOf(request), request.query.planId),
  );

  // ── maps: replace-the-set writes ─────────────────────────────────────────
  app.post(
    '/api/scheduler/providerLocationMapAssign',
    {
      preHandler: configWrite,
      schema: {
        tags,
        summary:
          'Set the locations a provider works at (the whole set; hours at removed locations go). A stale `version` answers 409 and changes nothing (config:write)',
        body: providerLocationMapAssignRequestSchema,
        response: { 200: providerLocationsResponseSchema },
      },
    },
    (request) =>
      config.assignProviderLocations(
        actorOf(request),
        request.body.providerId,
        request.body.locationIds,
        request.body.version,
      ),
  );

  app.post(
    '/api/scheduler/insertApptProviderMap',
    {
      preHandler: configWrite,
      schema: {
        tags,
        summary:
          'Set the services a provider offers, with optional own durations (the whole set). A stale `version` answers 409 and changes nothing (config:write)',
        body: insertApptProviderMapRequestSchema,
        response: { 200: providerServicesResponseSchema },
      },
    },
    (request) =>
      config.assignProviderServices(
        actorOf(request),
        request.body.providerId,
        request.body.services,
        request.body.version,
      ),
  );

  app.post(
    '/api/scheduler/createServiceLocationConfig',
    {
      preHandler: configWrite,
      schema: {
        tags,
        summary:
          'Set the locations offering a service (the whole set). A stale `version` answers 409 and changes nothing (config:write)',
        body: createServiceLocationConfigRequestSchema,
        response: { 200: serviceLocationsResponseSchema },
      },
    },
    (request) =>
      config.assignServiceLocations(
        actorOf(request),
        request.body.appointmentTypeId,
        request.body.locationIds,
        request.body.version,
      ),
  );

  app.post(
    '/api/scheduler/createLocationProviderConfig',
    {
      preHandler: configWrite,
      schema: {
        tags,
        summary:
          'Set the providers working at a location (the whole set). A stale `version` answers 409 and changes nothing (config:write)',
        body: createLocationProviderConfigRequestSchema,
        response: { 200: locationProvidersResponseSchema },
      },
    },
    (request) =>
      config.assignLocationProviders(
        actorOf(request),
        request.body.locationId,
        request.body.providerIds,
        request.body.version,
      ),
  );

  app.post(
    '/api/scheduler/createInsuranceProviderConfig',
    {
      preHandler: configWrite,
      schema: {
        tags,
        summary:
          'Set the plans a provider accepts ({providerId, planIds, version}) or the providers accepting a plan ({planId, providerIds, version}). A stale `version` answers 409 and changes nothing (config:write)',
        body: createInsuranceProviderConfigRequestSchema,
        response: { 200: insuranceProviderConfigResponseSchema },
      },
    },
    (request) => config.assignInsuranceProviders(actorOf(request), request.body),
  );

  // ── patient data (audited) ───────────────────────────────────────────────
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
        .send(await staffData.patientAppointments(actorOf(request), request.query.patientId)),
  );

  app.get(
    '/api/scheduler/getWaitList',
    {
      preHandler: guard.requireStaff({ permission: 'waitlist:read' }),
      schema: {
        tags,
        summary:
          'Waitlist entries with contact details and age, filtered by location, provider, service and status (waitlist:read; audited)',
        querystring: getWaitListQuerySchema,
        response: { 200: getWaitListResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await staffData.waitlist(actorOf(request), request.query)),
  );

  app.delete(
    '/api/scheduler/deleteWaitList',
    {
      preHandler: guard.requireStaff({ permission: 'waitlist:write' }),
      schema: {
        tags,
        summary:
          'Remove a waitlist entry: it leaves the waitlist and is kept with status removed (waitlist:write; audited)',
        querystring: deleteWaitListQuerySchema,
        response: { 200: waitListChangeResponseSchema },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(
        await staffData.changeWaitlistStatus(actorOf(request), {
          entryId: request.query.waitlistEntryId,
          status: 'removed',
        }),
      ),
  );

  app.patch(
    '/api/scheduler/updateWaitList',
    {
      preHandler: guard.requireStaff({ permission: 'waitlist:write' }),
      schema: {
        tags,
        summary:
          "Change a waitlist entry's status: waiting, contacted, booked (optionally with the appointment) or removed (waitlist:write; audited)",
        body: updateWaitListRequestSchema,
        response: { 200: waitListChangeResponseSchema },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(
        await staffData.changeWaitlistStatus(actorOf(request), {
          entryId: request.body.waitlistEntryId,
          status: request.body.status,
          appointmentId: request.body.appointmentId,
        }),
      ),
  );

  return Promise.resolve();
};
