/**
 * The generated provider avatars (issue 15, finding 11): `GET /api/avatars/{clientSlug}/{providerId}.svg`.
 * The URL names the brand, and the avatar is drawn only for a published provider (bookable
 * online) of that brand; anything else answers 404, so counting ids lists no one. The old
 * brandless URL `/api/avatars/{providerId}.svg` answers 404.
 */
import * as z from 'zod';
import { INT4_MAX, slugSchema } from './common.ts';

export const avatarParamsSchema = z.object({
  clientSlug: slugSchema,
  providerId: z.coerce.number().int().positive().max(INT4_MAX),
});
export type AvatarParams = z.output<typeof avatarParamsSchema>;

/** The avatar's address on this site, as stored in a provider's photo URL. */
export function avatarPath(clientSlug: string, providerId: number | string): string {
  return `/api/avatars/${encodeURIComponent(clientSlug)}/${encodeURIComponent(String(providerId))}.svg`;
}
