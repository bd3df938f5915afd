import { PATIENT_MANAGEMENT_PREFIX } from '@scheduler/contract/patient-management/shared';
import { bookFromWaitListRequestSchema, bookFromWaitListResponseSchema } from '@scheduler/contract/waitlist';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../../platform/auth/request-guard.ts';
import type { Db } from '../../../platform/db/database.ts';
import { errorResponseSchema } from '../../../platform/http/route-kit.ts';
import { createStaffBookingRepository } from './staff-booking-repository.ts';
import { createStaffBookingService } from './staff-booking-service.ts';
import type { AppointmentMessages } from '../../messages/index.ts';

export interface BookFromWaitListRoutesOptions {
  db: Db;
  now: () => Date;
  /** Plans the booking's messages in its transaction (issue 17). */
  messages?: AppointmentMessages;
}

/** Documented 4xx answers (a loose shape: a response schema must never turn an error into a 500). */
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/**
 * POST bookFromWaitList (patient management API, spec section 7): staff book a waitlisted patient.
 * Authenticates first (401 before any validation), then `requireStaff` checks the brand and
 * waitlist:write.
 */
export const bookFromWaitListRoutes: FastifyPluginAsyncZod<BookFromWaitListRoutesOptions> = (
  app,
  { db, now, messages },
) => {
  const { guard } = app.staffAuth;
  const staffBooking = createStaffBookingService(
    createStaffBookingRepository(db, () => now().getTime(), messages),
    now,
  );
  app.addHook('onRequest', guard.authenticate());
  const tags = ['patient-management'];
  const path = (name: string) => `${PATIENT_MANAGEMENT_PREFIX}/${name}`;

  app.post(
    path('bookFromWaitList'),
    {
      preHandler: guard.requireStaff({ permission: 'waitlist:write' }),
      schema: {
        tags,
        summary:
          'Book a waitlisted patient into a time (staff; idempotent by idempotencyKey). In one transaction: re-checks the slot ' +
          "with the public booking's re-check, matches or creates the patient from the entry's contact, inserts the " +
          'appointment (status booked, channel front-desk, created by the user), marks the entry booked and writes the ' +
          'audit row. The patient booking window and online-booking rules do not apply; the time must not have passed ' +
          "(400) and must lie inside the provider's working hours at the location (400). 201 with the booking; 200 " +
          '(header idempotent-replayed: true) with the first booking for a known idempotencyKey. 409 SLOT_TAKEN when the ' +
          'provider is busy then, 409 CONFLICT when the entry is no longer waiting, 404 for an entry, provider, location ' +
          'or service the brand does not have (waitlist:write; audited)',
        body: bookFromWaitListRequestSchema,
        response: {
          200: bookFromWaitListResponseSchema,
          201: bookFromWaitListResponseSchema,
          ...errors,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { replayed, booking } = await staffBooking.bookFromWaitList(staffOf(request).actor, request.body);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply
        .header('cache-control', 'no-store')
        .status(replayed ? 200 : 201)
        .send(booking);
    },
  );

  return Promise.resolve();
};
