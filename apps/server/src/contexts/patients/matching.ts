/*
 * Server-side matching of an anonymous patient to the practice's records (architecture:
 * "Existing patients"): the normalised name (as the patients table stores it) and the date of
 * birth must be equal, and so must the phone digits or the e-mail address.
 */
import { formatApptDate, formatApptTime } from '@scheduler/domain/dates';
import type { PatientIdentity } from '@scheduler/contract/patient';
import { normalizeText, phoneDigits } from '@scheduler/domain/text';

/** `normalise(first) + '|' + normalise(last)`: lower case, whitespace removed (spec section 5). */
export function normalizedPatientName(firstName: string, lastName: string): string {
  return `${normalizeText(firstName)}|${normalizeText(lastName)}`;
}

/** Digits only, without a leading US country code: '+1 (212) 555-0101' → '2125550101'. */
export function comparablePhone(phone: string | null | undefined): string {
  const digits = phoneDigits(phone ?? '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

export function comparableEmail(email: string | null | undefined): string {
  return (email ?? '').trim().toLowerCase();
}

export interface PatientCandidate {
  id: number;
  phone: string | null;
  email: string | null;
}

/**
 * The patient among those with the same normalised name and date of birth whose phone digits
 * or e-mail match (the oldest record when several do), or undefined.
 */
export function pickPatientMatch<T extends PatientCandidate>(
  candidates: readonly T[],
  identity: Pick<PatientIdentity, 'phone' | 'email'>,
): T | undefined {
  const phone = comparablePhone(identity.phone);
  const email = comparableEmail(identity.email);
  return [...candidates]
    .sort((a, b) => a.id - b.id)
    .find(
      (candidate) =>
        (phone !== '' && comparablePhone(candidate.phone) === phone) ||
        (email !== '' && comparableEmail(candidate.email) === email),
    );
}

/**
 * True when every identity field given matches the record exactly: the name and the date of birth
 * (the candidates were chosen by them) and both the phone digits and the e-mail. Only then may an
 * anonymous caller be told the date and time of the patient's appointment (issue 15, finding 10);
 * a match on the phone or the e-mail alone is still the same patient for the booking.
 */
export function isExactIdentityMatch(
  candidate: PatientCandidate,
  identity: Pick<PatientIdentity, 'phone' | 'email'>,
): boolean {
  const phone = comparablePhone(identity.phone);
  const email = comparableEmail(identity.email);
  return (
    phone !== '' &&
    email !== '' &&
    comparablePhone(candidate.phone) === phone &&
    comparableEmail(candidate.email) === email
  );
}

/** The spec's existing-appointment message with APPTDATE / APPTTIME in the appointment's zone. */
export function existingAppointmentParams(
  startAt: number,
  timeZone: string,
): { apptDate: string; apptTime: string } {
  return { apptDate: formatApptDate(startAt, timeZone), apptTime: formatApptTime(startAt, timeZone) };
}
