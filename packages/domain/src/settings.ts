/**
 * Scheduler settings (spec section 9): the built-in defaults, a typed view of stored rows, and the
 * metadata an admin settings screen needs to edit them.
 *
 * A scheduler stores its settings as `{group, order, value}` rows with string values
 * ('Yes'/'No', numbers as digits). Any absent row — or a stored value that cannot be read —
 * means the built-in default (spec section 4).
 */
import * as z from 'zod';

export const SETTING_GROUPS = [
  'landingPage',
  'appointment',
  'insurance',
  'thankYouScreen',
  'patientIntake',
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

/** One stored setting, as kept in the database and sent in `rulesConfig`. */
export interface SettingRow {
  group: SettingGroup;
  order: number;
  value: string;
}

/** What `resolveSettings` accepts: rows straight from storage, possibly with unknown groups or odd values. */
export interface StoredSettingRow {
  group: string;
  order: number | string;
  value: unknown;
}

export type DaysType = 'BusinessDays' | 'CalendarDays';
/** Unit of 'how soon'. The spec reads any type other than the two day types as hours. */
export type StartDaysType = DaysType | 'Hours';
export type ProviderSort = 'alphabetic' | 'nextAvailable' | 'distance';
/** How a provider is picked when several are free at the chosen time. */
export type ProviderAssignment = 'random' | 'leastBusy' | 'firstAvailable';
export type ContactPermissionsPolicy = 'required' | 'optional';

/** The settings of one scheduler, typed and complete (defaults filled in). */
export interface SchedulerSettings {
  /** landingPage 2 */
  allowMultipleAppointments: boolean;
  /** appointment 1: the latest bookable day is this many days after today. */
  howFarOut: number;
  /** appointment 2: unit of `howFarOut`. */
  daysType: DaysType;
  /** appointment 3 */
  allowProviderChangeForExisting: boolean;
  /** appointment 4 */
  providerSort: ProviderSort;
  /** appointment 5 */
  showNoCapacityProviders: boolean;
  /** appointment 7 */
  waitlistNoCapacityProviders: boolean;
  /** appointment 10 */
  waitlistNoCapacityLocations: boolean;
  /** appointment 13 */
  existingPatientsMaySchedule: boolean;
  /** appointment 15: the earliest bookable time is this many units after now. */
  howSoon: number;
  /** appointment 16: unit of `howSoon`. */
  startDaysType: StartDaysType;
  /** appointment 17 */
  groupSlotsByProvider: boolean;
  /** appointment 18 */
  assignment: ProviderAssignment;
  /** appointment 20: '#RRGGBB', upper case. */
  widgetColor: string;
  /** insurance 1: refuse plans that are not in-network with the provider. */
  checkInsuranceCompatibility: boolean;
  /** insurance 3 */
  selfPayCheck: boolean;
  /** thankYouScreen 1 */
  thankYouPrimary: string;
  /** thankYouScreen 2 */
  thankYouSecondary: string;
  /** thankYouScreen 3: new appointments are 'booked' at once instead of 'pending'. */
  autoConfirm: boolean;
  /** patientIntake 1 */
  smsEmailPermissions: ContactPermissionsPolicy;
}

export type SettingKey = keyof SchedulerSettings;

export interface SettingOption<V extends string = string> {
  value: V;
  label: string;
}

/** Stored as 'Yes' or 'No'. */
export interface BooleanSettingKind {
  type: 'boolean';
}
/** A whole number from min to max, stored as digits. */
export interface NumberSettingKind {
  type: 'number';
  min: number;
  max: number;
}
export interface EnumSettingKind<V extends string = string> {
  type: 'enum';
  options: readonly SettingOption<V>[];
  /** When set, a stored value that is none of the options means this one instead of the default. */
  otherwise?: V;
}
/** '#RRGGBB'. */
export interface ColorSettingKind {
  type: 'color';
}
export interface TextSettingKind {
  type: 'text';
  maxLength: number;
}
export type SettingKind =
  BooleanSettingKind | NumberSettingKind | EnumSettingKind | ColorSettingKind | TextSettingKind;

type KindFor<V> = [V] extends [boolean]
  ? BooleanSettingKind
  : [V] extends [number]
    ? NumberSettingKind
    : [string] extends [V]
      ? ColorSettingKind | TextSettingKind
      : EnumSettingKind<V & string>;

/** One row of the section 9 table with what an admin screen needs to show and validate it. */
export interface SettingDefinitionOf<K extends SettingKey> {
  key: K;
  group: SettingGroup;
  order: number;
  /** The spec's "meaning", as a label. */
  label: string;
  /** One sentence of help for the admin screen. */
  description: string;
  /** The built-in default as stored (word for word from the spec). */
  defaultValue: string;
  kind: KindFor<SchedulerSettings[K]>;
}

/** Any setting's definition; narrow on `key` or `kind.type`. */
export type SettingDefinition = { [K in SettingKey]: SettingDefinitionOf<K> }[SettingKey];

function defineSetting<K extends SettingKey>(
  key: K,
  definition: Omit<SettingDefinitionOf<K>, 'key'>,
): SettingDefinitionOf<K> {
  return { key, ...definition };
}

const YES_NO: BooleanSettingKind = { type: 'boolean' };
const DAYS_TYPE_OPTIONS = [
  { value: 'BusinessDays', label: 'Business days (weekends skipped)' },
  { value: 'CalendarDays', label: 'Calendar days' },
] as const satisfies readonly SettingOption<DaysType>[];

/** The full table of spec section 9, in group and order order. */
export const SETTING_DEFINITIONS = [
  defineSetting('allowMultipleAppointments', {
    group: 'landingPage',
    order: 2,
    label: 'Allow multiple appointments',
    description: 'Let a patient who already has an upcoming appointment book another one online.',
    defaultValue: 'No',
    kind: YES_NO,
  }),
  defineSetting('howFarOut', {
    group: 'appointment',
    order: 1,
    label: 'Lead window (how far out)',
    description: 'How many days ahead of today patients may book; the last of those days is bookable.',
    defaultValue: '10',
    kind: { type: 'number', min: 0, max: 365 },
  }),
  defineSetting('daysType', {
    group: 'appointment',
    order: 2,
    label: 'Days type',
    description: 'Whether the lead window counts business days (weekends skipped) or calendar days.',
    defaultValue: 'BusinessDays',
    kind: { type: 'enum', options: DAYS_TYPE_OPTIONS },
  }),
  defineSetting('allowProviderChangeForExisting', {
    group: 'appointment',
    order: 3,
    label: 'Provider change for existing patients',
    description: 'Let existing patients book with a provider other than their own.',
    defaultValue: 'No',
    kind: YES_NO,
  }),
  defineSetting('providerSort', {
    group: 'appointment',
    order: 4,
    label: 'Provider sort',
    description: 'The order in which providers are listed on the find-appointment step.',
    defaultValue: 'alphabetic',
    kind: {
      type: 'enum',
      options: [
        { value: 'alphabetic', label: 'Alphabetical' },
        { value: 'nextAvailable', label: 'Next available' },
        { value: 'distance', label: 'Distance' },
      ],
    },
  }),
  defineSetting('showNoCapacityProviders', {
    group: 'appointment',
    order: 5,
    label: 'Show no-capacity providers',
    description: 'List providers who have no online availability (with a call-our-office message).',
    defaultValue: 'No',
    kind: YES_NO,
  }),
  defineSetting('waitlistNoCapacityProviders', {
    group: 'appointment',
    order: 7,
    label: 'Waitlist for no-capacity providers',
    description: 'Offer to join the waitlist for a provider who has no online availability.',
    defaultValue: 'No',
    kind: YES_NO,
  }),
  defineSetting('waitlistNoCapacityLocations', {
    group: 'appointment',
    order: 10,
    label: 'Waitlist for no-capacity locations',
    description: 'Offer to join the waitlist for a location that has no online availability.',
    defaultValue: 'No',
    kind: YES_NO,
  }),
  defineSetting('existingPatientsMaySchedule', {
    group: 'appointment',
    order: 13,
    label: 'Existing patients may schedule',
    description: 'Let patients the practice already knows book online.',
    defaultValue: 'Yes',
    kind: YES_NO,
  }),
  defineSetting('howSoon', {
    group: 'appointment',
    order: 15,
    label: 'Minimum lead (how soon)',
    description: 'How long from now the earliest bookable time is, in the start days type.',
    defaultValue: '2',
    kind: { type: 'number', min: 0, max: 720 },
  }),
  defineSetting('startDaysType', {
    group: 'appointment',
    order: 16,
    label: 'Start days type',
    description:
      'Whether the minimum lead counts business days or calendar days (earliest time at midnight) or hours.',
    defaultValue: 'BusinessDays',
    kind: {
      type: 'enum',
      options: [...DAYS_TYPE_OPTIONS, { value: 'Hours', label: 'Hours' }],
      // Spec section 4: "BusinessDays, CalendarDays, or otherwise hours".
      otherwise: 'Hours',
    },
  }),
  defineSetting('groupSlotsByProvider', {
    group: 'appointment',
    order: 17,
    label: 'Group slots by provider',
    description: 'Show time slots under each provider rather than as one merged list of times.',
    defaultValue: 'No',
    kind: YES_NO,
  }),
  defineSetting('assignment', {
    group: 'appointment',
    order: 18,
    label: 'Assignment among several providers',
    description: 'Which provider gets the appointment when several are free at the chosen time.',
    defaultValue: 'random',
    kind: {
      type: 'enum',
      options: [
        { value: 'random', label: 'Random' },
        { value: 'leastBusy', label: 'Least busy' },
        { value: 'firstAvailable', label: 'First in provider order' },
      ],
    },
  }),
  defineSetting('widgetColor', {
    group: 'appointment',
    order: 20,
    label: 'Widget colour',
    description: 'The colour of the embedded widget, as #RRGGBB.',
    defaultValue: '#024E94',
    kind: { type: 'color' },
  }),
  defineSetting('checkInsuranceCompatibility', {
    group: 'insurance',
    order: 1,
    label: 'Check compatibility',
    description: 'Refuse a booking when the chosen insurance plan is not in-network with the provider.',
    defaultValue: 'No',
    kind: YES_NO,
  }),
  defineSetting('selfPayCheck', {
    group: 'insurance',
    order: 3,
    label: 'Self-pay check',
    description: 'Offer patients a self-pay choice on the insurance step.',
    defaultValue: 'No',
    kind: YES_NO,
  }),
  defineSetting('thankYouPrimary', {
    group: 'thankYouScreen',
    order: 1,
    label: 'Primary message',
    description: 'The main message of the thank-you screen.',
    defaultValue:
      'Your appointment has been scheduled! If you need to reschedule, please contact us at least 48 hours in advance.',
    kind: { type: 'text', maxLength: 500 },
  }),
  defineSetting('thankYouSecondary', {
    group: 'thankYouScreen',
    order: 2,
    label: 'Secondary message',
    description: 'The second line of the thank-you screen.',
    defaultValue: 'Call our office if you have any questions.',
    kind: { type: 'text', maxLength: 500 },
  }),
  defineSetting('autoConfirm', {
    group: 'thankYouScreen',
    order: 3,
    label: 'Auto-confirm appointments',
    description: 'Confirm online bookings at once; otherwise they wait as pending until staff confirm them.',
    defaultValue: 'Yes',
    kind: YES_NO,
  }),
  defineSetting('smsEmailPermissions', {
    group: 'patientIntake',
    order: 1,
    label: 'SMS and email permissions',
    description: 'Whether patients must agree to text messages and e-mails to book.',
    defaultValue: 'required',
    kind: {
      type: 'enum',
      options: [
        { value: 'required', label: 'Required' },
        { value: 'optional', label: 'Optional' },
      ],
    },
  }),
] as const;

// Compile-time check: every key of SchedulerSettings has a definition.
type UndefinedSettingKey = Exclude<SettingKey, (typeof SETTING_DEFINITIONS)[number]['key']>;
const _everySettingDefined: [UndefinedSettingKey] extends [never] ? true : UndefinedSettingKey = true;

const rowKey = (group: string, order: number | string): string => `${group}:${Number(order)}`;

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

const HEX_COLOR = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i;

function readStoredText(raw: unknown): string | undefined {
  if (typeof raw === 'string') return raw.trim();
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  if (typeof raw === 'boolean') return raw ? 'Yes' : 'No';
  return undefined;
}

/**
 * Reads a stored value leniently: 'Yes'/'No' in any case (and 'true'/'false'), numbers with
 * surrounding spaces, enum options in any case, '#abc' or 'abcdef' colours. Returns undefined
 * when the value cannot be read (empty, out of range, not an option …), meaning "use the default".
 */
export function parseStoredSettingValue<K extends SettingKey>(
  definition: SettingDefinitionOf<K>,
  raw: unknown,
): SchedulerSettings[K] | undefined {
  const text = readStoredText(raw);
  if (text === undefined || text === '') return undefined;
  const kind: SettingKind = definition.kind;
  switch (kind.type) {
    case 'boolean': {
      const lower = text.toLowerCase();
      if (lower === 'yes' || lower === 'true') return true as SchedulerSettings[K];
      if (lower === 'no' || lower === 'false') return false as SchedulerSettings[K];
      return undefined;
    }
    case 'number': {
      if (!/^\d+$/.test(text)) return undefined;
      const value = Number(text);
      return value >= kind.min && value <= kind.max ? (value as SchedulerSettings[K]) : undefined;
    }
    case 'enum': {
      const lower = text.toLowerCase();
      const option = kind.options.find((candidate) => candidate.value.toLowerCase() === lower);
      return (option?.value ?? kind.otherwise) as SchedulerSettings[K] | undefined;
    }
    case 'color': {
      const match = HEX_COLOR.exec(text);
      if (!match?.[1]) return undefined;
      const hex = match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1];
      return `#${hex.toUpperCase()}` as SchedulerSettings[K];
    }
    case 'text':
      return text as SchedulerSettings[K];
  }
}

/** The stored form of a typed value: booleans as 'Yes'/'No', numbers as digits. */
export function formatSettingValue<K extends SettingKey>(_key: K, value: SchedulerSettings[K]): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/**
 * A complete, typed settings object from stored rows. Every setting without a row, or whose
 * stored value cannot be read, takes its built-in default. Rows of unknown (group, order) are
 * ignored; when a (group, order) appears twice the last row wins.
 */
export function resolveSettings(rows: Iterable<StoredSettingRow> = []): SchedulerSettings {
  const stored = new Map<string, unknown>();
  for (const row of rows) stored.set(rowKey(row.group, row.order), row.value);

  function read<K extends SettingKey>(key: K): SchedulerSettings[K] {
    const definition = settingDefinitionOf(key);
    const value =
      parseStoredSettingValue(definition, stored.get(rowKey(definition.group, definition.order))) ??
      parseStoredSettingValue(definition, definition.defaultValue);
    if (value === undefined) throw new Error(`Built-in default of ${key} does not parse`);
    return value;
  }

  return {
    allowMultipleAppointments: read('allowMultipleAppointments'),
    howFarOut: read('howFarOut'),
    daysType: read('daysType'),
    allowProviderChangeForExisting: read('allowProviderChangeForExisting'),
    providerSort: read('providerSort'),
    showNoCapacityProviders: read('showNoCapacityProviders'),
    waitlistNoCapacityProviders: read('waitlistNoCapacityProviders'),
    waitlistNoCapacityLocations: read('waitlistNoCapacityLocations'),
    existingPatientsMaySchedule: read('existingPatientsMaySchedule'),
    howSoon: read('howSoon'),
    startDaysType: read('startDaysType'),
    groupSlotsByProvider: read('groupSlotsByProvider'),
    assignment: read('assignment'),
    widgetColor: read('widgetColor'),
    checkInsuranceCompatibility: read('checkInsuranceCompatibility'),
    selfPayCheck: read('selfPayCheck'),
    thankYouPrimary: read('thankYouPrimary'),
    thankYouSecondary: read('thankYouSecondary'),
    autoConfirm: read('autoConfirm'),
    smsEmailPermissions: read('smsEmailPermissions'),
  };
}

/** The built-in defaults, typed. */
export const DEFAULT_SETTINGS: Readonly<SchedulerSettings> = Object.freeze(resolveSettings([]));

/** Typed settings back to stored rows (one per setting, in table order). */
export function toSettingRows(settings: SchedulerSettings): SettingRow[] {
  return SETTING_DEFINITIONS.map((definition) => ({
    group: definition.group,
    order: definition.order,
    value: formatSettingValue(definition.key, settings[definition.key]),
  }));
}

function valueSchemaForKind(kind: SettingKind): z.ZodType<string> {
  switch (kind.type) {
    case 'boolean':
      return z.union([z.enum(['Yes', 'No']), z.boolean().transform((value) => (value ? 'Yes' : 'No'))], {
        error: 'Choose Yes or No',
      });
    case 'number': {
      const message = `Enter a whole number from ${kind.min} to ${kind.max}`;
      return z
        .union(
          [
            z.number(),
            z
              .string()
              .trim()
              .regex(/^-?\d+$/)
              .transform(Number),
          ],
          { error: message },
        )
        .pipe(
          z
            .number()
            .int({ error: message })
            .min(kind.min, { error: message })
            .max(kind.max, { error: message }),
        )
        .transform(String);
    }
    case 'enum': {
      const values = kind.options.map((option) => option.value);
      return z.string().refine((value) => values.includes(value), {
        error: `Choose one of: ${kind.options.map((option) => option.label).join(', ')}`,
      });
    }
    case 'color':
      return z
        .string({ error: 'Enter a colour as #RRGGBB' })
        .trim()
        .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Enter a colour as #RRGGBB' })
        .transform((value) => value.toUpperCase());
    case 'text':
      return z
        .string({ error: 'Enter a message' })
        .trim()
        .min(1, { error: 'Enter a message' })
        .max(kind.maxLength, { error: `Keep the message to ${kind.maxLength} characters or fewer` });
  }
}

/**
 * The schema that validates an admin's new value for the setting at (group, order) and outputs
 * its stored form ('Yes'/'No', digits, '#RRGGBB' upper case, trimmed text). Undefined for a
 * (group, order) the product does not know.
 */
export function settingValueSchemaFor(group: string, order: number): z.ZodType<string> | undefined {
  const definition = findSettingDefinition(group, order);
  return definition ? valueSchemaForKind(definition.kind) : undefined;
}

/** One admin update `{group, order, value}`; the output value is in stored form. */
export const settingUpdateSchema = z
  .object({
    group: z.enum(SETTING_GROUPS, { error: 'Unknown settings group' }),
    order: z.number({ error: 'Unknown setting' }).int({ error: 'Unknown setting' }),
    value: z.unknown(),
  })
  .transform((input, ctx): SettingRow => {
    const schema = settingValueSchemaFor(input.group, input.order);
    if (!schema) {
      ctx.addIssue({ code: 'custom', message: 'Unknown setting', path: ['order'] });
      return z.NEVER;
    }
    const result = schema.safeParse(input.value);
    if (!result.success) {
      for (const issue of result.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['value', ...issue.path] });
      }
      return z.NEVER;
    }
    return { group: input.group, order: input.order, value: result.data };
  });

/** A batch of admin updates (the whole settings form at once). */
export const settingsUpdateSchema = z.array(settingUpdateSchema).max(SETTING_DEFINITIONS.length * 2);
