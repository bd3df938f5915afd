/**
 * SMS length rules. A message is sent as GSM-7 when every character is in the GSM 03.38 basic set
 * or its extension (extension characters take two septets), otherwise as UCS-2 (UTF-16 code units).
 * One segment holds 160 GSM-7 septets or 70 UCS-2 units; a multi-part message carries a header,
 * leaving 153 / 67 per segment, and an escape pair or a surrogate pair is never split between two
 * segments. Issue 17: a message stays within one or two segments.
 *
 * Typographic characters that would silently switch a message to UCS-2 (curly quotes, dashes,
 * non-breaking spaces such as the U+202F that `Intl` puts before "AM") are replaced by their GSM
 * equivalents first (`normalizeSmsText`), and so are the Spanish accented vowels GSM-7 lacks
 * (á í ó ú: sent as a i o u).
 */

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';
const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsSegmentCount {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 units (UCS-2). */
  units: number;
  segments: number;
}

export const SMS_LIMITS = {
  'GSM-7': { single: 160, multi: 153 },
  'UCS-2': { single: 70, multi: 67 },
} as const;

const REPLACEMENTS: [RegExp, string][] = [
  [/[\u2018\u2019\u201A\u2032]/g, "'"],
  [/[\u201C\u201D\u201E\u2033]/g, '"'],
  [/[\u2013\u2014\u2212]/g, '-'],
  [/\u2026/g, '...'],
  [/[\u00A0\u2007\u202F\u2009\u200A\u2002\u2003]/g, ' '],
  [/\u200B|\u200C|\u200D|\uFEFF/g, ''],
  [/\r\n/g, '\n'],
  // Issue 21: the Spanish vowels with an acute accent that GSM-7 lacks (é, ñ, ü, ¿, ¡ are in it)
  // are sent unaccented, as carriers' "smart encoding" does: one UCS-2 character would otherwise
  // cut the message's room from 306 to 134 characters.
  [/á/g, 'a'],
  [/í/g, 'i'],
  [/ó/g, 'o'],
  [/ú/g, 'u'],
  [/Á/g, 'A'],
  [/Í/g, 'I'],
  [/Ó/g, 'O'],
  [/Ú/g, 'U'],
];

/** Replaces typographic characters by GSM-7 ones and trims; other characters are kept. */
export function normalizeSmsText(text: string): string {
  let result = text;
  for (const [pattern, replacement] of REPLACEMENTS) result = result.replace(pattern, replacement);
  return result
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/g, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function isGsm7(text: string): boolean {
  for (const char of text) if (!basic.has(char) && !extension.has(char)) return false;
  return true;
}

/** The cost of each character: septets in GSM-7, UTF-16 units in UCS-2. */
function costs(text: string, encoding: SmsEncoding): number[] {
  return Array.from(text, (char) => (encoding === 'GSM-7' ? (extension.has(char) ? 2 : 1) : char.length));
}

/** Packs characters into segments of `size`, never splitting one character's units. */
function pack(charCosts: readonly number[], size: number): number {
  let segments = 1;
  let used = 0;
  for (const cost of charCosts) {
    if (used + cost > size) {
      segments += 1;
      used = 0;
    }
    used += cost;
  }
  return segments;
}

export function countSmsSegments(text: string): SmsSegmentCount {
  const encoding: SmsEncoding = isGsm7(text) ? 'GSM-7' : 'UCS-2';
  const charCosts = costs(text, encoding);
  const units = charCosts.reduce((sum, cost) => sum + cost, 0);
  const limits = SMS_LIMITS[encoding];
  if (units === 0) return { encoding, units, segments: 0 };
  const segments = units <= limits.single ? 1 : pack(charCosts, limits.multi);
  return { encoding, units, segments };
}

/**
 * Cuts `text` so that it fits in `maxSegments`, at a word boundary where one is near, ending in
 * "..." (GSM-7, so the cut never changes the encoding). Used at send time only: a saved template
 * fits with sample values, but real values (a long address) may be longer; the first lines (date,
 * time, place) are kept, the tail is dropped.
 */
export function fitSms(text: string, maxSegments: number): string {
  if (countSmsSegments(text).segments <= maxSegments) return text;
  const chars = Array.from(text);
  let low = 0;
  let high = chars.length;
  // The longest prefix whose "prefix..." fits (fitting is monotonic in the prefix length).
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (countSmsSegments(`${chars.slice(0, mid).join('')}...`).segments <= maxSegments) low = mid;
    else high = mid - 1;
  }
  const prefix = chars.slice(0, low).join('');
  const lastSpace = prefix.search(/\s\S*$/);
  const cut = lastSpace > prefix.length - 20 && lastSpace > 0 ? prefix.slice(0, lastSpace) : prefix;
  return `${cut.trimEnd()}...`;
}
