/** Scheduler settings: the typed model (groups, stored rows, the settings object, setting kinds). */
export const SETTING_GROUPS = [
  'landingPage',
  'appointment',
  'insurance',
  'thankYouScreen',
  'patientIntake',
  'selfService',
  'waitlistOffers',
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
/** Issue 21: the languages patients may use (booking pages and messages). */
export type PatientLanguage = 'en' | 'es';

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
  /** appointment 21 (issue 21): the language a patient's visit starts in when nothing else says. */
  defaultLanguage: PatientLanguage;
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
  /**
   * thankYouScreen 4 and 5 (issue 21): the practice's own Spanish of the two messages; '' = not
   * translated (the booking page shows the reviewed Spanish of the default, or the practice's own
   * text in its default language when it changed the English).
   */
  thankYouPrimaryEs: string;
  thankYouSecondaryEs: string;
  /** patientIntake 1 */
  smsEmailPermissions: ContactPermissionsPolicy;
  /** landingPage 3 (issue 16): "Remember me on this device" is offered inside a framed widget. */
  rememberMeInWidget: boolean;
  /** selfService 1 (issue 18): patients may cancel or reschedule online through their manage link. */
  patientSelfService: boolean;
  /** selfService 2 (issue 18): a patient's reschedule may move to another provider of the service. */
  rescheduleAnyProvider: boolean;
  /** waitlistOffers 1 (issue 18): freed times are offered to matching waitlist entries. */
  waitlistOffersOn: boolean;
  /** waitlistOffers 2: people offered a freed time per wave. */
  waitlistWaveSize: number;
  /** waitlistOffers 3: minutes between waves. */
  waitlistWaveMinutes: number;
  /** waitlistOffers 4: no offer is sent later than this many hours before the freed time. */
  waitlistOfferCutoffHours: number;
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
  /** When true, '' is a valid value (it means "not set"; its default is ''). */
  optional?: boolean;
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

/**
 * One row of the section 9 table as the product runs it: where it is stored, its built-in default
 * and its kind (rules.ts). Enough to read, resolve and validate values; the admin's words for it
 * (label, description) are in texts.ts.
 */
export interface SettingRuleOf<K extends SettingKey> {
  key: K;
  group: SettingGroup;
  order: number;
  /** The built-in default as stored (word for word from the spec). */
  defaultValue: string;
  kind: KindFor<SchedulerSettings[K]>;
}

/** Any setting's rule; narrow on `key` or `kind.type`. */
export type SettingRule = { [K in SettingKey]: SettingRuleOf<K> }[SettingKey];

/** What an admin screen shows for a setting (texts.ts). */
export interface SettingText {
  /** The spec's "meaning", as a label. */
  label: string;
  /** One sentence of help for the admin screen. */
  description: string;
}

/** One row of the section 9 table with what an admin screen needs to show and validate it. */
export interface SettingDefinitionOf<K extends SettingKey> extends SettingRuleOf<K>, SettingText {}

/** Any setting's definition; narrow on `key` or `kind.type`. */
export type SettingDefinition = { [K in SettingKey]: SettingDefinitionOf<K> }[SettingKey];
