import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
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
import { BOOKING_MESSAGE_TEXTS } from '../../../lib/spec-refusal-texts';

export { BOOKING_MESSAGE_TEXTS, bookingMessage } from '../../../lib/spec-refusal-texts';

/**
 * Texts a patient reads that are written outside the web app, in English, word for word: the spec's
 * booking messages (section 8, from @scheduler/domain), the server's refusals and the API client's
 * own failures (the contract's form checks: identity/contract-messages.ts). Each is keyed by its English text (a string at run time: in
 * production the macros keep only ids) and translated where it is shown (`translateKnown`). A text
 * not listed here (one with its placeholders already filled, a new one) is shown as it came.
 * known-messages.test.ts checks that each English text equals its key.
 */

/** The server's refusals a patient can meet (the booking API's public answers). */
const SERVER_MESSAGES: Record<string, MessageDescriptor> = {
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
const CLIENT_MESSAGES: Record<string, MessageDescriptor> = {
  'Something went wrong. Please try again.': msg`Something went wrong. Please try again.`,
  'We could not reach the server. Please check your connection and try again.': msg`We could not reach the server. Please check your connection and try again.`,
  'The request was cancelled.': msg`The request was cancelled.`,
  'We could not find this booking page.': msg`We could not find this booking page.`,
};

const KNOWN: Record<string, MessageDescriptor> = {
  ...Object.fromEntries(
    (Object.keys(BOOKING_MESSAGES) as BookingMessageCode[]).map((code) => [
      BOOKING_MESSAGES[code],
      BOOKING_MESSAGE_TEXTS[code],
    ]),
  ),
  ...SERVER_MESSAGES,
  ...CLIENT_MESSAGES,
};

/** Every known English text and its message (for the test). */
export function knownMessages(): ReadonlyArray<[string, MessageDescriptor]> {
  return Object.entries(KNOWN);
}

/** A known English text in the active language; any other text as it is. */
export function translateKnown(i18n: I18n, text: string): string {
  const descriptor = Object.hasOwn(KNOWN, text) ? KNOWN[text] : undefined;
  return descriptor ? i18n._(descriptor) : text;
}
