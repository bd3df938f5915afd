/*
 * The front desk's routes (issue 19; contract packages/contract/src/admin/front-desk.ts). Every
 * route authenticates first (401 before any validation; cookie sessions need the CSRF header for
 * the POSTs), then `requireStaff` checks the brand and the permission; the brand's tenant context
 * confines the SQL on PostgreSQL (row-level security). Every change writes an audit row inside its
 * transaction, with who did it and, for an override, why.
 */
import {
  FRONT_DESK_URL,
  freeTimesQuerySchema,
  freeTimesResponseSchema,
  frontDeskAppointmentQuerySchema,
  frontDeskAppointmentSchema,
  frontDeskBookRequestSchema,
  frontDeskBookingSchema,
  frontDeskCancelRequestSchema,
  frontDeskChangeResponseSchema,
  frontDeskMessageLanguageQuerySchema,
  frontDeskMessageLanguageSchema,
  frontDeskRescheduleRequestSchema,
} from '@scheduler/contract/admin/front-desk';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../../platform/auth/request-guard.ts';
import type { Db } from '../../../platform/db/database.ts';
import { errorResponseSchema } from '../../../platform/http/route-kit.ts';
import type { AppointmentMessages } from '../../messages/index.ts';
import type { FreedTimeListener } from '../manage/manage-service.ts';
import { createFrontDeskBooking } from './book-service.ts';
import { createFrontDeskChanges } from './change-service.ts';
import { createFreeTimes } from './free-times-service.ts';
import { createMessageLanguage } from './message-language.ts';

export interface FrontDeskRoutesOptions {
  db: Db;
  now: () => Date;
  messages?: AppointmentMessages | undefined;
  /** Told of the time a move or a cancellation frees (the waitlist's offers). */
  waitlist?: FreedTimeListener | undefined;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};

const RULES =
  "Staff rules (decision 012): the online booking window and the 'bookable online' flags do not apply; working " +
  'hours, closed days, time off and other appointments always do (409 CONFLICT / SLOT_TAKEN with details.reason ' +
  'outside-hours, closed, time-off or taken). A time sooner than the minimum notice needs overrideReason (400 on ' +
  'overrideReason without it), kept in the audit row. A past time is 400.';

/**
 * GET …/message-language (issue 21): the default of the booking form's "Messages in" — the
 * patient's last booking's language, else the practice's default; audited when it names a patient.
 */
function messageLanguageRoute(app: Parameters<FastifyPluginAsyncZod>[0], options: FrontDeskRoutesOptions) {
  const { guard, audit } = app.staffAuth;
  const messageLanguage = createMessageLanguage(options);
  app.get(
    `${FRONT_DESK_URL}/message-language`,
    {
      preHandler: guard.requireStaff({ permission: 'patients:read' }),
      schema: {
        tags: ['front-desk'],
        summary:
          "The language a booking's messages default to (issue 21): the patient's last booking's (patientId), else " +
          "the practice's default language setting, else English. 404 for a patient not on file (patients:read; " +
          'audited with a patientId)',
        querystring: frontDeskMessageLanguageQuerySchema,
        response: { 200: frontDeskMessageLanguageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { actor } = staffOf(request);
      const answer = await messageLanguage(actor, request.query.patientId);
      if (request.query.patientId !== undefined)
        await audit.recordFor(actor, 'patient.message-language.read', {
          type: 'patient',
          id: request.query.patientId,
          details: { source: answer.source },
        });
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
}

export const frontDeskRoutes: FastifyPluginAsyncZod<FrontDeskRoutesOptions> = (app, options) => {
  const { guard, audit } = app.staffAuth;
  const booking = createFrontDeskBooking(options);
  const changes = createFrontDeskChanges(options);
  const freeTimes = createFreeTimes(options);
  app.addHook('onRequest', guard.authenticate());
  const tags = ['front-desk'];
  const read = guard.requireStaff({ permission: 'patients:read' });
  const write = guard.requireStaff({ permission: 'patients:write' });

  app.get(
    `${FRONT_DESK_URL}/free-times`,
    {
      preHandler: read,
      schema: {
        tags,
        summary:
          'The times staff may book on a local day at a location for a service, per provider (offline providers ' +
          'included; times sooner than the minimum notice list the rule they override) (patients:read)',
        querystring: freeTimesQuerySchema,
        response: { 200: freeTimesResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await freeTimes(staffOf(request).actor, request.query)),
  );

  app.get(
    `${FRONT_DESK_URL}/appointment`,
    {
      preHandler: read,
      schema: {
        tags,
        summary: 'One appointment as the reschedule and cancel dialogs show it (patients:read; audited)',
        querystring: frontDeskAppointmentQuerySchema,
        response: { 200: frontDeskAppointmentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { actor } = staffOf(request);
      const answer = await changes.view(actor, request.query.appointmentId);
      await audit.recordFor(actor, 'appointment.read', {
        type: 'appointment',
        id: request.query.appointmentId,
        details: { patientId: Number(answer.patient.patientId) },
      });
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );

  messageLanguageRoute(app, options);

  app.post(
    `${FRONT_DESK_URL}/book`,
    {
      preHandler: write,
      schema: {
        tags,
        summary:
          'Book an appointment for a caller: a patient on file (patientId) or a new one (newPatient, the public ' +
          "identity step's schema and rules), channel front-desk, created by the user; idempotent by idempotencyKey " +
          `(200 + idempotent-replayed for a retry). ${RULES} (patients:write; audited)`,
        body: frontDeskBookRequestSchema,
        response: { 200: frontDeskBookingSchema, 201: frontDeskBookingSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { replayed, booking: answer } = await booking.book(staffOf(request).actor, request.body);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply
        .header('cache-control', 'no-store')
        .status(replayed ? 200 : 201)
        .send(answer);
    },
  );

  app.post(
    `${FRONT_DESK_URL}/reschedule`,
    {
      preHandler: write,
      schema: {
        tags,
        summary:
          'Move an appointment (pending or confirmed) to another time, provider or location in one transaction, as ' +
          "the patient's own reschedule (same row, confirmation number and link; 'rescheduled' messages planned; " +
          `the old time offered to the waitlist). ${RULES} 409 CONFLICT for an appointment changed meanwhile or no ` +
          'longer movable (patients:write; audited)',
        body: frontDeskRescheduleRequestSchema,
        response: { 200: frontDeskChangeResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await changes.reschedule(staffOf(request).actor, request.body)),
  );

  app.post(
    `${FRONT_DESK_URL}/cancel`,
    {
      preHandler: write,
      schema: {
        tags,
        summary:
          'Cancel an appointment with a reason (required): cancelled by staff, the time freed and offered to the ' +
          "waitlist, the patient's cancellation notice planned. 422 STATUS_CHANGE_NOT_ALLOWED when the status " +
          'workflow refuses it (patients:write; audited)',
        body: frontDeskCancelRequestSchema,
        response: { 200: frontDeskChangeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      return reply
        .header('cache-control', 'no-store')
        .send(await changes.cancel(staff.actor, staff.role, request.body));
    },
  );

  return Promise.resolve();
};
