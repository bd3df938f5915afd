/**
 * The user-facing booking messages of spec section 8, word for word (two of them have no final
 * period in the spec, and keep none here). APPTDATE, APPTTIME and PHONENUMBER are placeholders.
 */

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

export interface MessageParams {
  /** Formatted date, e.g. formatApptDate(start, zone) → 'March 9, 2025'. */
  apptDate?: string;
  /** Formatted time, e.g. formatApptTime(start, zone) → '02:30 PM'. */
  apptTime?: string;
  /** The office phone number, e.g. formatPhoneForDisplay(location.phone). */
  phone?: string | null;
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

/**
 * Fills APPTDATE, APPTTIME and PHONENUMBER in any text (the typed `formatMessage` is preferred;
 * this serves callers whose code is only known at run time). Placeholders without a value stay,
 * except PHONENUMBER, which is dropped with the space before it.
 */
export function fillMessageTemplate(template: string, params: MessageParams = {}): string {
  let text = template;
  if (params.apptDate !== undefined) text = text.replaceAll('APPTDATE', params.apptDate);
  if (params.apptTime !== undefined) text = text.replaceAll('APPTTIME', params.apptTime);
  const phone = params.phone?.trim();
  return phone ? text.replaceAll('PHONENUMBER', phone) : text.replaceAll(/ ?PHONENUMBER/g, '');
}
