import type { Generated } from 'kysely';
import type { EpochMs, MembershipRole } from './columns.ts';

/** Staff accounts (migration 014): invitations, password resets, sign-in steps, account e-mails. */

export interface StaffInvitationsTable {
  id: Generated<number>;
  client_id: number;
  /** Lower-cased. */
  email: string;
  role: MembershipRole;
  /** SHA-256 (hex) of the link's token; the token itself is never stored. */
  token_hash: string;
  invited_by_user_id: number | null;
  created_at: EpochMs;
  expires_at: EpochMs;
  accepted_at: EpochMs | null;
  accepted_user_id: number | null;
  revoked_at: EpochMs | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: EpochMs;
  expires_at: EpochMs;
  used_at: EpochMs | null;
}

export type LoginChallengeKind = 'two-factor' | 'password-change';

export interface LoginChallengesTable {
  id: Generated<number>;
  user_id: number;
  kind: LoginChallengeKind;
  token_hash: string;
  ip: string | null;
  user_agent: string | null;
  created_at: EpochMs;
  expires_at: EpochMs;
  used_at: EpochMs | null;
  failed_attempts: Generated<number>;
}

export type AccountEmailKind = 'staff-invitation' | 'password-reset';
export type AccountEmailStatus = 'queued' | 'sent' | 'failed' | 'not-sent';

export interface AccountEmailsTable {
  id: Generated<number>;
  kind: AccountEmailKind;
  to_email: string;
  invitation_id: number | null;
  /** AES-256-GCM of the link until it is handed to the transport, then null. */
  link_encrypted: string | null;
  status: AccountEmailStatus;
  provider_id: string | null;
  error: string | null;
  created_at: EpochMs;
  sent_at: EpochMs | null;
}
