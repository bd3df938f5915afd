/*
 * The maps' calls (spec section 7): reads (config:read) and replace-the-set writes
 * (config:write; a stale `version` answers 409 and changes nothing).
 */
import {
  createInsuranceProviderConfigRequestSchema,
  createLocationProviderConfigRequestSchema,
  createServiceLocationConfigRequestSchema,
  insertApptProviderMapRequestSchema,
  insuranceControlDataResponseSchema,
  insuranceProviderConfigResponseSchema,
  insuranceProviderMapResponseSchema,
  locationProvidersResponseSchema,
  providerAppointmentMapResponseSchema,
  providerByInsurancePlanQuerySchema,
  providerByInsurancePlanResponseSchema,
  providerInsuranceQuerySchema,
  providerInsuranceResponseSchema,
  providerLocationMapAssignRequestSchema,
  providerLocationMapResponseSchema,
  providerLocationsResponseSchema,
  providerServicesResponseSchema,
  serviceLocationMappingResponseSchema,
  serviceLocationsResponseSchema,
} from '@scheduler/contract/admin/maps';
import { brandQuerySchema } from '@scheduler/contract/admin/paging';
import type { StaffRouteKit } from '../../../platform/http/staff-route-kit.ts';
import type { MapReadService } from './map-reads.ts';
import type { MapWriteService } from './map-writes.ts';

const API = '/api/scheduler';

function mapReadRoutes(kit: StaffRouteKit, reads: MapReadService): void {
  kit.get(`${API}/providerLocationMap`, {
    summary: 'Which locations each provider works at (config:read)',
    querystring: brandQuerySchema,
    response: providerLocationMapResponseSchema,
    handle: (actor) => reads.providerLocationMap(actor),
  });
  kit.get(`${API}/getProviderAppointmentMap`, {
    summary:
      "Which services (appointment types) each provider offers, with the provider's own duration (config:read)",
    querystring: brandQuerySchema,
    response: providerAppointmentMapResponseSchema,
    handle: (actor) => reads.providerAppointmentMap(actor),
  });
  kit.get(`${API}/getProviderInsurance`, {
    summary: 'Which insurance plans each provider (or one provider) accepts (config:read)',
    querystring: providerInsuranceQuerySchema,
    response: providerInsuranceResponseSchema,
    handle: (actor, query) => reads.providerInsurance(actor, query.providerId),
  });
  kit.get(`${API}/getServiceLocationMapping`, {
    summary: 'Which locations offer each service (config:read)',
    querystring: brandQuerySchema,
    response: serviceLocationMappingResponseSchema,
    handle: (actor) => reads.serviceLocationMapping(actor),
  });
  kit.get(`${API}/getInsuranceProviderMap`, {
    summary: 'Which providers accept each insurance plan (config:read)',
    querystring: brandQuerySchema,
    response: insuranceProviderMapResponseSchema,
    handle: (actor) => reads.insuranceProviderMap(actor),
  });
  kit.get(`${API}/insurance/getInsuranceControlData`, {
    summary: 'Insurance carriers with their plans, insurance types and the top packages (config:read)',
    querystring: brandQuerySchema,
    response: insuranceControlDataResponseSchema,
    handle: (actor) => reads.insuranceControlData(actor),
  });
  kit.get(`${API}/insurance/getProviderByInsurancePlan`, {
    summary: 'The providers accepting one insurance plan (config:read)',
    querystring: providerByInsurancePlanQuerySchema,
    response: providerByInsurancePlanResponseSchema,
    handle: (actor, query) => reads.providersByInsurancePlan(actor, query.planId),
  });
}

function mapWriteRoutes(kit: StaffRouteKit, writes: MapWriteService): void {
  kit.write('post', `${API}/providerLocationMapAssign`, {
    summary:
      'Set the locations a provider works at (the whole set; hours at removed locations go). A stale `version` answers 409 and changes nothing (config:write)',
    body: providerLocationMapAssignRequestSchema,
    response: providerLocationsResponseSchema,
    handle: (actor, body) =>
      writes.assignProviderLocations(actor, body.providerId, body.locationIds, body.version),
  });
  kit.write('post', `${API}/insertApptProviderMap`, {
    summary:
      'Set the services a provider offers, with optional own durations (the whole set). A stale `version` answers 409 and changes nothing (config:write)',
    body: insertApptProviderMapRequestSchema,
    response: providerServicesResponseSchema,
    handle: (actor, body) =>
      writes.assignProviderServices(actor, body.providerId, body.services, body.version),
  });
  kit.write('post', `${API}/createServiceLocationConfig`, {
    summary:
      'Set the locations offering a service (the whole set). A stale `version` answers 409 and changes nothing (config:write)',
    body: createServiceLocationConfigRequestSchema,
    response: serviceLocationsResponseSchema,
    handle: (actor, body) =>
      writes.assignServiceLocations(actor, body.appointmentTypeId, body.locationIds, body.version),
  });
  kit.write('post', `${API}/createLocationProviderConfig`, {
    summary:
      'Set the providers working at a location (the whole set). A stale `version` answers 409 and changes nothing (config:write)',
    body: createLocationProviderConfigRequestSchema,
    response: locationProvidersResponseSchema,
    handle: (actor, body) =>
      writes.assignLocationProviders(actor, body.locationId, body.providerIds, body.version),
  });
  kit.write('post', `${API}/createInsuranceProviderConfig`, {
    summary:
      'Set the plans a provider accepts ({providerId, planIds, version}) or the providers accepting a plan ({planId, providerIds, version}). A stale `version` answers 409 and changes nothing (config:write)',
    body: createInsuranceProviderConfigRequestSchema,
    response: insuranceProviderConfigResponseSchema,
    handle: (actor, body) => writes.assignInsuranceProviders(actor, body),
  });
}

/** The maps' reads, then their writes (the order of the API document). */
export function mapRoutes(
  kit: StaffRouteKit,
  services: { reads: MapReadService; writes: MapWriteService },
): void {
  mapReadRoutes(kit, services.reads);
  mapWriteRoutes(kit, services.writes);
}
