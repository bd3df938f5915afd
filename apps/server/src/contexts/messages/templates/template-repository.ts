/*
 * The practice's own message templates (table message_templates, migration 012). No row = the
 * shipped default. A save names the version it edited: 0 to create the row (the default was in
 * use), the row's version to replace it; anything else writes nothing ('stale').
 */
import type { MessageChannel, MessageKind, MessageLanguage } from '@scheduler/domain/messages/kinds';
import { isMessageKind, isMessageLanguage } from '@scheduler/domain/messages/kinds';
import type { Db } from '../../../platform/db/database.ts';
import { inWriteTransaction } from '../../../platform/db/transaction.ts';

export interface TemplateKey {
  kind: MessageKind;
  channel: MessageChannel;
  language: MessageLanguage;
}

export interface StoredTemplate extends TemplateKey {
  subject: string | null;
  bodyHtml: string | null;
  bodyText: string;
  smsServiceNameOptIn: boolean;
  version: number;
  updatedAt: number;
}

export interface TemplateWrite {
  subject: string | null;
  bodyHtml: string | null;
  bodyText: string;
  smsServiceNameOptIn: boolean;
}

export type SaveOutcome = { outcome: 'ok'; version: number } | { outcome: 'stale' };

export interface TemplateRepository {
  find(clientId: number, key: TemplateKey): Promise<StoredTemplate | undefined>;
  list(clientId: number, language: MessageLanguage): Promise<StoredTemplate[]>;
  save(
    clientId: number,
    key: TemplateKey,
    version: number,
    write: TemplateWrite,
    at: number,
    userId: number | null,
  ): Promise<SaveOutcome>;
  /** Deletes the practice's template; true when there was one. */
  remove(clientId: number, key: TemplateKey): Promise<boolean>;
  /** The brand's name (previews show it instead of the sample). */
  practiceName(clientId: number): Promise<string | undefined>;
}

const COLUMNS = [
  'kind',
  'channel',
  'language',
  'subject',
  'body_html',
  'body_text',
  'sms_service_name',
  'version',
  'updated_at',
] as const;

interface Row {
  kind: string;
  channel: string;
  language: string;
  subject: string | null;
  body_html: string | null;
  body_text: string;
  sms_service_name: number;
  version: number;
  updated_at: number;
}

function recordOf(row: Row): StoredTemplate | undefined {
  if (
    !isMessageKind(row.kind) ||
    (row.channel !== 'email' && row.channel !== 'sms') ||
    !isMessageLanguage(row.language)
  ) {
    return undefined;
  }
  return {
    kind: row.kind,
    channel: row.channel,
    language: row.language,
    subject: row.subject,
    bodyHtml: row.body_html,
    bodyText: row.body_text,
    smsServiceNameOptIn: Number(row.sms_service_name) === 1,
    version: Number(row.version),
    updatedAt: Number(row.updated_at),
  };
}

export function createTemplateRepository(db: Db): TemplateRepository {
  return {
    async find(clientId, key) {
      const row = await db
        .selectFrom('message_templates')
        .select(COLUMNS)
        .where('client_id', '=', clientId)
        .where('kind', '=', key.kind)
        .where('channel', '=', key.channel)
        .where('language', '=', key.language)
        .executeTakeFirst();
      return row && recordOf(row);
    },

    async list(clientId, language) {
      const rows = await db
        .selectFrom('message_templates')
        .select(COLUMNS)
        .where('client_id', '=', clientId)
        .where('language', '=', language)
        .execute();
      return rows.map(recordOf).filter((record): record is StoredTemplate => record !== undefined);
    },

    save(clientId, key, version, write, at, userId) {
      const columns = {
        subject: write.subject,
        body_html: write.bodyHtml,
        body_text: write.bodyText,
        sms_service_name: write.smsServiceNameOptIn ? (1 as const) : (0 as const),
        updated_at: at,
        updated_by: userId,
      };
      return inWriteTransaction(db, async (trx): Promise<SaveOutcome> => {
        const existing = await trx
          .selectFrom('message_templates')
          .select(['id', 'version'])
          .where('client_id', '=', clientId)
          .where('kind', '=', key.kind)
          .where('channel', '=', key.channel)
          .where('language', '=', key.language)
          .executeTakeFirst();
        if (existing === undefined) {
          if (version !== 0) return { outcome: 'stale' };
          // A concurrent first save of the same template inserts nothing here: stale, not a 500.
          const inserted = await trx
            .insertInto('message_templates')
            .values({ client_id: clientId, ...key, ...columns, version: 1 })
            .onConflict((conflict) =>
              conflict.columns(['client_id', 'kind', 'channel', 'language']).doNothing(),
            )
            .executeTakeFirst();
          return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1
            ? { outcome: 'ok', version: 1 }
            : { outcome: 'stale' };
        }
        if (Number(existing.version) !== version) return { outcome: 'stale' };
        const result = await trx
          .updateTable('message_templates')
          .set({ ...columns, version: version + 1 })
          .where('id', '=', existing.id)
          .where('version', '=', version)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === 1
          ? { outcome: 'ok', version: version + 1 }
          : { outcome: 'stale' };
      });
    },

    async practiceName(clientId) {
      const row = await db.selectFrom('clients').select('name').where('id', '=', clientId).executeTakeFirst();
      return row?.name;
    },

    async remove(clientId, key) {
      const result = await inWriteTransaction(db, (trx) =>
        trx
          .deleteFrom('message_templates')
          .where('client_id', '=', clientId)
          .where('kind', '=', key.kind)
          .where('channel', '=', key.channel)
          .where('language', '=', key.language)
          .executeTakeFirst(),
      );
      return Number(result.numDeletedRows) > 0;
    },
  };
}
