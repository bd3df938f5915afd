import type { Generated } from 'kysely';
import type { EpochMs, Flag } from './columns.ts';

/** Where a pending change came from: the public booking, or a staff booking of a waitlist entry. */
export type PendingChangeSource = 'booking' | 'waitlist';
export type PendingChangeStatus = 'pending' | 'accepted' | 'rejected';

/**
 * Contact details an unauthenticated request brought for a stored patient (migration 015): kept
 * beside the record, never written over it, until staff accept or reject them. Each field is the
 * new value, or null when it did not differ from the record.
 */
export interface PatientPendingChangesTable {
  id: Generated<number>;
  client_id: number;
  patient_id: number;
  appointment_id: number | null;
  source: PendingChangeSource;
  /** Digits only. */
  phone: string | null;
  /** Lower-cased. */
  email: string | null;
  sms_permission: Flag | null;
  email_permission: Flag | null;
  status: Generated<PendingChangeStatus>;
  decided_by_user_id: number | null;
  decided_at: EpochMs | null;
  created_at: EpochMs;
}
