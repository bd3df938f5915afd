/** Issue 18 "Waitlist offers" (migration 017): freed times and their offers. */
import type { Generated } from 'kysely';
import type { EpochMs } from './columns.ts';

export type FreedTimeStatus = 'offering' | 'filled' | 'ended';
export type WaitlistOfferStatus = 'sent' | 'claimed' | 'gone' | 'expired';

export interface WaitlistFreedTimesTable {
  id: Generated<number>;
  client_id: number;
  scheduler_id: number | null;
  location_id: number;
  provider_id: number;
  service_id: number | null;
  start_at: EpochMs;
  end_at: EpochMs;
  reason: 'cancelled' | 'rescheduled' | 'hours-added';
  appointment_id: number | null;
  status: Generated<FreedTimeStatus>;
  waves_sent: Generated<number>;
  filled_appointment_id: number | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface WaitlistOffersTable {
  id: Generated<number>;
  client_id: number;
  freed_time_id: number;
  waitlist_entry_id: number;
  wave: number;
  channel: 'email' | 'sms';
  service_id: number;
  start_at: EpochMs;
  end_at: EpochMs;
  /** SHA-256 (hex) of the claim token; null until the offer message is made. */
  token_hash: string | null;
  move_appointment_id: number | null;
  status: Generated<WaitlistOfferStatus>;
  sent_at: EpochMs | null;
  outcome_at: EpochMs | null;
  expires_at: EpochMs;
  appointment_id: number | null;
  claim_key: string | null;
  days_gained: number | null;
  created_at: EpochMs;
}
