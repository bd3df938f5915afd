/*
 * A scheduler's settings as the configuration screen edits them: the stored rows, and every
 * definition of the domain catalogue with the value in effect (the default when nothing
 * readable is stored). Every change is audited.
 */
import type { AssignConfigResponse } from '@scheduler/contract/admin/settings';
import { DomainError } from '@scheduler/domain/errors';
import {
  SETTING_DEFINITIONS,
  findSettingDefinition,
  parseStoredSettingValue,
  resolveSettings,
  settingDefinitionOf,
} from '@scheduler/domain/settings';
import type { SettingDefinition, SettingKey, SettingRow } from '@scheduler/domain/settings';
import type { AuditActor, AuditLog } from '../../../platform/audit/audit-log.ts';
import { assertUpdated } from '../../../platform/db/versioned-update.ts';
import type { SettingsRepository } from './settings-repository.ts';

export interface SettingsService {
  getAssignConfig(actor: AuditActor, schedulerId: number): Promise<AssignConfigResponse>;
  updateConfig(
    actor: AuditActor,
    schedulerId: number,
    version: number,
    rows: readonly SettingRow[],
  ): Promise<AssignConfigResponse>;
}

function settingKindOf(definition: SettingDefinition): AssignConfigResponse['definitions'][number]['kind'] {
  const kind = definition.kind;
  switch (kind.type) {
    case 'boolean':
    case 'color':
      return { type: kind.type };
    case 'number':
      return { type: 'number', min: kind.min, max: kind.max };
    case 'text':
      return { type: 'text', maxLength: kind.maxLength, ...(kind.optional ? { optional: true } : {}) };
    case 'enum':
      return {
        type: 'enum',
        options: kind.options.map((option) => ({ value: option.value, label: option.label })),
        ...('otherwise' in kind && kind.otherwise !== undefined ? { otherwise: kind.otherwise } : {}),
      };
  }
}

/** Whether a stored value can be read (otherwise the default applies). */
function isReadableStoredValue<K extends SettingKey>(key: K, raw: string): boolean {
  return parseStoredSettingValue(settingDefinitionOf(key), raw) !== undefined;
}

function storedFormOf(value: string | number | boolean): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

export function createSettingsService({
  settings,
  audit,
  now = Date.now,
}: {
  settings: SettingsRepository;
  audit: AuditLog;
  now?: () => number;
}): SettingsService {
  async function assignConfig(actor: AuditActor, schedulerId: number): Promise<AssignConfigResponse> {
    const scheduler = await settings.findScheduler(actor.clientId, schedulerId);
    if (scheduler === undefined) throw new DomainError('NOT_FOUND');
    const rows = await settings.settingsOf(actor.clientId, schedulerId);
    const resolved = resolveSettings(rows);
    const stored = new Map(rows.map((row) => [`${row.group}:${row.order}`, row.value]));
    const definitions = SETTING_DEFINITIONS.map((definition: SettingDefinition) => {
      const raw = stored.get(`${definition.group}:${definition.order}`);
      const readable = raw !== undefined && isReadableStoredValue(definition.key, raw);
      return {
        key: definition.key,
        group: definition.group,
        order: definition.order,
        label: definition.label,
        description: definition.description,
        defaultValue: definition.defaultValue,
        kind: settingKindOf(definition),
        value: storedFormOf(resolved[definition.key]),
        isDefault: !readable,
      };
    });
    return {
      clientId: String(actor.clientId),
      schedulerId: String(scheduler.schedulerId),
      schedulerName: scheduler.name,
      schedulerSlug: scheduler.slug,
      settings: rows,
      version: scheduler.settingsVersion,
      definitions,
    };
  }

  return {
    getAssignConfig: assignConfig,

    async updateConfig(actor, schedulerId, version, rows) {
      const scheduler = await settings.findScheduler(actor.clientId, schedulerId);
      if (scheduler === undefined) throw new DomainError('NOT_FOUND');
      // settingsUpdateSchema has validated each value; refuse anything unknown all the same.
      for (const row of rows) {
        if (findSettingDefinition(row.group, row.order) === undefined) throw new DomainError('VALIDATION');
      }
      assertUpdated(await settings.upsertSettings(actor.clientId, schedulerId, version, rows, now()));
      await audit.recordFor(actor, 'scheduler.settings.update', {
        type: 'scheduler',
        id: schedulerId,
        details: { changed: rows.map((row) => `${row.group}.${row.order}`) },
      });
      return assignConfig(actor, schedulerId);
    },
  };
}
