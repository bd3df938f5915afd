/*
 * Open availability (issue 20): a practice's open times findable beyond its own website.
 *  - publication/: which scheduler a brand publishes, and whether (admin settings);
 *  - fhir/: the public FHIR R4 read API at /fhir/{clientName} (metadata, Location, Practitioner,
 *    PractitionerRole, HealthcareService, Schedule, Slot), no patient data;
 *  - bulk/: the SMART Scheduling Links publisher (/fhir/{clientName}/$bulk-publish + NDJSON files);
 *  - partners/: OAuth 2.0 client credentials for trusted partners, Slot search, Appointment/$hold
 *    and Appointment/$book (IHE ITI Scheduling shapes), partner clients in the admin;
 *  - calendar-feeds/: each provider's secret ICS feed (/api/calendar/{token}.ics);
 *  - deep-link/: the booking page's slot deep link (…/findappointment?slot=…).
 * Slots always come from the booking API's own availability service (one engine).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkPublishRoutes } from './bulk/bulk-routes.ts';
import { calendarFeedRoutes } from './calendar-feeds/calendar-feed-routes.ts';
import { slotLinkRoutes } from './deep-link/slot-link-routes.ts';
import { fhirReadRoutes } from './fhir/fhir-routes.ts';
import type { OpenAvailabilityOptions } from './options.ts';
import { partnerRoutes } from './partners/partner-routes.ts';
import { publicationRoutes } from './publication/publication-routes.ts';

export type { OpenAvailabilityOptions } from './options.ts';

export const openAvailabilityRoutes: FastifyPluginAsyncZod<OpenAvailabilityOptions> = async (
  app,
  options,
) => {
  await app.register(publicationRoutes, options);
  await app.register(fhirReadRoutes, options);
  await app.register(bulkPublishRoutes, options);
  await app.register(partnerRoutes, options);
  await app.register(calendarFeedRoutes, options);
  await app.register(slotLinkRoutes, options);
};
