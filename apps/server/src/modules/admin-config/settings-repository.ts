import type { Db } from '../../db/database.ts';

export interface SchedulerRecord {
  schedulerId: number;
  clientId: number;
  name: string;
  slug: string;
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
  /** Inserts or replaces each (group, order) row, all in one transaction. */
  upsertSettings(
    clientId: number,
    schedulerId: number,
    rows: readonly StoredSetting[],
    at: number,
  ): Promise<void>;
}

export function createSettingsRepository(db: Db): SettingsRepository {
  return {
    async findScheduler(clientId, schedulerId) {
      const row = await db
        .selectFrom('schedulers')
        .select(['id', 'client_id', 'name', 'slug'])
        .where('client_id', '=', clientId)
        .where('id', '=', schedulerId)
        .executeTakeFirst();
      return row && { schedulerId: row.id, clientId: row.client_id, name: row.name, slug: row.slug };
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

    async upsertSettings(clientId, schedulerId, rows, at) {
      if (rows.length === 0) return;
      await db.transaction().execute(async (trx) => {
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
        await trx
          .updateTable('schedulers')
          .set({ updated_at: at })
          .where('client_id', '=', clientId)
          .where('id', '=', schedulerId)
          .execute();
      });
    },
  };
}
