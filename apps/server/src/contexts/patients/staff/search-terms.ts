/* What the staff patient search box and filters mean, as repository search terms. */
import { usDateToIsoDate } from '@scheduler/domain/dates';
import { isValidIsoDate } from '@scheduler/domain/local-date';
import { phoneDigits } from '@scheduler/domain/text';
import {
  cutToTokenLength,
  emailLocalToken,
  foldForSearch,
  phoneSearchDigits,
} from '@scheduler/domain/patient-search';
import type { GetPatientListQuery } from '@scheduler/contract/patient-management/patients';
import { appointmentIdOfConfirmationNumber } from '@scheduler/domain/messages/format';
import type { PatientFieldTerm, PatientSearchTerm } from './patient-search-repository.ts';

const PHONE_LIKE = /^[\d\s()+.-]+$/;
/** How a confirmation number is written or read out: 'K7M-4QXD', 'k7m 4qxd', 'K7M4QXD'. */
const CONFIRMATION_LIKE = /^[0-9a-z]{3}[\s-]?[0-9a-z]{4}$/i;

/**
 * What a name is written with besides letters, ignored inside a search word: apostrophes, hyphens
 * and dashes, dots, underscores and '+' ("O'Brien" → obrien, 'Smith-Jones' → smithjones). Any
 * other symbol stays and matches nothing ('quill%' is no wildcard).
 */
const IGNORED_IN_WORDS = /[\p{Pd}\p{Pc}'\u2018\u2019\u02bc`\u00b4.+]/gu;

/** The folded words of a name search ('Zoë  O'Brien,' → ['zoe', 'obrien']), spaces and commas apart. */
export function nameWords(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((word) => cutToTokenLength(foldForSearch(word.replace(IGNORED_IN_WORDS, '')).replace(/\s+/g, '')))
    .filter((word) => word !== '');
}

function nameTerm(text: string): PatientFieldTerm | undefined {
  const words = nameWords(text);
  return words.length === 0 ? undefined : { kind: 'name', words };
}

/**
 * An e-mail or the start of one. Before an '@' the local part is folded like a name ('Zoe.O' →
 * 'zoeo', the start of zoe.obrien@…); after it, the local part is whole and the domain is matched
 * from its start as typed ('zoe.obrien@Ex' → 'zoeobrien' and 'ex').
 */
function emailTerm(text: string): PatientFieldTerm {
  const prefix = text.trim().toLowerCase();
  const at = prefix.indexOf('@');
  return {
    kind: 'email',
    prefix,
    local: emailLocalToken(at < 0 ? prefix : prefix.slice(0, at)),
    domain: at < 0 ? null : prefix.slice(at + 1),
  };
}

function phoneTerm(text: string): PatientFieldTerm | undefined {
  const digits = phoneSearchDigits(text);
  // Numbers are stored without the US country code.
  return digits === '' ? undefined : { kind: 'phone', digits };
}

/**
 * What the one search box means: a date of birth, an e-mail, a phone number or a name — and, when
 * the text can be a confirmation number, also the patient of that appointment.
 */
export function parseSearch(text: string): PatientSearchTerm | undefined {
  const trimmed = text.trim();
  const fields = parseFieldSearch(trimmed);
  const appointmentId = CONFIRMATION_LIKE.test(trimmed) ? appointmentIdOfConfirmationNumber(trimmed) : null;
  if (appointmentId === null) return fields;
  return { kind: 'confirmationNumber', appointmentId: Number(appointmentId), otherwise: fields };
}

function parseFieldSearch(trimmed: string): PatientFieldTerm | undefined {
  if (trimmed === '') return undefined;
  const date = isValidIsoDate(trimmed) ? trimmed : usDateToIsoDate(trimmed);
  if (date !== null) return { kind: 'dateOfBirth', date };
  if (trimmed.includes('@')) return emailTerm(trimmed);
  if (PHONE_LIKE.test(trimmed) && phoneDigits(trimmed).length >= 3) return phoneTerm(trimmed);
  return nameTerm(trimmed);
}

export function searchTermsOf(query: GetPatientListQuery): PatientSearchTerm[] {
  const terms: (PatientSearchTerm | undefined)[] = [
    // Most selective first: the first term drives the index lookup.
    query.dateOfBirth === undefined ? undefined : { kind: 'dateOfBirth', date: query.dateOfBirth },
    query.email === undefined || query.email.trim() === '' ? undefined : emailTerm(query.email),
    query.phone === undefined ? undefined : phoneTerm(query.phone),
    query.search === undefined ? undefined : parseSearch(query.search),
    query.name === undefined ? undefined : nameTerm(query.name),
  ];
  return terms.filter((term): term is PatientSearchTerm => term !== undefined);
}
