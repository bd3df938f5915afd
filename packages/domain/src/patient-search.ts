/**
 * The staff patient search's folding (issue 19): what a patient's name, e-mail and phone are
 * searched by, and what a typed search is compared with. Both sides fold the same way:
 *
 *  - letters lose their accents and case ('Zoë' → 'zoe', 'Nguyễn' → 'nguyen', 'STRASSE' and
 *    'Straße' → 'strasse', 'Ø' → 'o');
 *  - a stored name is cut into parts at anything that is not a letter or a digit ("O'Brien-Nguyễn"
 *    → o, brien, nguyen), and its tokens are every run of parts to the end of the full name, joined
 *    ('Zoë O'Brien-Nguyễn' → zoeobriennguyen, obriennguyen, briennguyen, nguyen): a search word is
 *    a prefix of one of them, so 'obrien', "o'brien", 'zoe', 'nguyen' and 'brien-ng' all find her;
 *  - an e-mail's local part is one more token, folded the same way ('zoe.obrien' → zoeobrien),
 *    so 'zoe.o' finds zoe.obrien@example.com;
 *  - a phone number's digits (without the US country code) are a token, and so are their last
 *    seven and last four: '(212) 555-0147', '2125550147', '555-0147' and '0147' all find it.
 *
 * Tokens carry their kind as a prefix (`n:` words, `p:` phone digits) and are at most
 * SEARCH_TOKEN_LENGTH characters after it. Migration 019 keeps a frozen copy of this for its
 * backfill; a change here needs a migration that rewrites the tokens.
 */

export const NAME_TOKEN_PREFIX = 'n:';
export const PHONE_TOKEN_PREFIX = 'p:';
/** Characters of a token after its prefix (longer folded text is cut: its prefix still matches). */
export const SEARCH_TOKEN_LENGTH = 64;
/** Parts of a name that get their own token (longer names still match from their start). */
const MAX_NAME_PARTS = 8;

/** Letters that Unicode does not decompose into a base letter and a mark. */
const UNDECOMPOSED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};
const UNDECOMPOSED_PATTERN = new RegExp(`[${Object.keys(UNDECOMPOSED).join('')}]`, 'gu');

/** Lower case, compatibility-decomposed, without combining marks: 'Zoë Ø' → 'zoe o'. */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .replace(UNDECOMPOSED_PATTERN, (letter) => UNDECOMPOSED[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
}

/** The folded letters-and-digits runs of a text: "O'Brien-Nguyễn" → ['o', 'brien', 'nguyen']. */
export function searchParts(text: string): string[] {
  return foldForSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((part) => part !== '');
}

/** At most SEARCH_TOKEN_LENGTH characters (whole code points). */
export function cutToTokenLength(text: string): string {
  const chars = Array.from(text);
  return chars.length <= SEARCH_TOKEN_LENGTH ? text : chars.slice(0, SEARCH_TOKEN_LENGTH).join('');
}

/** Digits of a phone number as stored and searched: '+1 (212) 555-0147' → '2125550147'. */
export function phoneSearchDigits(text: string): string {
  const digits = text.replace(/[^0-9]/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** The folded local part of an e-mail address: 'Zoe.OBrien+x@example.com' → 'zoeobrienx'. */
export function emailLocalToken(email: string): string {
  const at = email.lastIndexOf('@');
  return searchParts(at < 0 ? email : email.slice(0, at)).join('');
}

export interface SearchablePatient {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
}

/** Every search token of a patient (distinct, with their kind prefixes). */
export function patientSearchTokens(patient: SearchablePatient): string[] {
  const tokens = new Set<string>();
  const word = (text: string) => {
    if (text !== '') tokens.add(NAME_TOKEN_PREFIX + cutToTokenLength(text));
  };
  const parts = [...searchParts(patient.firstName), ...searchParts(patient.lastName)];
  const from = Math.max(0, parts.length - MAX_NAME_PARTS);
  word(parts.join(''));
  for (let index = Math.max(1, from); index < parts.length; index++) word(parts.slice(index).join(''));
  if (patient.email !== null) word(emailLocalToken(patient.email));
  const digits = patient.phone === null ? '' : phoneSearchDigits(patient.phone);
  if (digits !== '') {
    tokens.add(PHONE_TOKEN_PREFIX + cutToTokenLength(digits));
    if (digits.length > 7) tokens.add(PHONE_TOKEN_PREFIX + digits.slice(-7));
    if (digits.length > 4) tokens.add(PHONE_TOKEN_PREFIX + digits.slice(-4));
  }
  return [...tokens];
}

/**
 * The smallest string greater than every string that starts with `prefix`, in code point order
 * (SQLite's BINARY and PostgreSQL's "C" collation on UTF-8): `prefix <= token < bound` is "starts
 * with", served by a B-tree range scan.
 */
export function prefixBound(prefix: string): string {
  const chars = Array.from(prefix);
  while (chars.length > 0) {
    const last = chars.pop()?.codePointAt(0) ?? 0;
    if (last < 0x10ffff) {
      const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
      return chars.join('') + String.fromCodePoint(next);
    }
  }
  // Only U+10FFFF characters: nothing is greater; no string is that large in practice.
  return '\u{10ffff}'.repeat(prefix.length + 1);
}
