import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { SETTING_DEFINITIONS, type SettingDefinition, type SettingKey } from '@scheduler/domain/settings';
import { i18n } from '../../../i18n/catalogs';

/**
 * The settings screen's words for spec section 9 (issue 21: every text through Lingui): each
 * setting's label and help (the domain's SETTING_TEXTS) and each choice's name (the options of
 * SETTING_RULES), by the setting's key and the choice's value. The English is the domain's word for
 * word (setting-texts.test.ts); the screen shows these, never the domain's English.
 */

const SETTING_MESSAGES: {
  readonly [K in SettingKey]: { label: MessageDescriptor; description: MessageDescriptor };
} = {
  allowMultipleAppointments: {
    label: msg`Allow multiple appointments`,
    description: msg`Let a patient who already has an upcoming appointment book another one online.`,
  },
  rememberMeInWidget: {
    label: msg`Remember me in the widget`,
    description: msg`Offer "Remember me on this device" inside the widget embedded on other sites (it is always offered on the booking page).`,
  },
  howFarOut: {
    label: msg`Lead window (how far out)`,
    description: msg`How many days ahead of today patients may book; the last of those days is bookable.`,
  },
  daysType: {
    label: msg`Days type`,
    description: msg`Whether the lead window counts business days (weekends skipped) or calendar days.`,
  },
  allowProviderChangeForExisting: {
    label: msg`Provider change for existing patients`,
    description: msg`Let existing patients book with a provider other than their own.`,
  },
  providerSort: {
    label: msg`Provider sort`,
    description: msg`The order in which providers are listed on the find-appointment step.`,
  },
  showNoCapacityProviders: {
    label: msg`Show no-capacity providers`,
    description: msg`List providers who have no online availability (with a call-our-office message).`,
  },
  waitlistNoCapacityProviders: {
    label: msg`Waitlist for no-capacity providers`,
    description: msg`Offer to join the waitlist for a provider who has no online availability.`,
  },
  waitlistNoCapacityLocations: {
    label: msg`Waitlist for no-capacity locations`,
    description: msg`Offer to join the waitlist for a location that has no online availability.`,
  },
  existingPatientsMaySchedule: {
    label: msg`Existing patients may schedule`,
    description: msg`Let patients the practice already knows book online.`,
  },
  howSoon: {
    label: msg`Minimum lead (how soon)`,
    description: msg`How long from now the earliest bookable time is, in the start days type.`,
  },
  startDaysType: {
    label: msg`Start days type`,
    description: msg`Whether the minimum lead counts business days or calendar days (earliest time at midnight) or hours.`,
  },
  groupSlotsByProvider: {
    label: msg`Group slots by provider`,
    description: msg`Show time slots under each provider rather than as one merged list of times.`,
  },
  assignment: {
    label: msg`Assignment among several providers`,
    description: msg`Which provider gets the appointment when several are free at the chosen time.`,
  },
  widgetColor: {
    label: msg`Widget colour`,
    description: msg`The colour of the embedded widget, as #RRGGBB.`,
  },
  defaultLanguage: {
    label: msg`Default language for patients`,
    description: msg`The language the booking pages open in when the patient has not chosen one and their browser does not ask for another; patients can switch at any time.`,
  },
  checkInsuranceCompatibility: {
    label: msg`Check compatibility`,
    description: msg`Refuse a booking when the chosen insurance plan is not in-network with the provider.`,
  },
  selfPayCheck: {
    label: msg`Self-pay check`,
    description: msg`Offer patients a self-pay choice on the insurance step.`,
  },
  thankYouPrimary: {
    label: msg`Primary message`,
    description: msg`The main message of the thank-you screen.`,
  },
  thankYouSecondary: {
    label: msg`Secondary message`,
    description: msg`The second line of the thank-you screen.`,
  },
  autoConfirm: {
    label: msg`Auto-confirm appointments`,
    description: msg`Confirm online bookings at once; otherwise they wait as pending until staff confirm them.`,
  },
  thankYouPrimaryEs: {
    label: msg`Primary message (Spanish)`,
    description: msg`The main message of the thank-you screen for patients booking in Spanish. Leave it empty to use the Spanish of the default message, or your own message above when you changed it.`,
  },
  thankYouSecondaryEs: {
    label: msg`Secondary message (Spanish)`,
    description: msg`The second line of the thank-you screen in Spanish. Leave it empty to use the Spanish of the default, or your own line above when you changed it.`,
  },
  smsEmailPermissions: {
    label: msg`SMS and email permissions`,
    description: msg`Whether patients must agree to text messages and e-mails to book.`,
  },
  patientSelfService: {
    label: msg`Patients may change online`,
    description: msg`Patients may cancel or reschedule their appointment through the link in their messages, within each service's cut-offs.`,
  },
  rescheduleAnyProvider: {
    label: msg`Reschedule with another provider`,
    description: msg`A patient who reschedules online may choose another provider of the same service and location.`,
  },
  waitlistOffersOn: {
    label: msg`Offer freed times`,
    description: msg`When a time frees, offer it to matching waitlist entries by their chosen channel.`,
  },
  waitlistWaveSize: {
    label: msg`People per wave`,
    description: msg`How many waiting patients are offered a freed time at once.`,
  },
  waitlistWaveMinutes: {
    label: msg`Minutes between waves`,
    description: msg`How long a wave may claim the time before the next people are offered it.`,
  },
  waitlistOfferCutoffHours: {
    label: msg`Last offer before the time (hours)`,
    description: msg`No offer is sent later than this many hours before the freed time.`,
  },
};

/** The choices' names, by value (no two settings name one value differently). */
const OPTION_MESSAGES: Readonly<Record<string, MessageDescriptor>> = {
  BusinessDays: msg`Business days (weekends skipped)`,
  CalendarDays: msg`Calendar days`,
  alphabetic: msg`Alphabetical`,
  nextAvailable: msg`Next available`,
  distance: msg`Distance`,
  Hours: msg`Hours`,
  random: msg`Random`,
  leastBusy: msg`Least busy`,
  firstAvailable: msg`First in provider order`,
  en: msg`English`,
  es: msg`Español`,
  required: msg`Required`,
  optional: msg`Optional`,
  // A yes/no setting's stored values
  Yes: msg`Yes`,
  No: msg`No`,
};

/** A setting's label in the active language ('Lead window (how far out)'). */
export const settingLabel = (definition: Pick<SettingDefinition, 'key'>): string =>
  i18n._(SETTING_MESSAGES[definition.key].label);

/** A setting's one sentence of help in the active language. */
export const settingDescription = (definition: Pick<SettingDefinition, 'key'>): string =>
  i18n._(SETTING_MESSAGES[definition.key].description);

/** Each choice's value by its English name (the domain's options). */
const OPTION_VALUE_BY_ENGLISH = new Map<string, string>(
  SETTING_DEFINITIONS.flatMap((definition) =>
    definition.kind.type === 'enum'
      ? definition.kind.options.map((option): [string, string] => [option.label, option.value])
      : [],
  ),
);

/** A choice's or a stored value's name in the active language ('Calendar days'); another value as it is. */
export function settingValueLabel(value: string): string {
  const descriptor = Object.hasOwn(OPTION_MESSAGES, value) ? OPTION_MESSAGES[value] : undefined;
  return descriptor ? i18n._(descriptor) : value;
}

/**
 * A setting value's validation message (domain settings/values.ts, English) in the active
 * language; any other text as it is.
 */
export function settingValueMessage(message: string): string {
  if (message === 'Choose Yes or No') return i18n._(msg`Choose Yes or No`);
  if (message === 'Enter a colour as #RRGGBB') return i18n._(msg`Enter a colour as #RRGGBB`);
  if (message === 'Enter a message') return i18n._(msg`Enter a message`);
  const range = /^Enter a whole number from (-?\d+) to (-?\d+)$/.exec(message);
  if (range) {
    const min = range[1] ?? '';
    const max = range[2] ?? '';
    return i18n._(msg`Enter a whole number from ${min} to ${max}`);
  }
  const length = /^Keep the message to (\d+) characters or fewer$/.exec(message);
  if (length) {
    const max = length[1] ?? '';
    return i18n._(msg`Keep the message to ${max} characters or fewer`);
  }
  const choice = /^Choose one of: (.+)$/.exec(message);
  if (choice) {
    // The options' names, each in the active language.
    const names = (choice[1] ?? '')
      .split(', ')
      .map((label) => {
        const value = OPTION_VALUE_BY_ENGLISH.get(label);
        return value === undefined ? label : settingValueLabel(value);
      })
      .join(', ');
    return i18n._(msg`Choose one of: ${names}`);
  }
  return message;
}

/** For the test: each setting's and each choice's message. */
export function settingTextTables() {
  return { settings: SETTING_MESSAGES, options: OPTION_MESSAGES };
}
