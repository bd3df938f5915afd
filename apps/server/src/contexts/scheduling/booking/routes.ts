import { bookAppointmentBodySchema, bookAppointmentResponseSchema } from '@scheduler/contract/scheduler-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PUBLIC_API_PREFIX,
  bookingRateLimit,
  refusalErrorResponses,
} from '../../../platform/http/route-kit.ts';
import type { PublicApiOptions } from '../../../platform/http/route-kit.ts';
import { identityLookupLimit } from '../../patients/index.ts';
import { createBookingRepository } from './booking-repository.ts';
import { createBookingService } from './service.ts';
import type { OutboundChannels } from './notified-by.ts';
import type { AppointmentMessages } from '../../messages/index.ts';
import type { ManageLinks } from '../manage/manage-links.ts';

/** PUT bookAppointment. */
export const bookingRoutes: FastifyPluginAsyncZod<
  PublicApiOptions & {
    messages?: AppointmentMessages;
    /** Issue 16 (helper D): the configured transports, for the answer's masked `notifiedBy`. */
    outbound?: OutboundChannels;
    /** Issue 18 (helper H): the answer's `manageUrl`. */
    manageLinks?: ManageLinks;
  }
> = (app, options) => {
  const service = createBookingService(
    createBookingRepository(options.db, options.messages),
    options.now,
    options.outbound,
    options.manageLinks,
  );
  // Per identity too (name + date of birth), shared with createPatients (issue 15, finding 10); checked
  // after the replay check, so that a retry of an acknowledged booking is never refused.
  const limitIdentity = identityLookupLimit(app);

  app.put(
    `${PUBLIC_API_PREFIX}/bookAppointment`,
    {
      config: bookingRateLimit(options.rateLimits),
      schema: {
        tags: ['scheduler (public)'],
        summary: 'Book an appointment (idempotent by idempotencyKey)',
        description:
          '201 with the new booking; 200 (header idempotent-replayed: true) with the first booking when the ' +
          'idempotencyKey was used before — never a second appointment. providerId null: the server picks ' +
          'one of the providers free at startUtc (appointment 18). Status is booked when thankYouScreen 3 ' +
          'auto-confirms, else pending. Refusals: 409 SLOT_TAKEN (slot no longer free, with the office phone), ' +
          '409 EXISTING_APPOINTMENT (its date and time only when name, date of birth, phone and e-mail all ' +
          'match the record; otherwise 409 CALL_OFFICE, which quotes nothing), 422 CALL_TO_SCHEDULE / SERVICE_NOT_ONLINE / LOCATION_OFFLINE / ' +
          'PROVIDER_NOT_ONLINE / PROVIDER_NO_CAPACITY / EXISTING_PATIENTS_BLOCKED / INSURANCE_NOT_IN_NETWORK, ' +
          '422 PROVIDER_CHANGE_NOT_ALLOWED (appointment 3 No: a matched existing patient books only with the ' +
          'provider of their latest appointment, named in the message and in details.providerId), ' +
          '400 VALIDATION (including the identity rules of patientIntake 1 and the date of birth), 429 RATE_LIMITED ' +
          "(per IP, and per identity: name + date of birth, shared with createPatients). A matched patient's " +
          'record is never changed: differing phone, e-mail or consents wait for staff as a pending change. ' +
          'notifiedBy names, masked, the e-mail / mobile the confirmation goes to (transport configured, consent ' +
          'and the same address on file).',
        body: bookAppointmentBodySchema,
        response: {
          200: bookAppointmentResponseSchema,
          201: bookAppointmentResponseSchema,
          ...refusalErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { replayed, booking } = await service.bookAppointment(request.body, {
        beforeNewBooking: () => limitIdentity(request, reply),
      });
      reply.header('cache-control', 'no-store');
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(replayed ? 200 : 201).send(booking);
    },
  );

  return Promise.resolve();
};
