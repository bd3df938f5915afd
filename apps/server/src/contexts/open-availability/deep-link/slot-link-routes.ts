/*
 * Issue 20: the booking deep link's slot. A FHIR Slot (and each Slot of the SMART Scheduling Links
 * files) links to `/{clientName}/{scheduler}/all/findappointment?slot={slotId}`; the booking page
 * asks GET slotLink what that id names — service, location, provider, start, the location's zone —
 * and whether the booking API offers exactly that time now. `free` comes from the app's one
 * availability service (the same search as getProviders, for a new patient without filters, that
 * provider, location and service, on the slot's local day): never a second engine.
 */
import {
  SLOT_LINK_MALFORMED_MESSAGE,
  slotLinkQuerySchema,
  slotLinkResponseSchema,
} from '@scheduler/contract/slot-link';
import type { SlotLinkQuery, SlotLinkResponse } from '@scheduler/contract/slot-link';
import { DomainError, isDomainError } from '@scheduler/domain/errors';
import { localDateOf } from '@scheduler/domain/time-zone';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_API_PREFIX, publicErrorResponses, readRateLimit } from '../../../platform/http/route-kit.ts';
import type { AvailabilityService } from '../../scheduling/index.ts';
import { parseSlotId } from '../fhir/ids.ts';
import type { SlotKey } from '../fhir/ids.ts';
import type { OpenAvailabilityOptions } from '../options.ts';
import { findSlotLinkTarget } from './slot-link-repository.ts';

function malformedSlot(): DomainError {
  return new DomainError('VALIDATION', SLOT_LINK_MALFORMED_MESSAGE, {
    fields: [{ path: 'slot', message: SLOT_LINK_MALFORMED_MESSAGE, in: 'querystring' }],
  });
}

/**
 * Whether the slot search offers the slot now. A refusal of the search itself (the service, the
 * location or the provider is not bookable online any more: 422) means it does not; anything
 * else (an unknown brand …) is the caller's error as the search answers it.
 */
async function isOffered(
  availability: AvailabilityService,
  query: SlotLinkQuery,
  key: SlotKey,
  timeZone: string,
): Promise<boolean> {
  const providerId = String(key.providerId);
  try {
    const answer = await availability.searchSlots({
      clientName: query.clientName,
      scheduler: query.scheduler,
      appointmentTypeId: String(key.serviceId),
      locationId: String(key.locationId),
      providerId,
      isExistingPatient: 'false',
      fromDate: localDateOf(key.startMs, timeZone),
      days: 1,
    });
    return answer.providers.some(
      (provider) =>
        provider.providerId === providerId &&
        provider.slots.some(
          (slot) => slot.locationId === String(key.locationId) && Date.parse(slot.startUtc) === key.startMs,
        ),
    );
  } catch (error) {
    if (isDomainError(error) && error.status === 422) return false;
    throw error;
  }
}

export const slotLinkRoutes: FastifyPluginAsyncZod<OpenAvailabilityOptions> = (
  app,
  { db, availability, rateLimits },
) => {
  app.get(
    `${PUBLIC_API_PREFIX}/slotLink`,
    {
      config: readRateLimit(rateLimits),
      schema: {
        tags: ['scheduler (public)'],
        summary: 'What a booking deep link’s slot names, and whether it is still free',
        description:
          'The slot id of the FHIR Slot / SMART Scheduling Links deep link ' +
          '(`{providerId}-{locationId}-{serviceId}-{startUnixMinutes}`): its service, location, ' +
          'provider, start (UTC) and the location’s time zone; `free` is whether the slot search ' +
          '(getProviders, new patient, no filters) offers exactly that time now. A malformed slot ' +
          'is a 400 on `slot`; one naming no provider, location or service of the brand a 404.',
        querystring: slotLinkQuerySchema,
        response: { 200: slotLinkResponseSchema, ...publicErrorResponses },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const key = parseSlotId(query.slot);
      // A start past what a date can hold (ids allow 12 digits of minutes) is no time either.
      if (key === undefined || Number.isNaN(new Date(key.startMs).getTime())) throw malformedSlot();
      const target = await findSlotLinkTarget(db, query.clientName, query.scheduler, key);
      const body: SlotLinkResponse = {
        appointmentTypeId: String(key.serviceId),
        locationId: String(key.locationId),
        providerId: String(key.providerId),
        startUtc: new Date(key.startMs).toISOString(),
        timeZone: target.timeZone,
        free: await isOffered(availability, query, key, target.timeZone),
      };
      void reply.header('cache-control', 'no-store');
      return body;
    },
  );
  return Promise.resolve();
};
