/** The settings table of spec section 9, and lookups and defaults derived from it. */
import type {
  BooleanSettingKind,
  DaysType,
  SettingDefinition,
  SettingDefinitionOf,
  SettingGroup,
  SettingKey,
  SettingOption,
  SettingRow,
} from './model.ts';

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
  defineSetting('rememberMeInWidget', {
    group: 'landingPage',
    order: 3,
    label: 'Remember me in the widget',
    description:
      'Offer "Remember me on this device" inside the widget embedded on other sites (it is always offered on the booking page).',
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
  defineSetting('patientSelfService', {
    group: 'selfService',
    order: 1,
    label: 'Patients may change online',
    description:
      "Patients may cancel or reschedule their appointment through the link in their messages, within each service's cut-offs.",
    defaultValue: 'Yes',
    kind: YES_NO,
  }),
  defineSetting('rescheduleAnyProvider', {
    group: 'selfService',
    order: 2,
    label: 'Reschedule with another provider',
    description:
      'A patient who reschedules online may choose another provider of the same service and location.',
    defaultValue: 'No',
    kind: YES_NO,
  }),
  defineSetting('waitlistOffersOn', {
    group: 'waitlistOffers',
    order: 1,
    label: 'Offer freed times',
    description: 'When a time frees, offer it to matching waitlist entries by their chosen channel.',
    defaultValue: 'Yes',
    kind: YES_NO,
  }),
  defineSetting('waitlistWaveSize', {
    group: 'waitlistOffers',
    order: 2,
    label: 'People per wave',
    description: 'How many waiting patients are offered a freed time at once.',
    defaultValue: '3',
    kind: { type: 'number', min: 1, max: 20 },
  }),
  defineSetting('waitlistWaveMinutes', {
    group: 'waitlistOffers',
    order: 3,
    label: 'Minutes between waves',
    description: 'How long a wave may claim the time before the next people are offered it.',
    defaultValue: '15',
    kind: { type: 'number', min: 1, max: 240 },
  }),
  defineSetting('waitlistOfferCutoffHours', {
    group: 'waitlistOffers',
    order: 4,
    label: 'Last offer before the time (hours)',
    description: 'No offer is sent later than this many hours before the freed time.',
    defaultValue: '2',
    kind: { type: 'number', min: 0, max: 72 },
  }),
] as const;

// Compile-time check: every key of SchedulerSettings has a definition.
type UndefinedSettingKey = Exclude<SettingKey, (typeof SETTING_DEFINITIONS)[number]['key']>;
const _everySettingDefined: [UndefinedSettingKey] extends [never] ? true : UndefinedSettingKey = true;

export const rowKey = (group: string, order: number | string): string => `${group}:${Number(order)}`;

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
