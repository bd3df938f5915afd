/**
 * The admin's definitions of the settings (spec section 9): the one table of rules (rules.ts:
 * storage place, default, kind) joined with the admin's words for each setting (texts.ts), and
 * lookups and defaults derived from it.
 */
import type {
  SettingDefinition,
  SettingDefinitionOf,
  SettingGroup,
  SettingKey,
  SettingRow,
} from './model.ts';
import { SETTING_RULES, rowKey } from './rules.ts';
import { SETTING_TEXTS } from './texts.ts';

export { rowKey } from './rules.ts';

/** The full table of spec section 9, in group and order order, with each setting's label and help. */
export const SETTING_DEFINITIONS: readonly SettingDefinition[] = SETTING_RULES.map(
  (rule): SettingDefinition => ({ ...rule, ...SETTING_TEXTS[rule.key] }),
);

const DEFINITION_BY_KEY = new Map<SettingKey, SettingDefinition>(
  SETTING_DEFINITIONS.map((definition) => [definition.key, definition]),
);
const DEFINITION_BY_ROW = new Map<string, SettingDefinition>(
  SETTING_DEFINITIONS.map((definition) => [rowKey(definition.group, definition.order), definition]),
);

/** The definition of a setting by its name. */
export function settingDefinitionOf<K extends SettingKey>(key: K): SettingDefinitionOf<K> {
  return DEFINITION_BY_KEY.get(key) as SettingDefinitionOf<K>;
}

/** The definition stored at (group, order), or undefined for a row the product does not know. */
export function findSettingDefinition(group: string, order: number): SettingDefinition | undefined {
  return DEFINITION_BY_ROW.get(rowKey(group, order));
}

/** The default table keyed by group and order: `SETTING_DEFAULTS.appointment[1] === '10'`. */
export const SETTING_DEFAULTS: { readonly [G in SettingGroup]: Readonly<Record<number, string>> } = (() => {
  const table: Record<SettingGroup, Record<number, string>> = {
    landingPage: {},
    appointment: {},
    insurance: {},
    thankYouScreen: {},
    patientIntake: {},
    selfService: {},
    waitlistOffers: {},
  };
  for (const definition of SETTING_DEFINITIONS)
    table[definition.group][definition.order] = definition.defaultValue;
  return table;
})();

/** The defaults as stored rows (e.g. to seed a new scheduler). */
export const DEFAULT_SETTING_ROWS: readonly SettingRow[] = SETTING_DEFINITIONS.map(
  ({ group, order, defaultValue }) => ({
    group,
    order,
    value: defaultValue,
  }),
);
