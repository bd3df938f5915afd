/**
 * The settings table of spec section 9 as the product runs it: each setting's storage place
 * (group, order), built-in default and kind, without the admin's words for it (texts.ts), so the
 * booking page's contract worker, which resolves settings with this table, stays small (issue 16).
 * definitions.ts joins the two into the admin's definitions.
 */
import type {
  BooleanSettingKind,
  DaysType,
  SettingKey,
  SettingOption,
  SettingRule,
  SettingRuleOf,
} from './model.ts';

function defineSetting<K extends SettingKey>(key: K, rule: Omit<SettingRuleOf<K>, 'key'>): SettingRuleOf<K> {
  return { key, ...rule };
}

const YES_NO: BooleanSettingKind = { type: 'boolean' };
const DAYS_TYPE_OPTIONS = [
  { value: 'BusinessDays', label: 'Business days (weekends skipped)' },
  { value: 'CalendarDays', label: 'Calendar days' },
] as const satisfies readonly SettingOption<DaysType>[];

/** The full table of spec section 9, in group and order order. */
export const SETTING_RULES = [
  defineSetting('allowMultipleAppointments', {
    group: 'landingPage',
    order: 2,
    defaultValue: 'No',
    kind: YES_NO,
  }),
  defineSetting('rememberMeInWidget', {
    group: 'landingPage',
    order: 3,
    defaultValue: 'No',
    kind: YES_NO,
  }),
  defineSetting('howFarOut', {
    group: 'appointment',
    order: 1,
    defaultValue: '10',
    kind: { type: 'number', min: 0, max: 365 },
  }),
  defineSetting('daysType', {
    group: 'appointment',
    order: 2,
    defaultValue: 'BusinessDays',
    kind: { type: 'enum', options: DAYS_TYPE_OPTIONS },
  }),
  defineSetting('allowProviderChangeForExisting', {
    group: 'appointment',
    order: 3,
    defaultValue: 'No',
    kind: YES_NO,
  }),
  defineSetting('providerSort', {
    group: 'appointment',
    order: 4,
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
    defaultValue: 'No',
    kind: YES_NO,
  }),
  defineSetting('waitlistNoCapacityProviders', {
    group: 'appointment',
    order: 7,
    defaultValue: 'No',
    kind: YES_NO,
  }),
  defineSetting('waitlistNoCapacityLocations', {
    group: 'appointment',
    order: 10,
    defaultValue: 'No',
    kind: YES_NO,
  }),
  defineSetting('existingPatientsMaySchedule', {
    group: 'appointment',
    order: 13,
    defaultValue: 'Yes',
    kind: YES_NO,
  }),
  defineSetting('howSoon', {
    group: 'appointment',
    order: 15,
    defaultValue: '2',
    kind: { type: 'number', min: 0, max: 720 },
  }),
  defineSetting('startDaysType', {
    group: 'appointment',
    order: 16,
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
    defaultValue: 'No',
    kind: YES_NO,
  }),
  defineSetting('assignment', {
    group: 'appointment',
    order: 18,
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
    defaultValue: '#024E94',
    kind: { type: 'color' },
  }),
  defineSetting('defaultLanguage', {
    group: 'appointment',
    order: 21,
    defaultValue: 'en',
    kind: {
      type: 'enum',
      options: [
        { value: 'en', label: 'English' },
        { value: 'es', label: 'Español' },
      ],
    },
  }),
  defineSetting('checkInsuranceCompatibility', {
    group: 'insurance',
    order: 1,
    defaultValue: 'No',
    kind: YES_NO,
  }),
  defineSetting('selfPayCheck', {
    group: 'insurance',
    order: 3,
    defaultValue: 'No',
    kind: YES_NO,
  }),
  defineSetting('thankYouPrimary', {
    group: 'thankYouScreen',
    order: 1,
    defaultValue:
      'Your appointment has been scheduled! If you need to reschedule, please contact us at least 48 hours in advance.',
    kind: { type: 'text', maxLength: 500 },
  }),
  defineSetting('thankYouSecondary', {
    group: 'thankYouScreen',
    order: 2,
    defaultValue: 'Call our office if you have any questions.',
    kind: { type: 'text', maxLength: 500 },
  }),
  defineSetting('autoConfirm', {
    group: 'thankYouScreen',
    order: 3,
    defaultValue: 'Yes',
    kind: YES_NO,
  }),
  defineSetting('thankYouPrimaryEs', {
    group: 'thankYouScreen',
    order: 4,
    defaultValue: '',
    kind: { type: 'text', maxLength: 500, optional: true },
  }),
  defineSetting('thankYouSecondaryEs', {
    group: 'thankYouScreen',
    order: 5,
    defaultValue: '',
    kind: { type: 'text', maxLength: 500, optional: true },
  }),
  defineSetting('smsEmailPermissions', {
    group: 'patientIntake',
    order: 1,
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
    defaultValue: 'Yes',
    kind: YES_NO,
  }),
  defineSetting('rescheduleAnyProvider', {
    group: 'selfService',
    order: 2,
    defaultValue: 'No',
    kind: YES_NO,
  }),
  defineSetting('waitlistOffersOn', {
    group: 'waitlistOffers',
    order: 1,
    defaultValue: 'Yes',
    kind: YES_NO,
  }),
  defineSetting('waitlistWaveSize', {
    group: 'waitlistOffers',
    order: 2,
    defaultValue: '3',
    kind: { type: 'number', min: 1, max: 20 },
  }),
  defineSetting('waitlistWaveMinutes', {
    group: 'waitlistOffers',
    order: 3,
    defaultValue: '15',
    kind: { type: 'number', min: 1, max: 240 },
  }),
  defineSetting('waitlistOfferCutoffHours', {
    group: 'waitlistOffers',
    order: 4,
    defaultValue: '2',
    kind: { type: 'number', min: 0, max: 72 },
  }),
] as const;

// Compile-time check: every key of SchedulerSettings has a rule.
type UndefinedSettingKey = Exclude<SettingKey, (typeof SETTING_RULES)[number]['key']>;
const _everySettingDefined: [UndefinedSettingKey] extends [never] ? true : UndefinedSettingKey = true;

export const rowKey = (group: string, order: number | string): string => `${group}:${Number(order)}`;

const RULE_BY_KEY = new Map<SettingKey, SettingRule>(SETTING_RULES.map((rule) => [rule.key, rule]));

/** The rule of a setting by its name. */
export function settingRuleOf<K extends SettingKey>(key: K): SettingRuleOf<K> {
  return RULE_BY_KEY.get(key) as SettingRuleOf<K>;
}
