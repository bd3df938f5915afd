/**
 * What a message is about (its kind) and how it travels (its channel), issue 17 "Messages".
 * Appointment kinds go to patients by e-mail and SMS; the staff kinds (issue 15: invitations and
 * password resets) go by e-mail only. Pure data.
 */

export const APPOINTMENT_MESSAGE_KINDS = [
  'confirmation',
  'request-received',
  'confirmed',
  'reminder',
  'cancelled',
  'rescheduled',
] as const;
export const STAFF_MESSAGE_KINDS = ['staff-invitation', 'password-reset'] as const;
export const MESSAGE_KINDS = [...APPOINTMENT_MESSAGE_KINDS, ...STAFF_MESSAGE_KINDS] as const;

export type AppointmentMessageKind = (typeof APPOINTMENT_MESSAGE_KINDS)[number];
export type StaffMessageKind = (typeof STAFF_MESSAGE_KINDS)[number];
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * Template languages shipped with defaults (issue 21: English and Spanish). A patient's messages go
 * out in the language of their appointment (`appointments.language`).
 */
export const MESSAGE_LANGUAGES = ['en', 'es'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];
export const DEFAULT_MESSAGE_LANGUAGE: MessageLanguage = 'en';

/** The Intl locale dates and times of a language's messages are written in. */
export const MESSAGE_INTL_LOCALES: Readonly<Record<MessageLanguage, string>> = {
  en: 'en-US',
  es: 'es-US',
};

export const MESSAGE_LANGUAGE_LABELS: Readonly<Record<MessageLanguage, string>> = {
  en: 'English',
  es: 'Español',
};

export function isMessageLanguage(value: unknown): value is MessageLanguage {
  return typeof value === 'string' && (MESSAGE_LANGUAGES as readonly string[]).includes(value);
}

/** A stored language read leniently: anything but a known language is English. */
export function messageLanguageOf(value: unknown): MessageLanguage {
  return isMessageLanguage(value) ? value : DEFAULT_MESSAGE_LANGUAGE;
}

export const MESSAGE_KIND_LABELS: Readonly<Record<MessageKind, string>> = {
  confirmation: 'Booking confirmation',
  'request-received': 'Request received (auto-confirm off)',
  confirmed: 'Confirmed by the office',
  reminder: 'Reminder',
  cancelled: 'Cancellation notice',
  rescheduled: 'Reschedule notice',
  'staff-invitation': 'Staff invitation',
  'password-reset': 'Password reset',
};

export function isMessageKind(value: unknown): value is MessageKind {
  return typeof value === 'string' && (MESSAGE_KINDS as readonly string[]).includes(value);
}

export function isStaffMessageKind(kind: MessageKind): kind is StaffMessageKind {
  return (STAFF_MESSAGE_KINDS as readonly string[]).includes(kind);
}

/** The channels a kind can be sent on: staff kinds are e-mail only. */
export function channelsOf(kind: MessageKind): readonly MessageChannel[] {
  return isStaffMessageKind(kind) ? ['email'] : MESSAGE_CHANNELS;
}

export function kindHasChannel(kind: MessageKind, channel: MessageChannel): boolean {
  return channelsOf(kind).includes(channel);
}

/** Every (kind, channel) pair that has a template, in display order. */
export const TEMPLATE_SLOTS: readonly { kind: MessageKind; channel: MessageChannel }[] =
  MESSAGE_KINDS.flatMap((kind) => channelsOf(kind).map((channel) => ({ kind, channel })));

/** SMS must fit in this many segments (issue 17: "one or two segments"). */
export const MAX_SMS_SEGMENTS = 2;
