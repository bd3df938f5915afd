/**
 * One error catalogue shared by server and client: a code, its HTTP status, the default
 * user-facing message and (where one applies) the request field it concerns, and `DomainError`,
 * the one error class a use case throws. The wire body itself (`ApiErrorBody`, its zod schema)
 * is in `@scheduler/contract/errors`. 5xx bodies never carry internal detail.
 */
import type * as z from 'zod';
import { BOOKING_MESSAGES, CALL_OFFICE_MESSAGE, fillMessageTemplate } from './messages.ts';
import type { BookingMessageCode, ExistingAppointmentParams, MessageParams } from './messages.ts';

export interface ErrorCatalogueEntry {
  status: number;
  /** Default user-facing message. */
  message: string;
  /** Dotted path of the request field the error is about, when there is one. */
  field?: string;
}

export const ERROR_CATALOGUE = {
  VALIDATION: {
    status: 400,
    message: 'Some of the information entered is not valid. Please check it and try again.',
  },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in to continue.' },
  /** Sign-in refused; the same message whether the e-mail is unknown or the password wrong. */
  INVALID_CREDENTIALS: { status: 401, message: 'E-mail or password is incorrect.' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to do this.' },
  /** A cookie-authenticated change without the right X-XSRF-TOKEN, or from another site. */
  CSRF_REJECTED: {
    status: 403,
    message: 'This request could not be verified. Please reload the page and try again.',
  },
  NOT_FOUND: { status: 404, message: 'We could not find what you were looking for.' },
  CONFLICT: {
    status: 409,
    message: 'This was changed by someone else in the meantime. Please reload and try again.',
  },
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Please wait a moment and try again.' },

  // Refusals of the HTTP layer itself (Fastify's own client errors), with the texts it sends.
  BAD_REQUEST: { status: 400, message: 'The request could not be understood' },
  MALFORMED_JSON: { status: 400, message: 'The request body is not valid JSON' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed' },
  NOT_ACCEPTABLE: { status: 406, message: 'Not acceptable' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long' },
  LENGTH_REQUIRED: { status: 411, message: 'Content-Length is required' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported content type' },
  HEADERS_TOO_LARGE: { status: 431, message: 'Request headers are too large' },

  INTERNAL: { status: 500, message: 'Something went wrong on our side. Please try again later.' },

  // Booking refusals (spec section 8). 422: the request is well formed but the practice's rules
  // refuse it; 409: it collides with an appointment that already exists.
  CALL_TO_SCHEDULE: { status: 422, message: BOOKING_MESSAGES.CALL_TO_SCHEDULE, field: 'appointmentTypeId' },
  EXISTING_APPOINTMENT: {
    status: 409,
    // Fallback only, for when no date is at hand: bookingRefusal() fills the spec's text.
    message:
      'It looks like you already have an appointment scheduled. If you need to make a change to that appointment, please call our office.',
  },
  /**
   * Issue 15, finding 10: an upcoming appointment of a patient matched on some identity fields
   * only; no date or time is quoted (EXISTING_APPOINTMENT needs every field to match exactly).
   */
  CALL_OFFICE: { status: 409, message: CALL_OFFICE_MESSAGE },
  PROVIDER_NO_CAPACITY: { status: 422, message: BOOKING_MESSAGES.PROVIDER_NO_CAPACITY, field: 'providerId' },
  PROVIDER_NOT_ONLINE: { status: 422, message: BOOKING_MESSAGES.PROVIDER_NOT_ONLINE, field: 'providerId' },
  LOCATION_NO_CAPACITY: { status: 422, message: BOOKING_MESSAGES.LOCATION_NO_CAPACITY, field: 'locationId' },
  SERVICE_NOT_ONLINE: {
    status: 422,
    message: BOOKING_MESSAGES.SERVICE_NOT_ONLINE,
    field: 'appointmentTypeId',
  },
  LOCATION_OFFLINE: { status: 422, message: BOOKING_MESSAGES.LOCATION_OFFLINE, field: 'locationId' },
  EXISTING_PATIENTS_BLOCKED: { status: 422, message: BOOKING_MESSAGES.EXISTING_PATIENTS_BLOCKED },
  SLOT_TAKEN: {
    status: 409,
    message: fillMessageTemplate(BOOKING_MESSAGES.SLOT_TAKEN),
    field: 'startUtc',
  },
  INSURANCE_NOT_IN_NETWORK: {
    status: 422,
    message: BOOKING_MESSAGES.INSURANCE_NOT_IN_NETWORK,
    field: 'insurance.planId',
  },
  /**
   * Appointment 3 is No: a patient the server matched, who has seen a provider, books with that
   * provider only (the server names them in the message and sends `details.providerId`).
   */
  PROVIDER_CHANGE_NOT_ALLOWED: {
    status: 422,
    message:
      'As an existing patient, you can book online only with your current provider. Please choose a time with them, or call our office to schedule with another provider.',
    field: 'providerId',
  },
  /** POST createWaitList when neither appointment 7 nor 10 (with the location's flag) offers it. */
  WAITLIST_NOT_OFFERED: {
    status: 422,
    message: 'The waitlist is not available for this choice. Please call our office to schedule.',
  },
  /** POST update_appointment_status: the move is not in the workflow, or too early (appointment-status.ts). */
  STATUS_CHANGE_NOT_ALLOWED: {
    status: 422,
    message: 'The appointment cannot be changed to this status.',
    field: 'status',
  },
  /**
   * Issue 18 (manage link, H): a wrong, expired or cancelled manage token. One plain answer that
   * reveals nothing about any appointment (text = MANAGE_LINK_INVALID_MESSAGE of contract/manage).
   */
  MANAGE_LINK_INVALID: {
    status: 404,
    message:
      'This link is not valid or has expired. You can book a new appointment on our booking page or call our office.',
  },
  /** Issue 18 (H): the patient's cancel or reschedule is refused (details.reason: cut-off, limit, self-service off). */
  MANAGE_NOT_ALLOWED: {
    status: 422,
    message: 'This appointment cannot be changed online. Please call our office.',
  },
} as const satisfies Record<string, ErrorCatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

// Compile-time check: every booking message code is an error code.
type BookingCodeWithoutError = Exclude<BookingMessageCode, ErrorCode>;
const _everyBookingCodeCatalogued: [BookingCodeWithoutError] extends [never]
  ? true
  : BookingCodeWithoutError = true;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

export function statusOf(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}

/**
 * One field's problem: `path` is dotted ('patient.email', 'items.0.name'); `in` says which part of
 * the request it is in, when the HTTP layer found it (schema validation of body, querystring …).
 */
export interface FieldError {
  path: string;
  message: string;
  in?: 'body' | 'querystring' | 'params' | 'headers';
}

/**
 * Extra information of an error. A VALIDATION error always lists its per-field problems in
 * `fields`; a refusal about one request field names it in `field`.
 */
export interface ErrorDetails {
  fields?: FieldError[];
  field?: string;
  [key: string]: unknown;
}

/** An error a use case throws on purpose; the server sends `toBody()` (an `ApiErrorBody` of `@scheduler/contract/errors`). */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetails | undefined;

  constructor(code: ErrorCode, message?: string, details?: ErrorDetails) {
    super(message ?? ERROR_CATALOGUE[code].message);
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.details = details;
  }

  /** The wire body; a 5xx error keeps only the catalogue's generic message. */
  toBody(): { error: { code: ErrorCode; message: string; details?: ErrorDetails } } {
    if (this.status >= 500)
      return { error: { code: this.code, message: ERROR_CATALOGUE[this.code].message } };
    return {
      error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) },
    };
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

/** A booking refusal with the spec's message filled in (the existing appointment needs its date and time). */
export function bookingRefusal(code: 'EXISTING_APPOINTMENT', params: ExistingAppointmentParams): DomainError;
export function bookingRefusal(
  code: Exclude<BookingMessageCode, 'EXISTING_APPOINTMENT'>,
  params?: MessageParams,
): DomainError;
export function bookingRefusal(code: BookingMessageCode, params: MessageParams = {}): DomainError {
  const entry: ErrorCatalogueEntry = ERROR_CATALOGUE[code];
  return new DomainError(
    code,
    fillMessageTemplate(BOOKING_MESSAGES[code], params),
    entry.field ? { field: entry.field } : undefined,
  );
}

function pathOf(path: readonly PropertyKey[]): string {
  return path
    .map((segment) => (typeof segment === 'symbol' ? (segment.description ?? '') : String(segment)))
    .join('.');
}

/** Per-field messages of a zod error, in the order zod reports them. */
export function fieldErrorsOf(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: pathOf(issue.path), message: issue.message }));
}

/** A VALIDATION error listing each field's message, from a failed `safeParse`. */
export function validationError(error: z.ZodError, message?: string): DomainError {
  return new DomainError('VALIDATION', message, { fields: fieldErrorsOf(error) });
}
