import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { MONTH_NAMES } from '@scheduler/domain/dates';
import { ERROR_CATALOGUE, type ErrorCode } from '@scheduler/domain/errors';
import { INTL_LOCALE, toAppLocale } from '../i18n/locales';
import { SPEC_REFUSAL_TEXTS } from './spec-refusal-texts';

/**
 * The server's error texts (`{ error: { code, message, details } }`: the domain's error catalogue,
 * the booking and manage refusals, the HTTP layer's answers, per-field messages) in the patient's
 * language (issue 21). The server stays English: a text is recognised by its English (word for word,
 * or as a template whose values — a date, a phone number, a provider's name — are taken from it)
 * and shown in the active language with the same values. An unknown text stays as it came; in
 * another language than English, an unknown text of a known code gives that code's general text.
 * The English of each message equals the server's (error-texts.test.ts checks it against
 * @scheduler/domain and @scheduler/contract); the texts are copied, not imported, so zod stays out
 * of the first page's script.
 */

const SOURCE_LOCALE = 'en';

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

/** Other texts the server sends patients as they are, by their English. */
const OTHER_TEXTS: Record<string, MessageDescriptor> = {
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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `template` as an anchored pattern, each `{name}` a named group. */
function patternOf(template: string): RegExp {
  const parts = template.split(/\{(\w+)\}/);
  const source = parts
    .map((part, index) => (index % 2 === 1 ? `(?<${part}>.+?)` : escapeRegExp(part)))
    .join('');
  return new RegExp(`^${source}$`, 's');
}

const FILLED_PATTERNS = FILLED_TEXTS.map(({ template, descriptor }) => ({
  pattern: patternOf(template),
  descriptor,
}));

const CODE_BY_TEXT: Record<string, MessageDescriptor> = Object.fromEntries(
  (Object.keys(CODE_TEXTS) as ErrorCode[]).flatMap((code) => {
    const descriptor = CODE_TEXTS[code];
    return descriptor ? [[ERROR_CATALOGUE[code].message, descriptor]] : [];
  }),
);

/**
 * The server writes the existing appointment's date and time in English ('March 9, 2025',
 * '02:30 PM', domain dates.ts); in another language they are written again with Intl.
 */
function localValues(i18n: I18n, values: Record<string, string>): Record<string, string> {
  const locale = toAppLocale(i18n.locale);
  if (locale === null || locale === SOURCE_LOCALE) return values;
  const tag = INTL_LOCALE[locale];
  const result = { ...values };
  const date = /^([A-Z][a-z]+) (\d{1,2}), (\d{4})$/.exec(values.apptDate ?? '');
  const month = date ? (MONTH_NAMES as readonly string[]).indexOf(date[1] ?? '') : -1;
  if (date && month >= 0)
    result.apptDate = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(
      Date.UTC(Number(date[3]), month, Number(date[2])),
    );
  const time = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(values.apptTime ?? '');
  if (time) {
    const hour = (Number(time[1]) % 12) + (time[3] === 'PM' ? 12 : 0);
    result.apptTime = new Intl.DateTimeFormat(tag, {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
    }).format(Date.UTC(2000, 0, 1, hour, Number(time[2])));
  }
  return result;
}

/** A server text this module knows, in the active language; undefined for any other text. */
export function knownServerText(i18n: I18n, text: string): string | undefined {
  const exact = Object.hasOwn(OTHER_TEXTS, text)
    ? OTHER_TEXTS[text]
    : Object.hasOwn(CODE_BY_TEXT, text)
      ? CODE_BY_TEXT[text]
      : undefined;
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

/** Another module's lookup of texts it knows (as is when it does not know one). */
export type TextTranslator = (text: string) => string;

/**
 * A text sent by the server (a field's message, a `message` of the manage answer) in the active
 * language: this module's texts, then `translate`'s (the booking messages, the contract's field
 * messages), else as it came.
 */
export function serverText(i18n: I18n, text: string, translate?: TextTranslator): string {
  return knownServerText(i18n, text) ?? (translate ? translate(text) : text);
}

/**
 * An error answer's message (`error.code`, `error.message`) in the active language. As
 * `serverText`; when no one knows the text and the language is not English, the general text of
 * its code (so a patient reads their language); an unknown code keeps the server's text.
 */
export function errorText(
  i18n: I18n,
  code: string | null | undefined,
  message: string,
  translate?: TextTranslator,
): string {
  const known = knownServerText(i18n, message);
  if (known !== undefined) return known;
  const translated = translate ? translate(message) : message;
  if (translated !== message || toAppLocale(i18n.locale) === SOURCE_LOCALE) return translated;
  const generic = code && Object.hasOwn(CODE_TEXTS, code) ? CODE_TEXTS[code as ErrorCode] : undefined;
  return generic ? i18n._(generic) : message;
}

/** For the test: each code's message and each English text with its message. */
export function errorTextTables(): {
  codes: ReadonlyArray<[ErrorCode, MessageDescriptor]>;
  texts: ReadonlyArray<[string, MessageDescriptor]>;
  filled: readonly FilledText[];
} {
  return {
    codes: (Object.keys(CODE_TEXTS) as ErrorCode[]).flatMap((code) => {
      const descriptor = CODE_TEXTS[code];
      return descriptor ? [[code, descriptor] as [ErrorCode, MessageDescriptor]] : [];
    }),
    texts: Object.entries(OTHER_TEXTS),
    filled: FILLED_TEXTS,
  };
}
