/* What the staff patient search box and filters mean, as repository search terms. */
import { usDateToIsoDate } from '@scheduler/domain/dates';
import { isValidIsoDate } from '@scheduler/domain/local-date';
import { phoneDigits } from '@scheduler/domain/text';
import type { GetPatientListQuery } from '@scheduler/contract/patient-management/patients';
import { appointmentIdOfConfirmationNumber } from '@scheduler/domain/messages/format';
import type { PatientFieldTerm, PatientSearchTerm } from './patient-search-repository.ts';

const PHONE_LIKE = /^[\d\s()+.-]+$/;
/** How a confirmation number is written or read out: 'K7M-4QXD', 'k7m 4qxd', 'K7M4QXD'. */
const CONFIRMATION_LIKE = /^[0-9a-z]{3}[\s-]?[0-9a-z]{4}$/i;

function nameWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/,+$/, ''))
    .filter((word) => word !== '');
}

function phoneTerm(text: string): PatientFieldTerm | undefined {
  const digits = phoneDigits(text);
  if (digits === '') return undefined;
  // Numbers are stored without the US country code.
  return { kind: 'phone', digits: digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits };
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
  if (trimmed.includes('@')) return { kind: 'email', prefix: trimmed.toLowerCase() };
  if (PHONE_LIKE.test(trimmed) && phoneDigits(trimmed).length >= 3) return phoneTerm(trimmed);
  const words = nameWords(trimmed);
  return words.length === 0 ? undefined : { kind: 'name', words };
}

export function searchTermsOf(query: GetPatientListQuery): PatientSearchTerm[] {
  const terms: (PatientSearchTerm | undefined)[] = [
    // Most selective first: the first term drives the index lookup.
    query.dateOfBirth === undefined ? undefined : { kind: 'dateOfBirth', date: query.dateOfBirth },
    query.email === undefined ? undefined : { kind: 'email', prefix: query.email.toLowerCase() },
    query.phone === undefined ? undefined : phoneTerm(query.phone),
    query.search === undefined ? undefined : parseSearch(query.search),
    query.name === undefined || nameWords(query.name).length === 0
      ? undefined
      : { kind: 'name', words: nameWords(query.name) },
  ];
  return terms.filter((term): term is PatientSearchTerm => term !== undefined);
}
