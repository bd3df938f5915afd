import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { DISPLAY_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@scheduler/contract/admin-auth';
import {
  FORGOT_PASSWORD_MESSAGE,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_COMMON_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  TWO_FACTOR_REQUIRED_MESSAGE,
} from '@scheduler/contract/admin/accounts';
import { CLOSURE_YEARS } from '@scheduler/contract/admin/closures';
import {
  CANCEL_REASON_MAX_LENGTH,
  CANCEL_REASON_REQUIRED_MESSAGE,
  OVERRIDE_REASON_REQUIRED_MESSAGE,
  STAFF_PAST_TIME_MESSAGE,
} from '@scheduler/contract/admin/front-desk';
import { RESERVED_LOCATION_SLUGS } from '@scheduler/contract/admin/locations';
import {
  MESSAGE_HTML_MAX,
  MESSAGE_SUBJECT_MAX,
  MESSAGE_TEXT_MAX,
} from '@scheduler/contract/admin/message-templates';
import { MAX_REMINDER_RULES, REMINDER_OFFSET_MIN_MINUTES } from '@scheduler/contract/admin/messages';
import { MAX_SET_SIZE } from '@scheduler/contract/admin/paging';
import { SCHEDULE_MAX_DAYS } from '@scheduler/contract/admin/schedule';
import { NOTE_MAX_LENGTH } from '@scheduler/contract/patient-management/notes';
import { ERROR_CATALOGUE, isErrorCode, type ErrorCode } from '@scheduler/domain/errors';
import { BOOKING_MESSAGES, type BookingMessageCode } from '@scheduler/domain/messages';
import { i18n } from '../../../i18n/catalogs';
import { BOOKING_MESSAGE_TEXTS } from '../../../lib/spec-refusal-texts';

/**
 * The contract's validation messages that staff screens show (issue 21: every text through Lingui):
 * the admin schemas of packages/contract (run by the forms in the browser; the server's VALIDATION
 * answers carry the same English per field). The contract stays English: a message is looked up by
 * its English where it is shown (`staffText`: the form fields, the save and error alerts) and one
 * this table does not know stays as it came. contract-texts.test.ts checks the table against the
 * contract's sources, word for word.
 */

/** The messages written as they are (`{ error: '…' }`). */
const PLAIN: Record<string, MessageDescriptor> = {
  'Remove the invalid character (U+0000) from this text': msg`Remove the invalid character (U+0000) from this text`,
  "Enter the patient's date of birth": msg`Enter the patient's date of birth`,
  'The date of birth must be in the past': msg`The date of birth must be in the past`,
  'An SMS has no HTML part': msg`An SMS has no HTML part`,
  'An SMS has no subject': msg`An SMS has no subject`,
  'Change at least one setting': msg`Change at least one setting`,
  'Choose English (en) or Spanish (es)': msg`Choose English (en) or Spanish (es)`,
  'Choose Male or Female': msg`Choose Male or Female`,
  'Choose a channel': msg`Choose a channel`,
  'Choose a day': msg`Choose a day`,
  'Choose a kind of message': msg`Choose a kind of message`,
  'Choose a language': msg`Choose a language`,
  'Choose a message kind': msg`Choose a message kind`,
  'Choose a role': msg`Choose a role`,
  'Choose a status': msg`Choose a status`,
  'Choose a time zone': msg`Choose a time zone`,
  'Choose a valid option': msg`Choose a valid option`,
  'Choose a valid time zone': msg`Choose a valid time zone`,
  'Choose e-mail or SMS': msg`Choose e-mail or SMS`,
  'Choose morning, afternoon or evening': msg`Choose morning, afternoon or evening`,
  'Choose the patient or enter a new one': msg`Choose the patient or enter a new one`,
  'Choose the patient or the appointment': msg`Choose the patient or the appointment`,
  'Choose waiting, contacted, booked or removed': msg`Choose waiting, contacted, booked or removed`,
  'Choose whether calendar feeds show service names': msg`Choose whether calendar feeds show service names`,
  'Choose whether to publish': msg`Choose whether to publish`,
  'Each reminder must differ in channel or time': msg`Each reminder must differ in channel or time`,
  'End the hours after they start': msg`End the hours after they start`,
  'End the period after it starts': msg`End the period after it starts`,
  'End the range on or after its start': msg`End the range on or after its start`,
  'End the time off after it starts': msg`End the time off after it starts`,
  'Enter a 5-digit ZIP code': msg`Enter a 5-digit ZIP code`,
  'Enter a ZIP code': msg`Enter a ZIP code`,
  'Enter a date': msg`Enter a date`,
  'Enter a date and time in UTC (ISO 8601)': msg`Enter a date and time in UTC (ISO 8601)`,
  'Enter a duration in minutes': msg`Enter a duration in minutes`,
  'Enter a name': msg`Enter a name`,
  'Enter a new password': msg`Enter a new password`,
  'Enter a number of hours': msg`Enter a number of hours`,
  'Enter a short name': msg`Enter a short name`,
  'Enter a site address such as https://www.example.com': msg`Enter a site address such as https://www.example.com`,
  'Enter a subject': msg`Enter a subject`,
  'Enter a time (HH:mm)': msg`Enter a time (HH:mm)`,
  'Enter a time as HH:MM': msg`Enter a time as HH:MM`,
  'Enter a valid date (YYYY-MM-DD)': msg`Enter a valid date (YYYY-MM-DD)`,
  'Enter a valid e-mail address': msg`Enter a valid e-mail address`,
  'Enter a valid password': msg`Enter a valid password`,
  'Enter a valid phone number': msg`Enter a valid phone number`,
  'Enter a whole number': msg`Enter a whole number`,
  'Enter a year': msg`Enter a year`,
  'Enter an https:// address or a path on this site': msg`Enter an https:// address or a path on this site`,
  'Enter how long before the appointment': msg`Enter how long before the appointment`,
  'Enter how many times a patient may reschedule': msg`Enter how many times a patient may reschedule`,
  'Enter the 6-digit code': msg`Enter the 6-digit code`,
  'Enter the HTML part of the e-mail': msg`Enter the HTML part of the e-mail`,
  'Enter the message text': msg`Enter the message text`,
  'Enter whole hours': msg`Enter whole hours`,
  'Enter whole minutes': msg`Enter whole minutes`,
  'Enter your current password': msg`Enter your current password`,
  'Enter your e-mail address': msg`Enter your e-mail address`,
  'Enter your name': msg`Enter your name`,
  'Enter your password': msg`Enter your password`,
  'Enter your phone number': msg`Enter your phone number`,
  'Expected a UUID': msg`Expected a UUID`,
  'Expected a message SID': msg`Expected a message SID`,
  'Expected an E.164 number': msg`Expected an E.164 number`,
  'Give a reason for the cancellation': msg`Give a reason for the cancellation`,
  'Keep the photo address to 500 characters or fewer': msg`Keep the photo address to 500 characters or fewer`,
  'Keep the short name to 64 characters or fewer': msg`Keep the short name to 64 characters or fewer`,
  'List at most 50 sites': msg`List at most 50 sites`,
  'Missing session': msg`Missing session`,
  'Only a booked entry names its appointment': msg`Only a booked entry names its appointment`,
  'Reload the appointment and try again': msg`Reload the appointment and try again`,
  'Reload the page and try again': msg`Reload the page and try again`,
  'Reload the provider and try again': msg`Reload the provider and try again`,
  'Say whether the provider is retired': msg`Say whether the provider is retired`,
  'Send at most 14 days before': msg`Send at most 14 days before`,
  'Send at most 50 variables': msg`Send at most 50 variables`,
  'Send the list of reminders': msg`Send the list of reminders`,
  'The start date must be on or before the end date': msg`The start date must be on or before the end date`,
  'These hours overlap other hours on the same day': msg`These hours overlap other hours on the same day`,
  'This link is not valid': msg`This link is not valid`,
  'Use 0 or more': msg`Use 0 or more`,
  'Use 0 or more hours': msg`Use 0 or more hours`,
  'Use at least 5 minutes': msg`Use at least 5 minutes`,
  'Use at most 100000': msg`Use at most 100000`,
  'Use at most 20': msg`Use at most 20`,
  'Use at most 480 minutes': msg`Use at most 480 minutes`,
  'Use at most 720 hours (30 days)': msg`Use at most 720 hours (30 days)`,
  'Use only letters, digits and hyphens': msg`Use only letters, digits and hyphens`,
  'Use the two-letter state code': msg`Use the two-letter state code`,
  'Write the note': msg`Write the note`,
};

const nameMax = DISPLAY_NAME_MAX_LENGTH;
const passwordMax = PASSWORD_MAX_LENGTH;
const yearMin = CLOSURE_YEARS.min;
const yearMax = CLOSURE_YEARS.max;
/** The front desk's cancellation reason and a status change's reason (STATUS_REASON_MAX_LENGTH) share it. */
const reasonMax = CANCEL_REASON_MAX_LENGTH;
const reserved = RESERVED_LOCATION_SLUGS.join(', ');
const subjectMax = MESSAGE_SUBJECT_MAX;
const htmlMax = MESSAGE_HTML_MAX;
const textMax = MESSAGE_TEXT_MAX;
const setMax = MAX_SET_SIZE;
const daysMax = SCHEDULE_MAX_DAYS;
const noteMax = NOTE_MAX_LENGTH;

/** The messages the contract writes with its limits, or with a field's name (paging.ts `nameText`, `idSetSchema`). */
const FILLED: Record<string, MessageDescriptor> = {
  [`Keep the name to ${nameMax} characters or fewer`]: msg`Keep the name to ${nameMax} characters or fewer`,
  [`Keep the password to ${passwordMax} characters or fewer`]: msg`Keep the password to ${passwordMax} characters or fewer`,
  [`Enter a year from ${yearMin} to ${yearMax}`]: msg`Enter a year from ${yearMin} to ${yearMax}`,
  [`Keep the reason to ${reasonMax} characters or fewer`]: msg`Keep the reason to ${reasonMax} characters or fewer`,
  [`This short name is used by the booking pages: choose another (not ${reserved})`]: msg`This short name is used by the booking pages: choose another (not ${reserved})`,
  [`Keep the subject to ${subjectMax} characters or fewer`]: msg`Keep the subject to ${subjectMax} characters or fewer`,
  [`Keep the HTML to ${htmlMax} characters or fewer`]: msg`Keep the HTML to ${htmlMax} characters or fewer`,
  [`Keep the text to ${textMax} characters or fewer`]: msg`Keep the text to ${textMax} characters or fewer`,
  [`Send at least ${REMINDER_OFFSET_MIN_MINUTES} minutes before`]: msg`Send at least ${REMINDER_OFFSET_MIN_MINUTES} minutes before`,
  [`Keep to ${MAX_REMINDER_RULES} reminders or fewer`]: msg`Keep to ${MAX_REMINDER_RULES} reminders or fewer`,
  [`Choose at most ${daysMax} days`]: msg`Choose at most ${daysMax} days`,
  [`Keep the note to ${noteMax} characters or fewer`]: msg`Keep the note to ${noteMax} characters or fewer`,
  // idSetSchema(what)
  'Send the list of locations': msg`Send the list of locations`,
  'Send the list of providers': msg`Send the list of providers`,
  'Send the list of plans': msg`Send the list of plans`,
  [`Send at most ${setMax} locations`]: msg`Send at most ${setMax} locations`,
  [`Send at most ${setMax} providers`]: msg`Send at most ${setMax} providers`,
  [`Send at most ${setMax} plans`]: msg`Send at most ${setMax} plans`,
  // nameText(what, max)
  'Enter a name': msg`Enter a name`,
  'Keep the name to 120 characters or fewer': msg`Keep the name to 120 characters or fewer`,
  'Enter a name for the partner': msg`Enter a name for the partner`,
  'Keep the name for the partner to 100 characters or fewer': msg`Keep the name for the partner to 100 characters or fewer`,
  'Enter a street address': msg`Enter a street address`,
  'Keep the street address to 200 characters or fewer': msg`Keep the street address to 200 characters or fewer`,
  'Enter a first name': msg`Enter a first name`,
  'Keep the first name to 60 characters or fewer': msg`Keep the first name to 60 characters or fewer`,
  'Enter a last name': msg`Enter a last name`,
  'Keep the last name to 60 characters or fewer': msg`Keep the last name to 60 characters or fewer`,
  'Enter a carrier name': msg`Enter a carrier name`,
  'Keep the carrier name to 120 characters or fewer': msg`Keep the carrier name to 120 characters or fewer`,
  'Enter a plan name': msg`Enter a plan name`,
  'Keep the plan name to 120 characters or fewer': msg`Keep the plan name to 120 characters or fewer`,
  'Enter a type name': msg`Enter a type name`,
  'Keep the type name to 60 characters or fewer': msg`Keep the type name to 60 characters or fewer`,
  'Enter a name for the closed day': msg`Enter a name for the closed day`,
  'Keep the name for the closed day to 100 characters or fewer': msg`Keep the name for the closed day to 100 characters or fewer`,
};

/** The messages the contract names (`…_MESSAGE`), sent in answers and refusals. */
const NAMED: Record<string, MessageDescriptor> = {
  [FORGOT_PASSWORD_MESSAGE]: msg`If an account uses this address, we have sent it a link to choose a new password. The link works once, for one hour.`,
  [PASSWORD_TOO_SHORT_MESSAGE]: msg`Use at least ${PASSWORD_MIN_LENGTH} characters`,
  [PASSWORD_TOO_COMMON_MESSAGE]: msg`This password is too common or has appeared in a data breach. Choose a less guessable one.`,
  [TWO_FACTOR_REQUIRED_MESSAGE]: msg`This practice requires owners to use two-factor sign-in. Set it up under Account to continue.`,
  [OVERRIDE_REASON_REQUIRED_MESSAGE]: msg`This time is sooner than the practice's minimum notice for booking. Give a reason to book it anyway.`,
  [STAFF_PAST_TIME_MESSAGE]: msg`This time has already passed. Choose a time that is still to come.`,
  [CANCEL_REASON_REQUIRED_MESSAGE]: msg`Give a reason for cancelling the appointment`,
};

/**
 * The spec's booking messages (section 8) as the server sends them where nothing is filled in (a
 * provider's or location's "no online availability" on the waitlist's free times): the patient
 * pages' own descriptors (lib/spec-refusal-texts.ts, in the catalog every page loads).
 */
const BOOKING_TEXTS: Record<string, MessageDescriptor> = Object.fromEntries(
  (Object.keys(BOOKING_MESSAGES) as BookingMessageCode[]).map((code) => [
    BOOKING_MESSAGES[code],
    BOOKING_MESSAGE_TEXTS[code],
  ]),
);

const CONTRACT_TEXTS: Record<string, MessageDescriptor> = { ...BOOKING_TEXTS, ...PLAIN, ...FILLED, ...NAMED };

/**
 * The error catalogue's text of each code a staff screen can meet (@scheduler/domain/errors
 * `ERROR_CATALOGUE[code].message`), by code: the server sends it when it has nothing more precise.
 */
const CODE_TEXTS: Partial<Record<ErrorCode, MessageDescriptor>> = {
  VALIDATION: msg`Some of the information entered is not valid. Please check it and try again.`,
  UNAUTHENTICATED: msg`Please sign in to continue.`,
  INVALID_CREDENTIALS: msg`E-mail or password is incorrect.`,
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
  STATUS_CHANGE_NOT_ALLOWED: msg`The appointment cannot be changed to this status.`,
};

const codeText = (code: string): MessageDescriptor | undefined =>
  Object.hasOwn(CODE_TEXTS, code) ? CODE_TEXTS[code as ErrorCode] : undefined;

/** A contract message in the active language; any other text (the screens' own, already translated) as it is. */
export function staffText(text: string): string {
  const descriptor = Object.hasOwn(CONTRACT_TEXTS, text) ? CONTRACT_TEXTS[text] : undefined;
  return descriptor ? i18n._(descriptor) : text;
}

/**
 * A server's error message (`error.code`, `error.message`) in the active language: its code's text
 * when it is the catalogue's, a contract message by its English, else as it came — in another
 * language than English, a free text of a known code gives that code's text (the server's own
 * wording stays English).
 */
export function staffErrorText(code: string, message: string): string {
  const byCode = codeText(code);
  if (byCode && isErrorCode(code) && ERROR_CATALOGUE[code].message === message) return i18n._(byCode);
  const known = staffText(message);
  if (known !== message || i18n.locale === 'en' || !byCode) return known;
  return i18n._(byCode);
}

/** For the test: each code's message. */
export function codeTextTable(): ReadonlyArray<[ErrorCode, MessageDescriptor]> {
  return Object.entries(CODE_TEXTS) as [ErrorCode, MessageDescriptor][];
}

/** For the test: each English text and its message. */
export function contractTextTable(): ReadonlyArray<[string, MessageDescriptor]> {
  return Object.entries(CONTRACT_TEXTS);
}
