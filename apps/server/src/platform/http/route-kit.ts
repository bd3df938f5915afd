/*
 * What every public (anonymous) scheduler module receives from app.ts, and the pieces their
 * routes share: per-IP rate limits and the documented error shape.
 */
import { z } from 'zod';
import type { Db } from '../db/database.ts';

export interface PublicRateLimits {
  /** Per client IP and route, per minute: searches, lists, analytics. */
  readsPerMinute: number;
  /** Per client IP and route, per minute: booking, waitlist, patient lookup. */
  bookingsPerMinute: number;
}

export interface PublicApiOptions {
  db: Db;
  /** The clock (tests pin it). */
  now: () => Date;
  rateLimits: PublicRateLimits;
}

export const PUBLIC_API_PREFIX = '/api/scheduler';

const ONE_MINUTE_MS = 60_000;

/** Route config for a read endpoint (answers 429 RATE_LIMITED past the limit). */
export function readRateLimit(limits: PublicRateLimits): {
  rateLimit: { max: number; timeWindow: number; groupId: string };
} {
  return { rateLimit: { max: limits.readsPerMinute, timeWindow: ONE_MINUTE_MS, groupId: 'public-read' } };
}

/** Route config for a booking-like endpoint. */
export function bookingRateLimit(limits: PublicRateLimits): {
  rateLimit: { max: number; timeWindow: number; groupId: string };
} {
  return {
    rateLimit: { max: limits.bookingsPerMinute, timeWindow: ONE_MINUTE_MS, groupId: 'public-booking' },
  };
}

/**
 * The error shape of every 4xx answer (`{ error: { code, message, details? } }`), for the
 * OpenAPI document. Deliberately loose (any code, any details): a response schema also
 * filters what is sent, and must never turn an error into a 500.
 */
export const errorResponseSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      details: z.unknown().optional(),
    }),
  })
  .describe('Error: { error: { code, message, details? } } (codes of the domain error catalogue)');

/** The 4xx answers a public route documents. */
export const publicErrorResponses = {
  400: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
} as const;

export const refusalErrorResponses = {
  ...publicErrorResponses,
  409: errorResponseSchema,
  422: errorResponseSchema,
} as const;
