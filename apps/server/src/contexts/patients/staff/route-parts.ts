import type { FastifyReply, FastifyRequest } from 'fastify';
import { staffOf } from '../../../platform/auth/request-guard.ts';
import { errorResponseSchema } from '../../../platform/http/route-kit.ts';
import type { StaffActor } from './service.ts';

/** Shared by the patient management route plugins. */

export const actorOf = (request: FastifyRequest): StaffActor => {
  const staff = staffOf(request);
  return { ...staff.actor, role: staff.role };
};

/** Patient data must not sit in shared or browser caches. */
export const noStore = (reply: FastifyReply): FastifyReply => reply.header('cache-control', 'no-store');

/** Documented 4xx answers (a loose shape: a response schema must never turn an error into a 500). */
export const staffErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
