/** Issue 20 "Provider calendar feeds" (migration 021): each provider's secret ICS feed address. */
import type { Generated } from 'kysely';
import type { EpochMs } from './columns.ts';

export interface ProviderCalendarFeedsTable {
  id: Generated<number>;
  client_id: number;
  /** One feed per provider (unique). */
  provider_id: number;
  /** 128 random bits, base64url: with the server's key, derives the token (never stored). */
  nonce: string;
  /** SHA-256 of the token, hex (unique): what the public feed looks up. */
  token_hash: string;
  created_at: EpochMs;
  /** When the address last changed (a new nonce); null if never. */
  rotated_at: EpochMs | null;
}
