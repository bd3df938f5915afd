/** Issue 20 "Find, hold, book" (migration 020): trusted partners' OAuth clients and their holds. */
import type { Generated } from 'kysely';
import type { EpochMs } from './columns.ts';

/** An OAuth 2.0 client (client credentials) of one brand. */
export interface PartnerClientsTable {
  id: Generated<number>;
  client_id: number;
  /** What the practice calls the partner ("County find-care portal"). */
  name: string;
  /** The public `client_id` of OAuth (random, unique). */
  client_identifier: string;
  /** SHA-256 (hex) of the 256-bit random secret; the secret itself is shown once, never stored. */
  secret_hash: string;
  created_by_user_id: number | null;
  created_at: EpochMs;
  last_used_at: EpochMs | null;
  /** Set: no token is issued and no token works any more. */
  revoked_at: EpochMs | null;
}

/** A partner's hold of one time ($hold): its slot units are claimed until it expires or is booked. */
export interface SlotHoldsTable {
  id: Generated<number>;
  client_id: number;
  partner_id: number;
  provider_id: number;
  location_id: number;
  service_id: number;
  start_at: EpochMs;
  end_at: EpochMs;
  expires_at: EpochMs;
  created_at: EpochMs;
}
