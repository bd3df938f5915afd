import { DomainError } from '@scheduler/domain/errors';
import { parseStoredSettingValue, settingDefinitionOf } from '@scheduler/domain/settings';
import { DEFAULT_WIDGET_COLOR, parseStoredFrameAncestors } from '@scheduler/contract/widget';
import type { WidgetSetup } from '@scheduler/contract/widget';
import type { WidgetRepository } from './widget-repository.ts';

export interface WidgetService {
  /** The sites allowed to frame the client's widget; undefined when no client has this slug. */
  frameAncestorsOf(clientSlug: string): Promise<string[] | undefined>;
  /** What the admin widget screen shows for one scheduler of the client. */
  getSetup(clientId: number, schedulerId: number): Promise<WidgetSetup>;
}

const SCHEDULER_NOT_FOUND = 'We could not find this scheduler.';

function colorOf(stored: string | null): Pick<WidgetSetup, 'widgetColor' | 'widgetColorIsDefault'> {
  const value =
    stored === null ? undefined : parseStoredSettingValue(settingDefinitionOf('widgetColor'), stored);
  return value === undefined
    ? { widgetColor: DEFAULT_WIDGET_COLOR, widgetColorIsDefault: true }
    : { widgetColor: value, widgetColorIsDefault: false };
}

export function createWidgetService(repository: WidgetRepository): WidgetService {
  return {
    async frameAncestorsOf(clientSlug) {
      const stored = await repository.findFrameAncestorsBySlug(clientSlug);
      return stored === undefined ? undefined : parseStoredFrameAncestors(stored);
    },

    async getSetup(clientId, schedulerId) {
      const record = await repository.findSetup(clientId, schedulerId);
      if (record === undefined) throw new DomainError('NOT_FOUND', SCHEDULER_NOT_FOUND);
      return {
        clientId: String(record.clientId),
        clientSlug: record.clientSlug,
        clientName: record.clientName,
        schedulerId: String(record.schedulerId),
        schedulerSlug: record.schedulerSlug,
        schedulerName: record.schedulerName,
        ...colorOf(record.storedColor),
        defaultWidgetColor: DEFAULT_WIDGET_COLOR,
        frameAncestors: parseStoredFrameAncestors(record.frameAncestorsJson),
        frameAncestorsVersion: record.frameAncestorsVersion,
        locations: record.locations.map((location) => ({
          locationId: String(location.id),
          slug: location.slug,
          name: location.name,
          onlineEnabled: location.onlineEnabled,
        })),
      };
    },
  };
}
