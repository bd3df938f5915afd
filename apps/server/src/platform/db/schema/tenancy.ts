import type { Generated } from 'kysely';
import type { Flag, EpochMs, MembershipRole } from './columns.ts';

/** Tenancy and staff accounts: clients, schedulers and their settings, users, memberships, sessions, login attempts, the audit log. */

export interface ClientsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  phone: string;
  /** JSON array of CSP sources allowed to frame the widget, e.g. `["https://www.example.com"]`. */
  frame_ancestors: string;
  /** Optimistic concurrency of the allow-list (migration 007). */
  frame_ancestors_version: Generated<number>;
  /** 1: owners must use two-factor sign-in to use the admin (migration 014). */
  require_owner_totp: Generated<Flag>;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface SchedulersTable {
  id: Generated<number>;
  client_id: number;
  slug: string;
  name: string;
  /** Optimistic concurrency of the scheduler's settings: bumped by every updateConfig (migration 005). */
  settings_version: Generated<number>;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** One row per setting that differs from the built-in default (spec section 9). */
export interface SchedulerSettingsTable {
  id: Generated<number>;
  client_id: number;
  scheduler_id: number;
  setting_group: string;
  setting_order: number;
  value: string;
  updated_at: EpochMs;
}

export interface UsersTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  password_hash: string;
  display_name: string;
  created_at: EpochMs;
  updated_at: EpochMs;
  last_login_at: EpochMs | null;
  disabled_at: EpochMs | null;
  /** The brand chosen last: the active brand of the next sign-in (migration 014). */
  last_client_id: Generated<number | null>;
  /** 1: an owner forced a reset; the next sign-in must choose a new password. */
  must_reset_password: Generated<Flag>;
  /** AES-256-GCM of the TOTP secret (platform/auth/secret-box.ts); null without two-factor. */
  totp_secret_encrypted: Generated<string | null>;
  /** An enrolment not yet confirmed with a code. */
  totp_pending_encrypted: Generated<string | null>;
  totp_enabled_at: Generated<EpochMs | null>;
  /** The last accepted TOTP time step (a code is never accepted twice). */
  totp_last_step: Generated<number | null>;
}

export interface MembershipsTable {
  id: Generated<number>;
  user_id: number;
  client_id: number;
  role: MembershipRole;
  created_at: EpochMs;
  /** The member is disabled in this brand (migration 014). */
  disabled_at: Generated<EpochMs | null>;
}

export interface AdminSessionsTable {
  id: Generated<number>;
  /** SHA-256 of the opaque token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  active_client_id: number | null;
  csrf_secret: string;
  created_at: EpochMs;
  expires_at: EpochMs;
  last_seen_at: EpochMs;
  revoked_at: EpochMs | null;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  /** Lower-cased e-mail as typed. */
  email: string;
  ip: string | null;
  succeeded: Flag;
  created_at: EpochMs;
}

export interface AuditLogTable {
  id: Generated<number>;
  client_id: number | null;
  user_id: number | null;
  action: string;
  record_type: string | null;
  record_id: string | null;
  ip: string | null;
  /** JSON with no patient data (ids and changed field names only). */
  details: string | null;
  created_at: EpochMs;
}
