/*
 * Issue 20: trusted partners' find, hold and book. Partners search Slots with the public FHIR read
 * API (fhir/), get a token at `/fhir/{clientName}/auth/token` (OAuth 2.0 client credentials,
 * partner-token-routes.ts) and hold and book with it (`Appointment/$hold`, `Appointment/$book`,
 * partner-operation-routes.ts); owners create and revoke the clients (partner-admin-routes.ts).
 * Each part is its own plugin: its content types, error answers (OAuth, FHIR, the staff API's) and
 * hooks stay its own. A hold's expiry job releases it (HOLD_EXPIRY_QUEUE).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OpenAvailabilityOptions } from '../options.ts';
import { HOLD_EXPIRY_QUEUE } from './hold-book-service.ts';
import { partnerAdminRoutes } from './partner-admin-routes.ts';
import { holdExpiryHandler, partnerOperationRoutes } from './partner-operation-routes.ts';
import { partnerTokenRoutes } from './partner-token-routes.ts';

export const partnerRoutes: FastifyPluginAsyncZod<OpenAvailabilityOptions> = async (app, options) => {
  options.jobs.handle(HOLD_EXPIRY_QUEUE, holdExpiryHandler(options));
  await app.register(partnerTokenRoutes, options);
  await app.register(partnerOperationRoutes, options);
  await app.register(partnerAdminRoutes, options);
};
