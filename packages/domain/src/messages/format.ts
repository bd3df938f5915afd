/**
 * How a message names the appointment's time: always on the LOCATION's wall clock, with the zone
 * named (issue 17; Easy!Appointments patients came two hours early because e-mails showed UTC).
 * e.g. 'Friday, December 4, 2026 at 9:00 AM EST (America/New_York)'. Through `time-zone.ts`
 * (Intl + the IANA database), so daylight saving time is right whatever the server's TZ.
 *
 * And the confirmation number: a short code made from the appointment id (see below).
 */
import { formatParts } from '../dates.ts';
import { localPartsOf } from '../time-zone.ts';
import { localizedZoneName, zoneAbbreviation as zoneAbbreviationOf } from '../zone-names.ts';
import { MESSAGE_INTL_LOCALES } from './kinds.ts';
import type { MessageLanguage } from './kinds.ts';
import type { MessageVariables } from './variables.ts';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/**
 * The zone's abbreviation at `instant`: 'EST', 'PDT' (American English names), else the British
 * English one where it has a common name ('CEST', 'BST'), else 'GMT+2'. The one implementation
 * lives in `time-zone.ts` (the booking pages use its generic form, 'ET').
 */
export function zoneAbbreviation(instant: Date | number, timeZone: string): string {
  return zoneAbbreviationOf(instant, timeZone, { style: 'specific' });
}

export interface FormattedWhen {
  /** 'Friday, December 4, 2026' */
  date: string;
  /** '9:00 AM' */
  time: string;
  /** 'EST' */
  zoneAbbreviation: string;
  /** 'America/New_York' */
  zoneName: string;
  /** 'Friday, December 4, 2026 at 9:00 AM EST (America/New_York)' */
  when: string;
}

const spanishFormatters = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

/** Intl puts a no-break space (U+00A0 / U+202F) inside '9:00 a. m.': plain spaces in messages. */
const plainSpaces = (text: string): string => text.replace(/[\u00A0\u202F]/g, ' ');

/**
 * Issue 21: the Spanish of `formatWhen`, through Intl ('es-US'): 'viernes, 4 de diciembre de 2026',
 * '9:00 a.m.', the zone in words as the booking pages name it ('hora estándar del Este', from
 * zone-names.ts; other zones 'hora CET', 'hora GMT+9'), and 'when' with 'a las' ('a la' for one
 * o'clock).
 */
function formatWhenSpanish(instant: Date | number, timeZone: string): FormattedWhen {
  let formatters = spanishFormatters.get(timeZone);
  if (formatters === undefined) {
    formatters = {
      date: new Intl.DateTimeFormat(MESSAGE_INTL_LOCALES.es, { timeZone, dateStyle: 'full' }),
      time: new Intl.DateTimeFormat(MESSAGE_INTL_LOCALES.es, {
        timeZone,
        hour: 'numeric',
        minute: '2-digit',
      }),
    };
    if (spanishFormatters.size >= 1_000) spanishFormatters.clear();
    spanishFormatters.set(timeZone, formatters);
  }
  const date = plainSpaces(formatters.date.format(instant));
  const time = plainSpaces(formatters.time.format(instant));
  // The zone in Spanish words, as the booking pages name it: 'hora estándar del Este'.
  const abbreviation = localizedZoneName(instant, timeZone, { style: 'specific', locale: 'es' });
  const article = /^1:/.test(time) ? 'a la' : 'a las';
  return {
    date,
    time,
    zoneAbbreviation: abbreviation,
    zoneName: timeZone,
    when: `${date} ${article} ${time} ${abbreviation} (${timeZone})`,
  };
}

/**
 * `instant` on `timeZone`'s wall clock, for messages in `language` (English unless said).
 * Throws RangeError for an unknown zone.
 */
export function formatWhen(
  instant: Date | number,
  timeZone: string,
  language: MessageLanguage = 'en',
): FormattedWhen {
  if (language === 'es') return formatWhenSpanish(instant, timeZone);
  const parts = localPartsOf(instant, timeZone);
  const weekday = WEEKDAYS[new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay()] ?? '';
  const date = `${weekday}, ${formatParts(parts, 'MMMM D, YYYY')}`;
  const time = formatParts(parts, 'h:mm A');
  const abbreviation = zoneAbbreviation(instant, timeZone);
  return {
    date,
    time,
    zoneAbbreviation: abbreviation,
    zoneName: timeZone,
    when: `${date} at ${time} ${abbreviation} (${timeZone})`,
  };
}

// ---------------------------------------------------------------- confirmation number

/*
 * The booking flow shows no confirmation number today (the thank-you page names date, time,
 * provider and place), so this is where it is defined: the appointment id (a positive 31-bit
 * integer) through a fixed bijection of [0, 2^31) — an odd multiplier and an offset, mod 2^31 — so
 * consecutive bookings do not get consecutive numbers (no business volume read off them), written
 * in 7 Crockford base-32 characters as 'XXX-XXXX'. Reversible (`appointmentIdOfConfirmationNumber`)
 * so staff can look an appointment up by it. It is a reference, not a secret: it grants nothing.
 */
const MODULUS = 2n ** 31n;
const MULTIPLIER = 1_103_515_245n; // odd: invertible mod 2^31
const OFFSET = 719_885_386n;
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function inverseOf(a: bigint, m: bigint): bigint {
  let [oldR, r] = [a, m];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const q = oldR / r;
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  return ((oldS % m) + m) % m;
}
const INVERSE = inverseOf(MULTIPLIER, MODULUS);

function toId(appointmentId: string | number): bigint {
  const text = String(appointmentId);
  if (!/^\d{1,10}$/.test(text) || BigInt(text) >= MODULUS || BigInt(text) === 0n) {
    throw new RangeError(`Not an appointment id: ${text}`);
  }
  return BigInt(text);
}

/** 'K7M-4QXD' for an appointment id. Throws RangeError for an id that is not a positive int4. */
export function confirmationNumberOf(appointmentId: string | number): string {
  let value = (toId(appointmentId) * MULTIPLIER + OFFSET) % MODULUS;
  let code = '';
  for (let i = 0; i < 7; i += 1) {
    code = ALPHABET[Number(value % 32n)] + code;
    value /= 32n;
  }
  return `${code.slice(0, 3)}-${code.slice(3)}`;
}

/** The appointment id of a confirmation number (case, dashes, spaces and O/I/L mix-ups forgiven), or null. */
export function appointmentIdOfConfirmationNumber(confirmationNumber: string): string | null {
  const code = confirmationNumber
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (!/^[0-9A-HJKMNP-TV-Z]{7}$/.test(code)) return null;
  let value = 0n;
  for (const char of code) value = value * 32n + BigInt(ALPHABET.indexOf(char));
  if (value >= MODULUS) return null;
  const id = (((((value - OFFSET) % MODULUS) + MODULUS) % MODULUS) * INVERSE) % MODULUS;
  return id === 0n ? null : id.toString();
}

// ---------------------------------------------------------------- appointment variables

export interface AppointmentMessageFacts {
  appointmentId: string | number;
  startUtc: Date | number | string;
  practiceName: string;
  location: { name: string; address: string; phone?: string | null; timeZone: string };
  providerName: string;
  serviceName: string;
  patientFirstName?: string | null;
  /** Absent until patients can manage their appointments (issue 18). */
  manageLink?: string | null;
  /** Reschedule notice: the start before the move. */
  previousStartUtc?: Date | number | string | null;
  /** Issue 21: the language dates and times are written in (English when absent). */
  language?: MessageLanguage;
}

const instantOf = (value: Date | number | string): Date => (value instanceof Date ? value : new Date(value));

/** Every appointment variable, formatted for the location (a render keeps only its channel's). */
export function appointmentVariables(facts: AppointmentMessageFacts): MessageVariables {
  const language = facts.language ?? 'en';
  const when = formatWhen(instantOf(facts.startUtc), facts.location.timeZone, language);
  const previous =
    facts.previousStartUtc === undefined || facts.previousStartUtc === null
      ? ''
      : formatWhen(instantOf(facts.previousStartUtc), facts.location.timeZone, language).when;
  return {
    practice_name: facts.practiceName,
    location_name: facts.location.name,
    location_address: facts.location.address,
    location_phone: facts.location.phone ?? '',
    date: when.date,
    time: when.time,
    zone_abbreviation: when.zoneAbbreviation,
    zone_name: when.zoneName,
    when: when.when,
    provider_name: facts.providerName,
    service_name: facts.serviceName,
    confirmation_number: confirmationNumberOf(facts.appointmentId),
    manage_link: facts.manageLink ?? '',
    patient_first_name: facts.patientFirstName ?? '',
    previous_when: previous,
  };
}
