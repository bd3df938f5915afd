/*
 * Issue 15, finding 10: the anonymous identity lookups (POST createPatients, PUT bookAppointment)
 * are limited per identity as well as per IP, so that guessing someone's phone or e-mail from many
 * addresses is slow too. The identity is a hash of the normalised name and the date of birth (no
 * name or date sits in the counter store); createPatients and bookAppointment share its counter.
 * The counters live where the per-IP ones do (@fastify/rate-limit: Redis when REDIS_URL is set,
 * else the process), through `app.createRateLimit`, whose check does not stop at the route's own
 * per-IP limit the way a second `app.rateLimit` hook would.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizedPatientName } from '../matching.ts';

/** Lookups of one identity (from any address) per window. */
export const IDENTITY_LOOKUP_LIMIT = { max: 10, timeWindow: 10 * 60_000 } as const;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** One limiter (one counter store) per app: every plugin of an app shares its HTTP server. */
const limiters = new WeakMap<object, Limiter>();

function field(source: unknown, name: string): unknown {
  return typeof source === 'object' && source !== null
    ? (source as Record<string, unknown>)[name]
    : undefined;
}

/** The key of the identity a validated body names: a hash of normalised name + date of birth. */
export function identityKeyOf(body: unknown): string {
  const patient = field(body, 'patient');
  const text = (name: string) => {
    const value = field(patient, name);
    return typeof value === 'string' ? value : '';
  };
  const identity = `${normalizedPatientName(text('firstName'), text('lastName'))}|${text('dateOfBirth')}`;
  return `patient-identity:${createHash('sha256').update(identity).digest('hex')}`;
}

function limiterOf(app: FastifyInstance): Limiter {
  const existing = limiters.get(app.server);
  if (existing !== undefined) return existing;
  const limiter = app.createRateLimit({
    ...IDENTITY_LOOKUP_LIMIT,
    keyGenerator: (request) => identityKeyOf(request.body),
  });
  limiters.set(app.server, limiter);
  return limiter;
}

/**
 * A preHandler (the body is validated by then) answering 429 RATE_LIMITED, with Retry-After, in
 * the standard error body once an identity used up its lookups.
 */
export function identityLookupLimit(app: FastifyInstance): PreHandler {
  const limiter = limiterOf(app);
  return async (request, reply) => {
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw Object.assign(new Error('Too many lookups of one identity'), { statusCode: 429 });
  };
}
