/**
 * Trusted partners of open availability (issue 20): OAuth 2.0 clients (client credentials) that
 * may hold and book times through the brand's FHIR API (`Appointment/$hold`, `Appointment/$book`).
 * Owner only (the owner's permission `users:manage`: a partner client is a credential), every change
 * audited. The client secret is shown once, in the answer that creates the client; only its SHA-256
 * is stored. Revoking is immediate: no new token, and tokens already issued stop working.
 *
 *  GET  /api/scheduler/admin/partners?clientId=               the brand's partner clients
 *  POST /api/scheduler/admin/partners                         { clientId?, name } → the client + its secret (once)
 *  POST /api/scheduler/admin/partners/:partnerId/revoke       { clientId? } → the client, revoked
 */
import * as z from 'zod';
import { recordIdSchema } from '../admin-auth.ts';
import { isoInstantSchema } from '../common.ts';
import { brandQuerySchema, nameText } from './paging.ts';

export const PARTNERS_PATH = '/api/scheduler/admin/partners';
export const revokePartnerPath = (partnerId: string): string =>
  `${PARTNERS_PATH}/${encodeURIComponent(partnerId)}/revoke`;

/** The channel of an appointment booked by a partner through `$book` (reports name it). */
export const PARTNER_CHANNEL = 'partner';
/** Lifetime of a partner's access token (seconds): 15 minutes. */
export const PARTNER_TOKEN_LIFETIME_SECONDS = 900;
/** How long a `$hold` keeps a time (minutes). */
export const PARTNER_HOLD_MINUTES = 5;
/** The scopes a partner's token grants (SMART v1 system scopes): read slots, hold and book appointments. */
export const PARTNER_SCOPES = ['system/Slot.read', 'system/Appointment.write'] as const;

export const partnerClientSchema = z.object({
  partnerId: z.string(),
  name: z.string(),
  /** The OAuth `client_id` (public). */
  clientIdentifier: z.string(),
  createdAt: isoInstantSchema,
  /** The staff member who created it, when the account still exists. */
  createdBy: z.string().nullable(),
  /** When it last got a token or held or booked a time. */
  lastUsedAt: isoInstantSchema.nullable(),
  revokedAt: isoInstantSchema.nullable(),
  status: z.enum(['active', 'revoked']),
});
export type PartnerClient = z.output<typeof partnerClientSchema>;

export const partnersQuerySchema = brandQuerySchema;
export type PartnersQuery = z.output<typeof partnersQuerySchema>;

export const partnersResponseSchema = z.object({
  /** Newest first. */
  partners: z.array(partnerClientSchema),
  /** Where partners get tokens: `${fhirBaseUrl}/auth/token`. */
  tokenUrl: z.string(),
  /** The brand's FHIR base (`Appointment/$hold`, `Appointment/$book` live under it). */
  fhirBaseUrl: z.string(),
});
export type PartnersResponse = z.output<typeof partnersResponseSchema>;

export const createPartnerRequestSchema = brandQuerySchema.extend({
  name: nameText('name for the partner', 100),
});
export type CreatePartnerRequest = z.output<typeof createPartnerRequestSchema>;

export const createPartnerResponseSchema = z.object({
  partner: partnerClientSchema,
  /** The OAuth `client_secret`: shown this once, never again (only its hash is kept). */
  clientSecret: z.string(),
  tokenUrl: z.string(),
});
export type CreatePartnerResponse = z.output<typeof createPartnerResponseSchema>;

export const partnerParamsSchema = z.object({ partnerId: recordIdSchema });
export const revokePartnerRequestSchema = brandQuerySchema;
export const revokePartnerResponseSchema = z.object({ partner: partnerClientSchema });
export type RevokePartnerResponse = z.output<typeof revokePartnerResponseSchema>;

/** The token endpoint's answer (RFC 6749 section 5.1). */
export const partnerTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().positive(),
  scope: z.string(),
});
export type PartnerTokenResponse = z.output<typeof partnerTokenResponseSchema>;
