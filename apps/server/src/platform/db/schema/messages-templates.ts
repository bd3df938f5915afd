import type { Generated } from 'kysely';
import type { EpochMs, Flag } from './columns.ts';

/** A practice's own wording of one message (issue 17, migration 2026-11-27-012); no row = the default. */
export interface MessageTemplatesTable {
  id: Generated<number>;
  client_id: number;
  /** A MessageKind of packages/domain/src/messages/kinds.ts. */
  kind: string;
  /** 'email' | 'sms'. */
  channel: string;
  language: Generated<string>;
  /** E-mail only. */
  subject: string | null;
  /** E-mail only. */
  body_html: string | null;
  body_text: string;
  /** SMS: the practice opted in to the service name. */
  sms_service_name: Generated<Flag>;
  version: number;
  updated_at: EpochMs;
  /** The staff user who saved it last. */
  updated_by: number | null;
}
