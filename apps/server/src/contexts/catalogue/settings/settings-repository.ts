import type { Db } from '../../../platform/db/database.ts';
import { inWriteTransaction } from '../../../platform/db/transaction.ts';
import { versionedUpdate } from '../../../platform/db/versioned-update.ts';
import type { VersionedOutcome } from '../../../platform/db/versioned-update.ts';

export interface SchedulerRecord {
  schedulerId: number;
  clientId: number;
  name: string;
  slug: string;
  /** Bumped by every settings change (optimistic concurrency). */
  settingsVersion: number;
}

export interface StoredSetting {
  group: string;
  order: number;
  value: string;
}

export interface SettingsRepository {
  /** The scheduler when it belongs to the brand. */
  findScheduler(clientId: number, schedulerId: number): Promise<SchedulerRecord | undefined>;
  settingsOf(clientId: number, schedulerId: number): Promise<StoredSetting[]>;
  /**
   * Inserts or replaces each (group, order) row, all in one transaction, when `version` is the
   * scheduler's settings version (which it bumps); a stale version writes nothing.
   */
  upsertSettings(
    clientId: number,
    schedulerId: number,
    version: number,
    rows: readonly StoredSetting[],
    at: number,
  ): Promise<VersionedOutcome>;
}

export function createSettingsRepository(db: Db): SettingsRepository {
  return {
    async findScheduler(clientId, schedulerId) {
      const row = await db
        .selectFrom('schedulers')
        .select(['id', 'client_id', 'name', 'slug', 'settings_version'])
        .where('client_id', '=', clientId)
        .where('id', '=', schedulerId)
        .executeTakeFirst();
      return (
        row && {
          schedulerId: row.id,
          clientId: row.client_id,
          name: row.name,
          slug: row.slug,
          settingsVersion: row.settings_version,
        }
      );
    },

    async settingsOf(clientId, schedulerId) {
      const rows = await db
        .selectFrom('scheduler_settings')
        .select(['setting_group', 'setting_order', 'value'])
        .where('client_id', '=', clientId)
        .where('scheduler_id', '=', schedulerId)
        .orderBy('setting_group')
        .orderBy('setting_order')
        .execute();
      return rows.map((row) => ({ group: row.setting_group, order: row.setting_order, value: row.value }));
    },

    async upsertSettings(clientId, schedulerId, version, rows, at) {
      return inWriteTransaction(db, async (trx) => {
        const outcome = await versionedUpdate(
          trx,
          { table: 'schedulers', clientId, id: schedulerId, version, versionColumn: 'settings_version' },
          { updated_at: at },
        );
        if (outcome !== 'ok') return outcome;
        for (const row of rows) {
          await trx
            .insertInto('scheduler_settings')
            .values({
              client_id: clientId,
              scheduler_id: schedulerId,
              setting_group: row.group,
              setting_order: row.order,
              value: row.value,
              updated_at: at,
            })
            .onConflict((conflict) =>
              conflict
                .columns(['scheduler_id', 'setting_group', 'setting_order'])
                .doUpdateSet({ value: row.value, updated_at: at }),
            )
            .execute();
        }
        return 'ok';
      });
    },
  };
}
