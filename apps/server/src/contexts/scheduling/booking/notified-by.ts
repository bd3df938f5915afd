/*
 * "We sent the details to z…@example.com / (212) …-0147" on the thank-you page (issue 16, helper D).
 *
 * A channel is named when its confirmation will actually go out: the transport is configured
 * (SMTP / Twilio), and the patient record ON FILE — the one dispatch.ts sends to, which a matched
 * patient's request never changes — has the consent and an address equal to what the patient typed
 * in this request. The answer carries only a MASKED form of what the patient typed (masked here, on
 * the server): never an on-file address the requester did not give, never a full one. When the file
 * holds another address (a matched patient who typed a new one) the channel is left out rather
 * than naming an address the message does not go to.
 */
import type { BookingNotifiedBy } from '@scheduler/contract/scheduler-api';
import { comparableEmail, comparablePhone } from '../../patients/index.ts';

/** The patient's contact as stored (digits-only phone, lower-cased e-mail, consents). */
export interface PatientContactOnFile {
  email: string | null;
  phone: string | null;
  emailPermission: boolean;
  smsPermission: boolean;
}

/** Which outbound transports are configured (`EmailTransport.configured`, `SmsTransport.configured`). */
export interface OutboundChannels {
  email: { readonly configured: boolean };
  sms: { readonly configured: boolean };
}

/** A number dispatch.ts can send an SMS to (its `toE164`: 7 to 15 digits). */
function isTextable(phone: string | null): boolean {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 7 && digits.length <= 15;
}

/** 'zoe.smith@example.com' → 'z…@example.com' (first character of the local part, the domain). */
export function maskEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  if (at < 1) return '…';
  return `${trimmed.slice(0, 1)}…${trimmed.slice(at)}`;
}

/** '(212) 555-0147' → '(212) …-0147'; numbers that are not 10 national digits → '…0147'. */
export function maskPhone(phone: string): string {
  const digits = comparablePhone(phone);
  if (digits.length === 10) return `(${digits.slice(0, 3)}) …-${digits.slice(6)}`;
  return `…${digits.slice(-4)}`;
}

/** The masked channels the booking's confirmation goes to (empty object: none). */
export function notifiedByOf(
  channels: OutboundChannels | undefined,
  onFile: PatientContactOnFile | undefined,
  typed: { email: string; phone: string },
): BookingNotifiedBy {
  const notified: BookingNotifiedBy = {};
  if (channels === undefined || onFile === undefined) return notified;
  const typedEmail = comparableEmail(typed.email);
  if (
    channels.email.configured &&
    onFile.emailPermission &&
    typedEmail !== '' &&
    comparableEmail(onFile.email) === typedEmail
  )
    notified.email = maskEmail(typed.email);
  const typedPhone = comparablePhone(typed.phone);
  if (
    channels.sms.configured &&
    onFile.smsPermission &&
    typedPhone !== '' &&
    isTextable(onFile.phone) &&
    comparablePhone(onFile.phone) === typedPhone
  )
    notified.sms = maskPhone(typed.phone);
  return notified;
}
