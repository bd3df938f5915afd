/**
 * The user-facing booking messages of spec section 8, word for word (two of them have no final
 * period in the spec, and keep none here). APPTDATE, APPTTIME and PHONENUMBER are placeholders.
 */

import { fillMessageTemplate, type MessageParams } from './messages-template.ts';

export { fillMessageTemplate, type MessageParams } from './messages-template.ts';

export const BOOKING_MESSAGES = {
  /** Call-to-schedule service */
  CALL_TO_SCHEDULE:
    'The selected service is not available for online scheduling. Please call our office to schedule your appointment',
  /** Existing appointment */
  EXISTING_APPOINTMENT:
    'It looks like you already have an appointment scheduled for APPTDATE at APPTTIME. If you need to make a change to that appointment, please call our office.',
  /** Provider with no capacity */
  PROVIDER_NO_CAPACITY:
    'This provider has no online availability. Please call our office to schedule with them.',
  /** Provider not bookable online */
  PROVIDER_NOT_ONLINE: 'This provider cannot be booked online. Please call our office to schedule with them.',
  /** Location with no capacity */
  LOCATION_NO_CAPACITY: 'This location has no online availability. Please call our office to schedule.',
  /** Service not bookable online */
  SERVICE_NOT_ONLINE: 'This service cannot be booked online. Please call our office to schedule.',
  /** Location online-off */
  LOCATION_OFFLINE:
    'The selected location is not available for online scheduling. Please call our office to schedule your appointment.',
  /** Existing patients blocked */
  EXISTING_PATIENTS_BLOCKED:
    'Existing patients are not able to schedule online at this time. Please call our office to schedule your appointment.',
  /** Slot taken */
  SLOT_TAKEN:
    'The appointment slot you have selected is no longer available. Please call our office PHONENUMBER or click the button below to select a new appointment time',
  /** Insurance not in-network */
  INSURANCE_NOT_IN_NETWORK:
    'Selected insurance plan is not in-network with the provider. Please call our office to book your appointment.',
} as const;

export type BookingMessageCode = keyof typeof BOOKING_MESSAGES;

export const BOOKING_MESSAGE_CODES = Object.keys(BOOKING_MESSAGES) as BookingMessageCode[];

export function isBookingMessageCode(value: unknown): value is BookingMessageCode {
  return typeof value === 'string' && Object.hasOwn(BOOKING_MESSAGES, value);
}

export interface ExistingAppointmentParams extends MessageParams {
  apptDate: string;
  apptTime: string;
}

/**
 * A message with its placeholders filled. The existing-appointment message needs the date and
 * time. Without a phone number, PHONENUMBER is dropped with the space before it ("Please call our
 * office or click the button below …").
 */
export function formatMessage(code: 'EXISTING_APPOINTMENT', params: ExistingAppointmentParams): string;
export function formatMessage(
  code: Exclude<BookingMessageCode, 'EXISTING_APPOINTMENT'>,
  params?: MessageParams,
): string;
export function formatMessage(code: BookingMessageCode, params: MessageParams = {}): string {
  return fillMessageTemplate(BOOKING_MESSAGES[code], params);
}

// ---------------------------------------------------------------- server messages

/*
 * The other user-facing messages the server sends (refusals and not-found answers), word for word
 * as the server has always sent them; grouped by the part of the product that sends them.
 */

// The scheduler and its catalogue (public lookups)
export const SCHEDULER_NOT_FOUND_MESSAGE =
  'We could not find this scheduler. Please check the link or call our office to schedule.';
export const SERVICE_NOT_FOUND_MESSAGE = 'We could not find this service. Please choose another one.';
export const LOCATION_NOT_FOUND_MESSAGE = 'We could not find this location. Please choose another one.';
export const PROVIDER_NOT_FOUND_MESSAGE = 'We could not find this provider. Please choose another one.';

// Insurance (public)
export const PLAN_NOT_FOUND_MESSAGE = 'We could not find this insurance plan. Please choose another one.';

// Booking rules (slot search and booking)
export const NEW_PATIENTS_ONLY_MESSAGE =
  'This service is for new patients only. Please choose another service or call our office to schedule.';
export const EXISTING_PATIENTS_ONLY_MESSAGE =
  'This service is for existing patients only. Please choose another service or call our office to schedule.';
export const SERVICE_NOT_AT_LOCATION_MESSAGE =
  'The selected service is not offered at this location. Please choose another location or call our office to schedule.';
export const SELF_PAY_NOT_OFFERED_MESSAGE =
  'Self-pay is not offered for online booking. Please choose your insurance plan or call our office to schedule.';

// Booking
export const PLAN_NOT_AVAILABLE_MESSAGE = 'Choose one of the insurance plans offered.';
export const IDEMPOTENCY_REUSED_MESSAGE =
  'This booking request was already used for another appointment. Please start your booking again.';
export const BOOKING_CHANGED_MESSAGE =
  'This appointment has changed since it was booked. Please call our office if you have any questions.';
/**
 * Issue 15, finding 10: the person matches a patient with an upcoming appointment on some of the
 * identity fields only (name and date of birth, and the phone or the e-mail, not both). The spec's
 * EXISTING_APPOINTMENT text would tell an anonymous caller when someone's next visit is; the spec
 * has no text for this case, so this one says only that the office will help.
 */
export const CALL_OFFICE_MESSAGE =
  'We cannot complete this request online. Please call our office and we will be glad to help.';
/** Staff accept or reject a pending patient change that someone already decided (issue 15, finding 3). */
export const PENDING_CHANGE_DECIDED_MESSAGE =
  'This change was already accepted or rejected. Please reload the patient to see it.';

// Public waitlist (createWaitList)
export const WAITLIST_PROVIDERS_OFF_MESSAGE =
  'The waitlist is not offered for providers. Please call our office to schedule.';
export const WAITLIST_PROVIDER_HAS_TIMES_MESSAGE =
  'This provider has online availability. Please choose one of the times shown instead of joining the waitlist.';
export const WAITLIST_LOCATION_OFF_MESSAGE =
  'The waitlist is not offered for this location. Please call our office to schedule.';
export const WAITLIST_LOCATION_HAS_TIMES_MESSAGE =
  'This location has online availability. Please choose one of the times shown instead of joining the waitlist.';

// Staff waitlist
export const WAITLIST_ENTRY_NOT_FOUND_MESSAGE = 'This waitlist entry does not exist.';
export const WAITLIST_APPOINTMENT_NOT_FOUND_MESSAGE = 'This appointment does not exist.';

// Staff booking from the waitlist
export const STAFF_WAITLIST_ENTRY_NOT_FOUND_MESSAGE = 'This waitlist entry does not exist.';
export const WAITLIST_ENTRY_CLOSED_MESSAGE =
  'This waitlist entry is no longer waiting: it was booked or removed. Reload the waitlist.';
export const STAFF_SERVICE_REQUIRED_MESSAGE = 'Choose the service to book.';
export const STAFF_SERVICE_NOT_AT_LOCATION_MESSAGE =
  'This location does not offer the service. Choose another one.';
export const STAFF_PAST_TIME_MESSAGE = 'This time has already passed. Choose a time that is still to come.';
export const STAFF_OUTSIDE_HOURS_MESSAGE =
  'The provider does not work at this location at that time (outside their working hours or on time off). Choose another time.';
export const STAFF_SLOT_TAKEN_MESSAGE =
  'This time is no longer free: the provider already has an appointment then. Choose another time.';
export const STAFF_ENTRY_NO_BIRTH_DATE_MESSAGE =
  "This waitlist entry has no date of birth: enter the patient's date of birth (dateOfBirth, YYYY-MM-DD) so their patient record can be matched or created.";
export const STAFF_BIRTH_DATE_MISMATCH_MESSAGE =
  "This date of birth differs from the waitlist entry's. Leave the date of birth out to use the entry's.";
export const STAFF_BOOKING_CHANGED_MESSAGE =
  'This booking request was already used. Close the dialog and reload the waitlist.';

// Staff patient management
export const STALE_APPOINTMENT_MESSAGE =
  'This appointment was changed by someone else. Reload to see the latest version.';
export const NOTE_NOT_AUTHOR_MESSAGE = 'Only the author of a note can edit it.';

// Staff edits of versioned records
export const STALE_RECORD_MESSAGE =
  'This record was changed by someone else. Reload to see the latest version.';

// Staff accounts
export const LAST_OWNER_MESSAGE = 'A practice needs at least one owner. Make someone else an owner first.';

// Analytics
export const UNKNOWN_CLIENT_MESSAGE = 'Unknown client.';
