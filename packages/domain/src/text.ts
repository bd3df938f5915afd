/**
 * Text helpers of spec section 5: 12/24-hour time conversion, the phone-style cleaner, the text
 * normaliser and the clamp.
 */

/** 12-hour clock time as shown to patients: '02:30 PM'. */
export const TIME_12H_FORMAT = 'hh:mm A';
/** 24-hour clock time as stored and sent: '14:30:00'. */
export const TIME_24H_FORMAT = 'HH:mm:ss';

const TWELVE_HOUR = /^\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp])\.?\s*[Mm]\.?\s*$/;
const TWENTY_FOUR_HOUR = /^\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*$/;

const pad2 = (value: number): string => String(value).padStart(2, '0');

/**
 * '02:30 PM' → '14:30:00'. Also reads '2:30 pm', '02:30PM', '2:30 p.m.' and an optional ':ss'.
 * Throws RangeError for anything else (hour outside 1–12, minute outside 0–59 …).
 */
export function to24Hour(time12: string): string {
  const match = TWELVE_HOUR.exec(time12);
  const hour = Number(match?.[1]);
  const minute = Number(match?.[2]);
  const second = Number(match?.[3] ?? 0);
  if (!match || hour < 1 || hour > 12 || minute > 59 || second > 59) {
    throw new RangeError(`Not a 12-hour time (hh:mm A): ${JSON.stringify(time12)}`);
  }
  const isPm = match[4]?.toUpperCase() === 'P';
  const hour24 = (hour % 12) + (isPm ? 12 : 0);
  return `${pad2(hour24)}:${pad2(minute)}:${pad2(second)}`;
}

/**
 * '14:30:00' → '02:30 PM' (also reads 'HH:mm'); seconds are dropped. 00:xx is 12:xx AM and
 * 12:xx is 12:xx PM. Throws RangeError for anything else.
 */
export function to12Hour(time24: string): string {
  const minutes = minutesOf24Hour(time24);
  const hour = Math.floor(minutes / 60);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${pad2(hour12)}:${pad2(minutes % 60)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** Minutes since midnight of a 'HH:mm' or 'HH:mm:ss' time (seconds ignored). Throws RangeError. */
export function minutesOf24Hour(time24: string): number {
  const match = TWENTY_FOUR_HOUR.exec(time24);
  const hour = Number(match?.[1]);
  const minute = Number(match?.[2]);
  const second = Number(match?.[3] ?? 0);
  if (!match || hour > 23 || minute > 59 || second > 59) {
    throw new RangeError(`Not a 24-hour time (HH:mm:ss): ${JSON.stringify(time24)}`);
  }
  return hour * 60 + minute;
}

/** 'HH:mm:ss' of a number of minutes since midnight (0–1439). */
export function timeOfMinutes(minutesOfDay: number): string {
  if (!Number.isInteger(minutesOfDay) || minutesOfDay < 0 || minutesOfDay >= 1440) {
    throw new RangeError(`minutes of day must be a whole number from 0 to 1439, got ${minutesOfDay}`);
  }
  return `${pad2(Math.floor(minutesOfDay / 60))}:${pad2(minutesOfDay % 60)}:00`;
}

/**
 * Phone-style cleaner: strips letters, spaces and punctuation, keeping digits and the four
 * characters a phone number is written with — '+' (country code), '(' and ')' (area code) and
 * '-' (separator). '+1 (555) 123-4567 ext.' → '+1(555)123-4567'.
 */
export function cleanPhone(value: string): string {
  return value.replace(/[^0-9+()-]/g, '');
}

/** Only the digits of a value: '+1 (555) 123-4567' → '15551234567'. For matching and counting. */
export function phoneDigits(value: string): string {
  return value.replace(/[^0-9]/g, '');
}

/**
 * A phone number for display: ten digits (or eleven starting with the US country code 1) as
 * '(555) 123-4567'; anything else is returned cleaned.
 */
export function formatPhoneForDisplay(value: string): string {
  const digits = phoneDigits(value);
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return cleanPhone(value);
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

/** Text normaliser: lower case with all whitespace removed ('  Dr. Ann  Lee ' → 'dr.annlee'). */
export function normalizeText(value: string): string {
  return value.toLowerCase().replace(/\s+/g, '');
}

/**
 * The value when it is at most the limit, otherwise the limit. A limit that is not a positive
 * number (0, negative, NaN, missing) counts as 1. A NaN value is not "at most" anything, so it
 * gives the limit.
 */
export function clamp(value: number, limit?: number | null): number {
  const effectiveLimit = typeof limit === 'number' && limit > 0 ? limit : 1;
  return value <= effectiveLimit ? value : effectiveLimit;
}
