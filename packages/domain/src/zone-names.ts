/**
 * How a zone is named beside a time: THE one implementation, for the booking pages (through the
 * web's `lib/zoned-time.ts`), the messages (`messages/format.ts`) and the .ics VTIMEZONE.
 * Intl and the IANA database only, like `time-zone.ts`.
 */
import { zoneOffsetMs } from './time-zone.ts';

const MS_PER_MINUTE = 60_000;

function msOf(instant: Date | number): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('Invalid instant');
  return ms;
}

/**
 * How a zone is named next to a time shown to a patient. One implementation for the web (the
 * booking flow, 'CT') and the server (messages and .ics, 'CST'):
 * - 'generic' names the zone without saying whether daylight time is on: 'CT', 'ET', 'PT', 'MST'
 *   (Arizona), 'AKT', 'HST', 'CET'. For pages where the date is beside it.
 * - 'specific' names the offset in force: 'CST' / 'CDT', 'EST', 'BST', 'CEST'. For messages.
 * Either way, where Intl knows no short letters for the zone, the GMT offset at that instant:
 * 'GMT+10:30' (Lord Howe in winter), 'GMT+9' (Tokyo). Never a long name like 'Japan Time'.
 */
export type ZoneNameStyle = 'generic' | 'specific';

const zoneNameFormatters = new Map<string, Intl.DateTimeFormat>();

function intlZoneName(
  instant: Date | number,
  timeZone: string,
  locale: string,
  style: 'shortGeneric' | 'short',
): string | undefined {
  const key = `${locale} ${style} ${timeZone}`;
  let formatter = zoneNameFormatters.get(key);
  if (formatter === undefined) {
    // Throws RangeError for an unknown zone; an unknown locale falls back inside Intl.
    formatter = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: style });
    if (zoneNameFormatters.size >= 5_000) zoneNameFormatters.clear();
    zoneNameFormatters.set(key, formatter);
  }
  return formatter.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value;
}

/** Letters a patient reads as a zone ('CT', 'CEST', 'UTC', 'GMT'), not an offset or a long name. */
const isAbbreviation = (name: string | undefined): name is string =>
  name !== undefined && /^[A-Z]{2,5}$/.test(name);
const isOffsetName = (name: string | undefined): name is string =>
  name !== undefined && /^(GMT|UTC)([+-]\d{1,2}(:\d{2})?)?$/.test(name);

/**
 * The short name of `timeZone` at `instant` (see `ZoneNameStyle`). American English names first
 * ('CT', 'EST'), then British English ones where a zone has common letters there ('CET', 'BST'),
 * then 'UTC' / 'GMT' / 'GMT+10:30'. Throws RangeError for an unknown zone.
 */
export function zoneAbbreviation(
  instant: Date | number,
  timeZone: string,
  options: { style?: ZoneNameStyle; locale?: string } = {},
): string {
  const ms = msOf(instant);
  const locales = [...new Set([options.locale, 'en-US', 'en-GB'].filter((locale) => locale !== undefined))];
  const styles: ('shortGeneric' | 'short')[] =
    options.style === 'generic' ? ['shortGeneric', 'short'] : ['short'];
  let offsetName: string | undefined;
  for (const style of styles) {
    for (const locale of locales) {
      const name = intlZoneName(ms, timeZone, locale, style);
      if (isAbbreviation(name) && !(name === 'GMT' && style === 'shortGeneric')) return name;
      if (offsetName === undefined && style === 'short' && isOffsetName(name)) offsetName = name;
    }
  }
  return offsetName ?? offsetNameOf(ms, timeZone);
}

/** 'GMT+10:30', 'GMT-6', 'GMT' from the zone's offset at `ms`: the last resort. */
function offsetNameOf(ms: number, timeZone: string): string {
  const minutes = Math.round(zoneOffsetMs(timeZone, ms) / MS_PER_MINUTE);
  if (minutes === 0) return 'GMT';
  const sign = minutes < 0 ? '-' : '+';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `GMT${sign}${hours}${rest === 0 ? '' : `:${String(rest).padStart(2, '0')}`}`;
}

/**
 * The generic short name of `timeZone` at `instant`, for pages: 'CT', 'ET', 'MT', 'PT', else
 * 'GMT+10:30'. `locale` is the reader's language ('en' by default; any English tag, 'en-US', reads
 * the same): a Spanish one ('es', 'es-US') names the zone in Spanish, 'hora del Centro' (see
 * `localizedZoneName`).
 */
export function zoneName(timeZone: string, instant: Date | number, locale?: string): string {
  if (zoneNameLocaleOf(locale) === 'es')
    return localizedZoneName(instant, timeZone, { style: 'generic', locale: 'es' });
  return zoneAbbreviation(instant, timeZone, {
    style: 'generic',
    ...(locale === undefined ? {} : { locale }),
  });
}

// ---------------------------------------------------------------- the zone in the reader's language (issue 21)

/** The languages a zone is named in beside a time: English letters ('CT'), Spanish words ('hora del Centro'). */
export const ZONE_NAME_LOCALES = ['en', 'es'] as const;
export type ZoneNameLocale = (typeof ZONE_NAME_LOCALES)[number];

/** 'es', 'es-US', 'ES_mx' → 'es'; anything else ('en', 'en-US', nothing) → 'en'. */
export function zoneNameLocaleOf(locale: string | null | undefined): ZoneNameLocale {
  return typeof locale === 'string' && locale.trim().toLowerCase().split(/[-_]/)[0] === 'es' ? 'es' : 'en';
}

/** The regions of the US zones' letters (ET, CST, AKDT, HST, HAST ...), as Spanish names them. */
const SPANISH_REGIONS: Readonly<Record<string, string>> = {
  E: 'del Este',
  C: 'del Centro',
  M: 'de la Montaña',
  P: 'del Pacífico',
  AK: 'de Alaska',
  HA: 'de Hawái-Aleutianas',
  H: 'de Hawái',
  A: 'del Atlántico',
};
const US_ZONE_LETTERS = /^(E|C|M|P|AK|HA|H|A)(S|D)?T$/;

/**
 * The Spanish words for a zone's short name (`zoneAbbreviation`'s answer): 'CT' → 'hora del
 * Centro', 'CST' → 'hora estándar del Centro', 'CDT' → 'hora de verano del Centro', 'AKT' → 'hora
 * de Alaska', 'MST' (Arizona) → 'hora estándar de la Montaña'. Letters of other zones and offsets
 * stay as they are after 'hora': 'hora CET', 'hora UTC', 'hora GMT+9'. Never an empty name.
 */
export function spanishZoneName(abbreviation: string): string {
  const match = US_ZONE_LETTERS.exec(abbreviation);
  const region = match ? SPANISH_REGIONS[match[1] ?? ''] : undefined;
  if (!match || region === undefined) return `hora ${abbreviation}`;
  if (match[2] === 'S') return `hora estándar ${region}`;
  if (match[2] === 'D') return `hora de verano ${region}`;
  return `hora ${region}`;
}

/**
 * The zone named beside a time in the reader's language (`locale`: 'en' by default, or 'es'; a
 * tag such as 'es-US' counts as its language). English: the short letters of `zoneAbbreviation`
 * ('CT' / 'CST'), unchanged. Spanish: words (`spanishZoneName`): 'hora del Centro' / 'hora
 * estándar del Centro'. Either way the time comes first and the name after it, with one space:
 * '8:00 AM CT', '8:00 a. m. hora del Centro'. `style` as for `zoneAbbreviation` ('specific' by
 * default, as messages name zones). Throws RangeError for an unknown zone or instant.
 */
export function localizedZoneName(
  instant: Date | number,
  timeZone: string,
  options: { style?: ZoneNameStyle; locale?: string } = {},
): string {
  const abbreviation = zoneAbbreviation(instant, timeZone, options.style ? { style: options.style } : {});
  return zoneNameLocaleOf(options.locale) === 'es' ? spanishZoneName(abbreviation) : abbreviation;
}
