/**
 * The admin's words for each setting of spec section 9: the label and one sentence of help shown
 * on the settings screen. Kept apart from the rules (rules.ts), which the booking page uses, so
 * the page does not download them (issue 16); definitions.ts joins the two.
 */
import type { SettingKey, SettingText } from './model.ts';

/** Keyed by setting: the type requires exactly one entry for every setting, and no other. */
export const SETTING_TEXTS: { readonly [K in SettingKey]: SettingText } = {
  allowMultipleAppointments: {
    label: 'Allow multiple appointments',
    description: 'Let a patient who already has an upcoming appointment book another one online.',
  },
  rememberMeInWidget: {
    label: 'Remember me in the widget',
    description:
      'Offer "Remember me on this device" inside the widget embedded on other sites (it is always offered on the booking page).',
  },
  howFarOut: {
    label: 'Lead window (how far out)',
    description: 'How many days ahead of today patients may book; the last of those days is bookable.',
  },
  daysType: {
    label: 'Days type',
    description: 'Whether the lead window counts business days (weekends skipped) or calendar days.',
  },
  allowProviderChangeForExisting: {
    label: 'Provider change for existing patients',
    description: 'Let existing patients book with a provider other than their own.',
  },
  providerSort: {
    label: 'Provider sort',
    description: 'The order in which providers are listed on the find-appointment step.',
  },
  showNoCapacityProviders: {
    label: 'Show no-capacity providers',
    description: 'List providers who have no online availability (with a call-our-office message).',
  },
  waitlistNoCapacityProviders: {
    label: 'Waitlist for no-capacity providers',
    description: 'Offer to join the waitlist for a provider who has no online availability.',
  },
  waitlistNoCapacityLocations: {
    label: 'Waitlist for no-capacity locations',
    description: 'Offer to join the waitlist for a location that has no online availability.',
  },
  existingPatientsMaySchedule: {
    label: 'Existing patients may schedule',
    description: 'Let patients the practice already knows book online.',
  },
  howSoon: {
    label: 'Minimum lead (how soon)',
    description: 'How long from now the earliest bookable time is, in the start days type.',
  },
  startDaysType: {
    label: 'Start days type',
    description:
      'Whether the minimum lead counts business days or calendar days (earliest time at midnight) or hours.',
  },
  groupSlotsByProvider: {
    label: 'Group slots by provider',
    description: 'Show time slots under each provider rather than as one merged list of times.',
  },
  assignment: {
    label: 'Assignment among several providers',
    description: 'Which provider gets the appointment when several are free at the chosen time.',
  },
  widgetColor: {
    label: 'Widget colour',
    description: 'The colour of the embedded widget, as #RRGGBB.',
  },
  defaultLanguage: {
    label: 'Default language for patients',
    description:
      'The language the booking pages open in when the patient has not chosen one and their browser does not ask for another; patients can switch at any time.',
  },
  checkInsuranceCompatibility: {
    label: 'Check compatibility',
    description: 'Refuse a booking when the chosen insurance plan is not in-network with the provider.',
  },
  selfPayCheck: {
    label: 'Self-pay check',
    description: 'Offer patients a self-pay choice on the insurance step.',
  },
  thankYouPrimary: {
    label: 'Primary message',
    description: 'The main message of the thank-you screen.',
  },
  thankYouSecondary: {
    label: 'Secondary message',
    description: 'The second line of the thank-you screen.',
  },
  autoConfirm: {
    label: 'Auto-confirm appointments',
    description: 'Confirm online bookings at once; otherwise they wait as pending until staff confirm them.',
  },
  thankYouPrimaryEs: {
    label: 'Primary message (Spanish)',
    description:
      'The main message of the thank-you screen for patients booking in Spanish. Leave it empty to use the Spanish of the default message, or your own message above when you changed it.',
  },
  thankYouSecondaryEs: {
    label: 'Secondary message (Spanish)',
    description:
      'The second line of the thank-you screen in Spanish. Leave it empty to use the Spanish of the default, or your own line above when you changed it.',
  },
  smsEmailPermissions: {
    label: 'SMS and email permissions',
    description: 'Whether patients must agree to text messages and e-mails to book.',
  },
  patientSelfService: {
    label: 'Patients may change online',
    description:
      "Patients may cancel or reschedule their appointment through the link in their messages, within each service's cut-offs.",
  },
  rescheduleAnyProvider: {
    label: 'Reschedule with another provider',
    description:
      'A patient who reschedules online may choose another provider of the same service and location.',
  },
  waitlistOffersOn: {
    label: 'Offer freed times',
    description: 'When a time frees, offer it to matching waitlist entries by their chosen channel.',
  },
  waitlistWaveSize: {
    label: 'People per wave',
    description: 'How many waiting patients are offered a freed time at once.',
  },
  waitlistWaveMinutes: {
    label: 'Minutes between waves',
    description: 'How long a wave may claim the time before the next people are offered it.',
  },
  waitlistOfferCutoffHours: {
    label: 'Last offer before the time (hours)',
    description: 'No offer is sent later than this many hours before the freed time.',
  },
};
