import type { Generated } from 'kysely';
import type { Flag, EpochMs, IsoDate, AppointmentStatus, WaitlistStatus, Gender } from './columns.ts';

/** Patients, insurance policies, appointments (with their history and slot units), the waitlist, notes, feedback. */

export interface PatientsTable {
  id: Generated<number>;
  client_id: number;
  first_name: string;
  last_name: string;
  /**
   * `normalise(first_name) + '|' + normalise(last_name)` where normalise lower-cases and
   * removes all whitespace (spec section 5); matched together with date_of_birth.
   */
  normalized_name: string;
  date_of_birth: IsoDate;
  gender: Gender | null;
  /** Digits only. */
  phone: string | null;
  /** Lower-cased. */
  email: string | null;
  sms_permission: Flag;
  email_permission: Flag;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface InsurancePoliciesTable {
  id: Generated<number>;
  client_id: number;
  patient_id: number;
  plan_id: number | null;
  carrier_id: number | null;
  relationship_id: number | null;
  member_id: string | null;
  group_number: string | null;
  subscriber_first_name: string | null;
  subscriber_last_name: string | null;
  subscriber_date_of_birth: IsoDate | null;
  self_pay: Flag;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface AppointmentsTable {
  id: Generated<number>;
  client_id: number;
  scheduler_id: number | null;
  provider_id: number;
  location_id: number;
  service_id: number;
  patient_id: number;
  insurance_policy_id: number | null;
  start_at: EpochMs;
  end_at: EpochMs;
  status: AppointmentStatus;
  is_new_patient: Flag;
  /** Client-supplied key making a retried booking request harmless (unique per client). */
  idempotency_key: string | null;
  /** Analytics session that booked it, if any. */
  session_id: string | null;
  /** `website`, a campaign, `phone`, `rwg` … */
  channel: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  rwg_token: string | null;
  reason: string | null;
  notes: string | null;
  cancel_reason: string | null;
  /** Issue 18 (migration 016): the manage link's nonce and SHA-256 of its token (never the token). */
  manage_nonce: string | null;
  manage_token_hash: string | null;
  /** Who cancelled it, and the patient's own words (the reason stays in cancel_reason). */
  cancelled_by: 'patient' | 'staff' | null;
  cancel_note: string | null;
  /** Reschedules by the patient, and the start before the latest one. */
  reschedule_count: Generated<number>;
  rescheduled_from_at: EpochMs | null;
  /** Issue 21 (migration 023): the language the patient booked in; its messages go out in it. */
  language: Generated<'en' | 'es'>;
  version: number;
  created_by_user_id: number | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface AppointmentStatusHistoryTable {
  id: Generated<number>;
  client_id: number;
  appointment_id: number;
  from_status: AppointmentStatus | null;
  to_status: AppointmentStatus;
  reason: string | null;
  changed_by_user_id: number | null;
  created_at: EpochMs;
}

/**
 * The database-level double-booking guard: one row per 5-minute unit of provider time held
 * by an active appointment. See `slot-units.ts`.
 */
export interface AppointmentSlotUnitsTable {
  client_id: number;
  provider_id: number;
  unit_start: EpochMs;
  /** The active appointment holding the unit; null for a partner's hold (exactly one is set, migration 020). */
  appointment_id: number | null;
  /** Issue 20: the partner's hold (`slot_holds`) claiming the unit. */
  hold_id: number | null;
}

export interface WaitlistEntriesTable {
  id: Generated<number>;
  client_id: number;
  scheduler_id: number | null;
  location_id: number | null;
  provider_id: number | null;
  service_id: number | null;
  patient_id: number | null;
  first_name: string;
  last_name: string;
  date_of_birth: IsoDate | null;
  phone: string | null;
  email: string | null;
  preferred_times: string | null;
  notes: string | null;
  /** Issue 21 (migration 023): the language the patient joined in; offers go out in it. */
  language: Generated<'en' | 'es'>;
  status: WaitlistStatus;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface NotesTable {
  id: Generated<number>;
  client_id: number;
  patient_id: number;
  appointment_id: number | null;
  author_user_id: number | null;
  body: string;
  created_at: EpochMs;
  edited_at: EpochMs | null;
}

export interface FeedbackTable {
  id: Generated<number>;
  client_id: number;
  patient_id: number | null;
  appointment_id: number | null;
  /** 1..5 */
  rating: number | null;
  comment: string | null;
  created_at: EpochMs;
}
