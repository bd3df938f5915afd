/**
 * The thank-you page's words that depend on the booking (issue 16): the heading that matches the
 * booking's status (auto-confirm on: booked; off: pending), the practice's primary message with the
 * 48-hour line only when it can still be followed, and "We sent the details to …".
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { DEFAULT_SETTINGS } from '@scheduler/domain/settings';
import type { BookingNotifiedBy } from '@scheduler/contract/scheduler-api';

export const BOOKED_HEADING = msg`Thank you, your appointment is booked`;
/** Pending (thankYouScreen 3 "No"): the office confirms later — the heading does not say "booked". */
export const PENDING_HEADING = msg`Thank you, your appointment request is received`;
export const PENDING_NOTE = msg`The office will confirm your appointment shortly.`;

export function thankYouHeading(status: 'booked' | 'pending'): MessageDescriptor {
  return status === 'pending' ? PENDING_HEADING : BOOKED_HEADING;
}

/** The sentence of the spec's default primary message (thankYouScreen 1) about 48 hours' notice. */
export const RESCHEDULE_NOTICE = 'If you need to reschedule, please contact us at least 48 hours in advance.';
const NOTICE_MS = 48 * 60 * 60 * 1000;

/**
 * The primary message as shown. Rule: the spec's texts stay exact, so a message the practice
 * wrote is always shown as written (we cannot know which of its sentences is about notice). Only
 * the UNEDITED DEFAULT ("Your appointment has been scheduled! If you need to reschedule, please
 * contact us at least 48 hours in advance.") loses its second sentence when the appointment starts
 * 48 hours from now or sooner — notice the patient can no longer give. More than 48 h away: the
 * default as is.
 */
export function primaryMessage(primary: string, startUtc: string, nowMs: number): string {
  const startMs = Date.parse(startUtc);
  const moreThan48h = Number.isFinite(startMs) && startMs - nowMs > NOTICE_MS;
  if (moreThan48h || primary !== DEFAULT_SETTINGS.thankYouPrimary) return primary;
  return primary.replace(RESCHEDULE_NOTICE, '').trim();
}

/** 'We sent the details to z…@example.com and (212) …-0147.'; null when no message goes out. */
export function sentToLine(i18n: I18n, notifiedBy: BookingNotifiedBy | null | undefined): string | null {
  const [first, second] = [notifiedBy?.email, notifiedBy?.sms].filter(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  if (first === undefined) return null;
  if (second === undefined) return i18n._(msg`We sent the details to ${first}.`);
  return i18n._(msg`We sent the details to ${first} and ${second}.`);
}
