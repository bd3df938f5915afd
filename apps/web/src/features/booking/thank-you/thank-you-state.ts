import type { BookAppointmentResponse } from '@scheduler/contract/scheduler-api';

/**
 * What the thank-you screen shows travels in the router's history state, not in the persisted
 * slices: the patient flow is cleared on arrival, and a reload of the same tab still shows the
 * confirmation while another visitor (another tab or device) never sees it.
 */
export interface ThankYouState {
  /** The booking answer; `confirmationNumber` null when the kept state has none (or a malformed one). */
  booking: Omit<BookAppointmentResponse, 'confirmationNumber'> & { confirmationNumber: string | null };
}

/**
 * The contract's CONFIRMATION_NUMBER_PATTERN ('K7M-4QXD'), repeated here: importing the contract
 * would load zod on the booking page's main thread (answers are checked in the contract worker).
 */
const CONFIRMATION_NUMBER = /^[0-9A-HJKMNP-TV-Z]{3}-[0-9A-HJKMNP-TV-Z]{4}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The masked channels (issue 16), short strings only; anything else is dropped. */
function readNotifiedBy(value: unknown): BookAppointmentResponse['notifiedBy'] {
  if (!isRecord(value)) return {};
  const notified: NonNullable<BookAppointmentResponse['notifiedBy']> = {};
  if (typeof value.email === 'string' && value.email.length <= 320) notified.email = value.email;
  if (typeof value.sms === 'string' && value.sms.length <= 40) notified.sms = value.sms;
  return notified;
}

/** The manage link (issue 18) when it is an http(s) URL; never a `javascript:` or other scheme. */
function readManageUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The booking in the history state, when it has the fields the screen needs (history is untrusted). */
export function readThankYouState(value: unknown): ThankYouState | null {
  if (!isRecord(value) || !isRecord(value.booking)) return null;
  const booking = value.booking;
  const ok =
    typeof booking.appointmentId === 'string' &&
    typeof booking.startUtc === 'string' &&
    typeof booking.endUtc === 'string' &&
    typeof booking.dateLocal === 'string' &&
    typeof booking.timeLocal === 'string' &&
    typeof booking.timeZone === 'string' &&
    isRecord(booking.provider) &&
    typeof booking.provider.name === 'string' &&
    isRecord(booking.location) &&
    typeof booking.location.name === 'string' &&
    typeof booking.location.addressLine1 === 'string' &&
    isRecord(booking.service) &&
    typeof booking.service.name === 'string' &&
    isRecord(booking.thankYou);
  if (!ok) return null;
  const confirmationNumber =
    typeof booking.confirmationNumber === 'string' && CONFIRMATION_NUMBER.test(booking.confirmationNumber)
      ? booking.confirmationNumber
      : null;
  return {
    booking: {
      ...(booking as unknown as BookAppointmentResponse),
      status: booking.status === 'pending' ? 'pending' : 'booked',
      confirmationNumber,
      notifiedBy: readNotifiedBy(booking.notifiedBy),
      manageUrl: readManageUrl(booking.manageUrl),
    },
  };
}
