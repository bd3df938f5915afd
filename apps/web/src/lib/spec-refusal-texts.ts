import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ErrorCode } from '@scheduler/domain/errors';
import type { BookingMessageCode } from '@scheduler/domain/messages';
// Not from ./messages (which re-exports it): that would bring every server message into the landing.
import { fillMessageTemplate, type MessageParams } from '@scheduler/domain/messages-template';

/*
 * The spec's section 8 texts a patient page shows on its own (the landing's refusals, the empty
 * find-a-time), translatable and small enough for the landing's first script: the server's other
 * texts (lib/error-texts.ts) load only when a call fails or
 * a later step needs them (features/booking/api/server-texts.ts).
 */

/**
 * The spec's section 8 refusals whose text is the same wherever they are shown (the error catalogue's
 * default and the booking messages of @scheduler/domain/messages): one descriptor each, used here and
 * by lib/error-texts.ts.
 */
export const SPEC_REFUSAL_TEXTS = {
  CALL_TO_SCHEDULE: msg`The selected service is not available for online scheduling. Please call our office to schedule your appointment`,
  PROVIDER_NO_CAPACITY: msg`This provider has no online availability. Please call our office to schedule with them.`,
  PROVIDER_NOT_ONLINE: msg`This provider cannot be booked online. Please call our office to schedule with them.`,
  LOCATION_NO_CAPACITY: msg`This location has no online availability. Please call our office to schedule.`,
  SERVICE_NOT_ONLINE: msg`This service cannot be booked online. Please call our office to schedule.`,
  LOCATION_OFFLINE: msg`The selected location is not available for online scheduling. Please call our office to schedule your appointment.`,
  EXISTING_PATIENTS_BLOCKED: msg`Existing patients are not able to schedule online at this time. Please call our office to schedule your appointment.`,
  INSURANCE_NOT_IN_NETWORK: msg`Selected insurance plan is not in-network with the provider. Please call our office to book your appointment.`,
} satisfies Partial<Record<ErrorCode, MessageDescriptor>>;

/** The spec's booking messages, by code; APPTDATE, APPTTIME and PHONENUMBER stay as placeholders. */
export const BOOKING_MESSAGE_TEXTS: Record<BookingMessageCode, MessageDescriptor> = {
  CALL_TO_SCHEDULE: SPEC_REFUSAL_TEXTS.CALL_TO_SCHEDULE,
  EXISTING_APPOINTMENT: msg`It looks like you already have an appointment scheduled for APPTDATE at APPTTIME. If you need to make a change to that appointment, please call our office.`,
  PROVIDER_NO_CAPACITY: SPEC_REFUSAL_TEXTS.PROVIDER_NO_CAPACITY,
  PROVIDER_NOT_ONLINE: SPEC_REFUSAL_TEXTS.PROVIDER_NOT_ONLINE,
  LOCATION_NO_CAPACITY: SPEC_REFUSAL_TEXTS.LOCATION_NO_CAPACITY,
  SERVICE_NOT_ONLINE: SPEC_REFUSAL_TEXTS.SERVICE_NOT_ONLINE,
  LOCATION_OFFLINE: SPEC_REFUSAL_TEXTS.LOCATION_OFFLINE,
  EXISTING_PATIENTS_BLOCKED: SPEC_REFUSAL_TEXTS.EXISTING_PATIENTS_BLOCKED,
  SLOT_TAKEN: msg`The appointment slot you have selected is no longer available. Please call our office PHONENUMBER or click the button below to select a new appointment time`,
  INSURANCE_NOT_IN_NETWORK: SPEC_REFUSAL_TEXTS.INSURANCE_NOT_IN_NETWORK,
};

/** The spec's booking message in the active language, placeholders filled (as `formatMessage`). */
export function bookingMessage(i18n: I18n, code: BookingMessageCode, params: MessageParams = {}): string {
  return fillMessageTemplate(i18n._(BOOKING_MESSAGE_TEXTS[code]), params);
}
