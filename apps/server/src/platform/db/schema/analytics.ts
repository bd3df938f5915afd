import type { Generated } from 'kysely';
import type { Flag, EpochMs } from './columns.ts';

/** Booking-funnel analytics: sessions, events, the tracking log. */

/**
 * One row per browser booking session (spec section 3). Holds no patient identity:
 * only ids of the practice's own records, flags and campaign fields.
 */
export interface AnalyticsSessionsTable {
  id: Generated<number>;
  client_id: number;
  /** The client-generated sessionId. */
  session_id: string;
  scheduler_id: number | null;
  location_id: number | null;
  appointment_type_id: number | null;
  provider_id: number | null;
  is_existing_patient: Flag | null;
  is_apt_booked: Flag;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  rwg_token: string | null;
  /** channelFilters: a campaign, or `website`. */
  channel: string;
  landing_page_path: string | null;
  last_page_name: string | null;
  event_count: number;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/**
 * Every field of the spec's analytics payload (section 3). `googleSessionDetails` is
 * stored in the utm_* and rwg_token columns (it carries the same values).
 */
export interface AnalyticsEventsTable {
  id: Generated<number>;
  client_id: number;
  session_id: string;
  page_path: string | null;
  page_name: string | null;
  event_label: string | null;
  action: string | null;
  location_id: number | null;
  alert: string | null;
  appointment_type_id: number | null;
  click_page_path: string | null;
  click_page_name: string | null;
  provider_id: number | null;
  event_details: string | null;
  is_existing_patient: Flag | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  rwg_token: string | null;
  is_apt_booked: Flag | null;
  channel_filters: string | null;
  created_at: EpochMs;
}

/** The tracking log posted to `/api/track` after each event (JSON payload, no identity). */
export interface TrackLogsTable {
  id: Generated<number>;
  client_id: number | null;
  session_id: string | null;
  payload: string;
  created_at: EpochMs;
}
