import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ERROR_CATALOGUE, type ErrorCode } from '@scheduler/domain/errors';
import {
  BOOKING_CHANGED_MESSAGE,
  BOOKING_MESSAGES,
  CALL_OFFICE_MESSAGE,
  EXISTING_PATIENTS_ONLY_MESSAGE,
  IDEMPOTENCY_REUSED_MESSAGE,
  LOCATION_NOT_FOUND_MESSAGE,
  NEW_PATIENTS_ONLY_MESSAGE,
  PLAN_NOT_AVAILABLE_MESSAGE,
  PLAN_NOT_FOUND_MESSAGE,
  PROVIDER_NOT_FOUND_MESSAGE,
  SCHEDULER_NOT_FOUND_MESSAGE,
  SELF_PAY_NOT_OFFERED_MESSAGE,
  SERVICE_NOT_AT_LOCATION_MESSAGE,
  SERVICE_NOT_FOUND_MESSAGE,
  WAITLIST_LOCATION_HAS_TIMES_MESSAGE,
  WAITLIST_LOCATION_OFF_MESSAGE,
  WAITLIST_PROVIDER_HAS_TIMES_MESSAGE,
  WAITLIST_PROVIDERS_OFF_MESSAGE,
  type BookingMessageCode,
} from '@scheduler/domain/messages';
import { toAppLocale } from '../i18n/locales';
import { BOOKING_MESSAGE_TEXTS, SPEC_REFUSAL_TEXTS } from './spec-refusal-texts';
import { localValues, patternOf, SOURCE_LOCALE } from './text-templates';

/**
 * Every English text a patient reads that is written outside the web app (issue 21), in one lookup:
 * the server's error answers (`{ error: { code, message, details } }`: the domain's error catalogue,
 * the booking and manage refusals, the HTTP layer's answers, per-field messages), the spec's booking
 * messages (section 8, @scheduler/domain/messages), the API client's own failures and the contract's
 * form checks (packages/contract, run in the browser by the forms and on the server). The server and
 * the contract stay English: a text is recognised by its English (word for word, or as a template
 * whose values — a date, a phone number, a provider's name — are taken from it) and shown in the
 * active language with the same values. An unknown text stays as it came; in another language than
 * English, an unknown text of a known code gives that code's general text.
 *
 * The English of each message equals its source's (error-texts.test.ts checks it against
 * @scheduler/domain and @scheduler/contract); the contract's texts and limits are copied, not
 * imported, so zod stays out of this module. It is loaded when a call fails
 * (features/booking/api/server-texts.ts) or with a later step that imports it, never with the
 * landing's first script; its messages are in the later steps' catalog part (lingui.config.ts).
 */

/** The catalogue's default text of each code a patient can meet (`ERROR_CATALOGUE[code].message`). */
const CODE_TEXTS: Partial<Record<ErrorCode, MessageDescriptor>> = {
  VALIDATION: msg`Some of the information entered is not valid. Please check it and try again.`,
  FORBIDDEN: msg`You do not have permission to do this.`,
  CSRF_REJECTED: msg`This request could not be verified. Please reload the page and try again.`,
  NOT_FOUND: msg`We could not find what you were looking for.`,
  CONFLICT: msg`This was changed by someone else in the meantime. Please reload and try again.`,
  RATE_LIMITED: msg`Too many attempts. Please wait a moment and try again.`,
  BAD_REQUEST: msg`The request could not be understood`,
  MALFORMED_JSON: msg`The request body is not valid JSON`,
  REQUEST_TIMEOUT: msg`The request took too long`,
  PAYLOAD_TOO_LARGE: msg`The request body is too large`,
  INTERNAL: msg`Something went wrong on our side. Please try again later.`,
  CALL_TO_SCHEDULE: SPEC_REFUSAL_TEXTS.CALL_TO_SCHEDULE,
  EXISTING_APPOINTMENT: msg`It looks like you already have an appointment scheduled. If you need to make a change to that appointment, please call our office.`,
  CALL_OFFICE: msg`We cannot complete this request online. Please call our office and we will be glad to help.`,
  PROVIDER_NO_CAPACITY: SPEC_REFUSAL_TEXTS.PROVIDER_NO_CAPACITY,
  PROVIDER_NOT_ONLINE: SPEC_REFUSAL_TEXTS.PROVIDER_NOT_ONLINE,
  LOCATION_NO_CAPACITY: SPEC_REFUSAL_TEXTS.LOCATION_NO_CAPACITY,
  SERVICE_NOT_ONLINE: SPEC_REFUSAL_TEXTS.SERVICE_NOT_ONLINE,
  LOCATION_OFFLINE: SPEC_REFUSAL_TEXTS.LOCATION_OFFLINE,
  EXISTING_PATIENTS_BLOCKED: SPEC_REFUSAL_TEXTS.EXISTING_PATIENTS_BLOCKED,
  SLOT_TAKEN: msg`The appointment slot you have selected is no longer available. Please call our office or click the button below to select a new appointment time`,
  INSURANCE_NOT_IN_NETWORK: SPEC_REFUSAL_TEXTS.INSURANCE_NOT_IN_NETWORK,
  PROVIDER_CHANGE_NOT_ALLOWED: msg`As an existing patient, you can book online only with your current provider. Please choose a time with them, or call our office to schedule with another provider.`,
  WAITLIST_NOT_OFFERED: msg`The waitlist is not available for this choice. Please call our office to schedule.`,
  MANAGE_LINK_INVALID: msg`This link is not valid or has expired. You can book a new appointment on our booking page or call our office.`,
  MANAGE_NOT_ALLOWED: msg`This appointment cannot be changed online. Please call our office.`,
};

/** The server's refusals a patient can meet (the booking API's public answers). */
const BOOKING_API_TEXTS: Record<string, MessageDescriptor> = {
  [SCHEDULER_NOT_FOUND_MESSAGE]: msg`We could not find this scheduler. Please check the link or call our office to schedule.`,
  [SERVICE_NOT_FOUND_MESSAGE]: msg`We could not find this service. Please choose another one.`,
  [LOCATION_NOT_FOUND_MESSAGE]: msg`We could not find this location. Please choose another one.`,
  [PROVIDER_NOT_FOUND_MESSAGE]: msg`We could not find this provider. Please choose another one.`,
  [PLAN_NOT_FOUND_MESSAGE]: msg`We could not find this insurance plan. Please choose another one.`,
  [NEW_PATIENTS_ONLY_MESSAGE]: msg`This service is for new patients only. Please choose another service or call our office to schedule.`,
  [EXISTING_PATIENTS_ONLY_MESSAGE]: msg`This service is for existing patients only. Please choose another service or call our office to schedule.`,
  [SERVICE_NOT_AT_LOCATION_MESSAGE]: msg`The selected service is not offered at this location. Please choose another location or call our office to schedule.`,
  [SELF_PAY_NOT_OFFERED_MESSAGE]: msg`Self-pay is not offered for online booking. Please choose your insurance plan or call our office to schedule.`,
  [PLAN_NOT_AVAILABLE_MESSAGE]: msg`Choose one of the insurance plans offered.`,
  [IDEMPOTENCY_REUSED_MESSAGE]: msg`This booking request was already used for another appointment. Please start your booking again.`,
  [BOOKING_CHANGED_MESSAGE]: msg`This appointment has changed since it was booked. Please call our office if you have any questions.`,
  [CALL_OFFICE_MESSAGE]: msg`We cannot complete this request online. Please call our office and we will be glad to help.`,
  [WAITLIST_PROVIDERS_OFF_MESSAGE]: msg`The waitlist is not offered for providers. Please call our office to schedule.`,
  [WAITLIST_PROVIDER_HAS_TIMES_MESSAGE]: msg`This provider has online availability. Please choose one of the times shown instead of joining the waitlist.`,
  [WAITLIST_LOCATION_OFF_MESSAGE]: msg`The waitlist is not offered for this location. Please call our office to schedule.`,
  [WAITLIST_LOCATION_HAS_TIMES_MESSAGE]: msg`This location has online availability. Please choose one of the times shown instead of joining the waitlist.`,
};

/** The web client's own answers for a failed call (lib/api-client.ts, api/get-config.ts). */
const CLIENT_TEXTS: Record<string, MessageDescriptor> = {
  'Something went wrong. Please try again.': msg`Something went wrong. Please try again.`,
  'We could not reach the server. Please check your connection and try again.': msg`We could not reach the server. Please check your connection and try again.`,
  'The request was cancelled.': msg`The request was cancelled.`,
  'We could not find this booking page.': msg`We could not find this booking page.`,
};

/** Other texts the server sends patients as they are, by their English. */
const SERVER_TEXTS: Record<string, MessageDescriptor> = {
  // The HTTP layer (apps/server platform/http/errors.ts)
  'Not found': msg`Not found`,
  'Too many requests, please try again later': msg`Too many requests, please try again later`,
  // Slot search and manage (VALIDATION messages and their field messages)
  'Choose a location': msg`Choose a location`,
  'Choose a time with your provider': msg`Choose a time with your provider`,
  'Choose a different time': msg`Choose a different time`,
  // Waitlist offers (contract/waitlist-offers.ts)
  'Sorry, this time has just been taken by someone else. Here are the next times for the same service.': msg`Sorry, this time has just been taken by someone else. Here are the next times for the same service.`,
  'Sorry, this offer has ended. Here are the next times for the same service.': msg`Sorry, this offer has ended. Here are the next times for the same service.`,
  'This link has already been used to book this time.': msg`This link has already been used to book this time.`,
  'This link is not valid. Please use the booking page or call the office.': msg`This link is not valid. Please use the booking page or call the office.`,
  // Slot links (contract/slot-link.ts)
  'This booking link is not valid: its time (slot) should look like 12-3-45-29412345 (provider, location, service and start).': msg`This booking link is not valid: its time (slot) should look like 12-3-45-29412345 (provider, location, service and start).`,
  'This booking link names a provider, location or service that is not offered here.': msg`This booking link names a provider, location or service that is not offered here.`,
};

/** The contract's limits as its messages write them (PERSON_NAME_MAX_LENGTH, REASON_FOR_VISIT_MAX_LENGTH …). */
const nameMax = 50;
const reasonMax = 500;
const notesMax = 2000;
const minDate = '1900-01-01';
const maxDate = '2999-12-31';

/**
 * The contract's form checks (the patient, insurance and details schemas; the server's VALIDATION
 * answers carry the same English in their field messages).
 */

const CONTRACT_TEXTS: Record<string, MessageDescriptor> = {
  // Identity (contract/patient.ts, contract/common.ts)
  'Enter your first name': msg`Enter your first name`,
  'Enter your last name': msg`Enter your last name`,
  [`Keep your first name to ${nameMax} characters or fewer`]: msg`Keep your first name to ${nameMax} characters or fewer`,
  [`Keep your last name to ${nameMax} characters or fewer`]: msg`Keep your last name to ${nameMax} characters or fewer`,
  'Use letters, spaces, hyphens and apostrophes in your first name': msg`Use letters, spaces, hyphens and apostrophes in your first name`,
  'Use letters, spaces, hyphens and apostrophes in your last name': msg`Use letters, spaces, hyphens and apostrophes in your last name`,
  'Enter your date of birth': msg`Enter your date of birth`,
  'Enter a date': msg`Enter a date`,
  'Enter a valid date (YYYY-MM-DD)': msg`Enter a valid date (YYYY-MM-DD)`,
  [`Enter a date between ${minDate} and ${maxDate}`]: msg`Enter a date between ${minDate} and ${maxDate}`,
  'Date of birth cannot be in the future': msg`Date of birth cannot be in the future`,
  'Check the year of your date of birth': msg`Check the year of your date of birth`,
  'Enter your phone number': msg`Enter your phone number`,
  'Enter a valid phone number': msg`Enter a valid phone number`,
  'Enter your e-mail address': msg`Enter your e-mail address`,
  'Enter a valid e-mail address': msg`Enter a valid e-mail address`,
  'Choose whether we may send you text messages': msg`Choose whether we may send you text messages`,
  'Choose whether we may send you e-mails': msg`Choose whether we may send you e-mails`,
  'Please agree to receive text messages to book online': msg`Please agree to receive text messages to book online`,
  'Please agree to receive e-mails to book online': msg`Please agree to receive e-mails to book online`,
  // Insurance (contract/booking.ts)
  'Choose your insurance carrier': msg`Choose your insurance carrier`,
  'Choose your insurance plan': msg`Choose your insurance plan`,
  'Enter your member ID': msg`Enter your member ID`,
  'Keep the member ID to 40 characters or fewer': msg`Keep the member ID to 40 characters or fewer`,
  'Use letters, digits and hyphens in the member ID': msg`Use letters, digits and hyphens in the member ID`,
  'Choose your relationship to the policy holder': msg`Choose your relationship to the policy holder`,
  'Choose your insurance or self-pay': msg`Choose your insurance or self-pay`,
  'Choose a valid option': msg`Choose a valid option`,
  // Additional details (contract/booking.ts)
  [`Keep the reason for your visit to ${reasonMax} characters or fewer`]: msg`Keep the reason for your visit to ${reasonMax} characters or fewer`,
  [`Keep your notes to ${notesMax} characters or fewer`]: msg`Keep your notes to ${notesMax} characters or fewer`,
  'Remove the invalid character (U+0000) from this text': msg`Remove the invalid character (U+0000) from this text`,
};

/**
 * Texts the server fills with values: `template` is the English with `{name}` where a value stands
 * (the message's own placeholders). Without a phone number the server drops it with the space before
 * it, hence the two forms of those texts.
 */
interface FilledText {
  template: string;
  descriptor: MessageDescriptor;
}

const FILLED_TEXTS: FilledText[] = [
  // Booking refusals (domain messages.ts BOOKING_MESSAGES, filled by bookingRefusal)
  {
    template:
      'It looks like you already have an appointment scheduled for {apptDate} at {apptTime}. If you need to make a change to that appointment, please call our office.',
    descriptor: msg({
      message:
        'It looks like you already have an appointment scheduled for {apptDate} at {apptTime}. If you need to make a change to that appointment, please call our office.',
    }),
  },
  {
    template:
      'The appointment slot you have selected is no longer available. Please call our office {phone} or click the button below to select a new appointment time',
    descriptor: msg({
      message:
        'The appointment slot you have selected is no longer available. Please call our office {phone} or click the button below to select a new appointment time',
    }),
  },
  // Appointment 3 (server scheduling/rules.ts providerChangeRefusal)
  {
    template:
      'As an existing patient, you can book online only with your current provider, {provider}. Please choose a time with them, or call our office to schedule with another provider.',
    descriptor: msg({
      message:
        'As an existing patient, you can book online only with your current provider, {provider}. Please choose a time with them, or call our office to schedule with another provider.',
    }),
  },
  // Provider search by ZIP code (server scheduling/rules.ts postalOrigin)
  {
    template:
      'We could not find the ZIP code {postalCode}. Please check it, or clear it to see every provider.',
    descriptor: msg({
      message:
        'We could not find the ZIP code {postalCode}. Please check it, or clear it to see every provider.',
    }),
  },
  // Manage refusals (contract/manage.ts MANAGE_REFUSAL_MESSAGES): in the answer and in MANAGE_NOT_ALLOWED
  {
    template: 'This appointment cannot be cancelled online. Please call our office {phone} to cancel.',
    descriptor: msg({
      message: 'This appointment cannot be cancelled online. Please call our office {phone} to cancel.',
    }),
  },
  {
    template: 'This appointment cannot be cancelled online. Please call our office to cancel.',
    descriptor: msg`This appointment cannot be cancelled online. Please call our office to cancel.`,
  },
  {
    template:
      'Online cancellation closes {hours} hours before the appointment. Please call our office {phone} to cancel.',
    descriptor: msg({
      message:
        'Online cancellation closes {hours} hours before the appointment. Please call our office {phone} to cancel.',
    }),
  },
  {
    template:
      'Online cancellation closes {hours} hours before the appointment. Please call our office to cancel.',
    descriptor: msg({
      message:
        'Online cancellation closes {hours} hours before the appointment. Please call our office to cancel.',
    }),
  },
  {
    template: 'This appointment cannot be rescheduled online. Please call our office {phone} to change it.',
    descriptor: msg({
      message: 'This appointment cannot be rescheduled online. Please call our office {phone} to change it.',
    }),
  },
  {
    template: 'This appointment cannot be rescheduled online. Please call our office to change it.',
    descriptor: msg`This appointment cannot be rescheduled online. Please call our office to change it.`,
  },
  {
    template:
      'Online rescheduling closes {hours} hours before the appointment. Please call our office {phone} to change it.',
    descriptor: msg({
      message:
        'Online rescheduling closes {hours} hours before the appointment. Please call our office {phone} to change it.',
    }),
  },
  {
    template:
      'Online rescheduling closes {hours} hours before the appointment. Please call our office to change it.',
    descriptor: msg({
      message:
        'Online rescheduling closes {hours} hours before the appointment. Please call our office to change it.',
    }),
  },
  {
    template:
      'This appointment has already been rescheduled online as often as allowed. Please call our office {phone} to change it.',
    descriptor: msg({
      message:
        'This appointment has already been rescheduled online as often as allowed. Please call our office {phone} to change it.',
    }),
  },
  {
    template:
      'This appointment has already been rescheduled online as often as allowed. Please call our office to change it.',
    descriptor: msg`This appointment has already been rescheduled online as often as allowed. Please call our office to change it.`,
  },
  {
    template: 'This service cannot be rescheduled online. Please call our office {phone} to change it.',
    descriptor: msg({
      message: 'This service cannot be rescheduled online. Please call our office {phone} to change it.',
    }),
  },
  {
    template: 'This service cannot be rescheduled online. Please call our office to change it.',
    descriptor: msg`This service cannot be rescheduled online. Please call our office to change it.`,
  },
];

const FILLED_PATTERNS = FILLED_TEXTS.map(({ template, descriptor }) => ({
  pattern: patternOf(template),
  descriptor,
}));

/** Every text known word for word, by its English. */
const KNOWN_TEXTS: Record<string, MessageDescriptor> = {
  // Each code's catalogue text
  ...Object.fromEntries(
    (Object.keys(CODE_TEXTS) as ErrorCode[]).flatMap((code) => {
      const descriptor = CODE_TEXTS[code];
      return descriptor ? [[ERROR_CATALOGUE[code].message, descriptor]] : [];
    }),
  ),
  // The spec's booking messages (APPTDATE, APPTTIME and PHONENUMBER as placeholders)
  ...Object.fromEntries(
    (Object.keys(BOOKING_MESSAGES) as BookingMessageCode[]).map((code) => [
      BOOKING_MESSAGES[code],
      BOOKING_MESSAGE_TEXTS[code],
    ]),
  ),
  ...BOOKING_API_TEXTS,
  ...SERVER_TEXTS,
  ...CLIENT_TEXTS,
  ...CONTRACT_TEXTS,
};

/** A text this module knows, in the active language; undefined for any other text. */
export function knownText(i18n: I18n, text: string): string | undefined {
  const exact = Object.hasOwn(KNOWN_TEXTS, text) ? KNOWN_TEXTS[text] : undefined;
  if (exact) return i18n._(exact);
  for (const { pattern, descriptor } of FILLED_PATTERNS) {
    const match = pattern.exec(text);
    if (match) {
      // Built apart from the call: Lingui's extractor reads an object literal given to i18n._.
      const filled: MessageDescriptor = { ...descriptor, values: localValues(i18n, { ...match.groups }) };
      return i18n._(filled);
    }
  }
  return undefined;
}

/**
 * A text written outside the web app (a server's field message or refusal, a contract's form check,
 * a booking message) in the active language when this module knows it; any other text as it came.
 */
export function translateKnown(i18n: I18n, text: string): string {
  return knownText(i18n, text) ?? text;
}

/**
 * An error answer's message (`error.code`, `error.message`) in the active language. As
 * `translateKnown`; when the text is unknown and the language is not English, the general text of
 * its code (so a patient reads their language); an unknown code keeps the server's text.
 */
export function errorText(i18n: I18n, code: string | null | undefined, message: string): string {
  const known = knownText(i18n, message);
  if (known !== undefined) return known;
  if (toAppLocale(i18n.locale) === SOURCE_LOCALE) return message;
  const generic = code && Object.hasOwn(CODE_TEXTS, code) ? CODE_TEXTS[code as ErrorCode] : undefined;
  return generic ? i18n._(generic) : message;
}

/** For the test: each code's message, each English text known word for word and the filled texts. */
export function knownTextTables(): {
  codes: ReadonlyArray<[ErrorCode, MessageDescriptor]>;
  texts: ReadonlyArray<[string, MessageDescriptor]>;
  filled: readonly FilledText[];
} {
  return {
    codes: (Object.keys(CODE_TEXTS) as ErrorCode[]).flatMap((code) => {
      const descriptor = CODE_TEXTS[code];
      return descriptor ? [[code, descriptor] as [ErrorCode, MessageDescriptor]] : [];
    }),
    texts: Object.entries(KNOWN_TEXTS),
    filled: FILLED_TEXTS,
  };
}
