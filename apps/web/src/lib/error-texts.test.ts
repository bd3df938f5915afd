import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { NOTES_MAX_LENGTH, REASON_FOR_VISIT_MAX_LENGTH } from '@scheduler/contract/booking';
import { ISO_DATE_RANGE_MESSAGE } from '@scheduler/contract/common';
import { MANAGE_REFUSAL_MESSAGES } from '@scheduler/contract/manage';
import { PERSON_NAME_MAX_LENGTH } from '@scheduler/contract/patient';
import { SLOT_LINK_MALFORMED_MESSAGE, SLOT_LINK_NOT_FOUND_MESSAGE } from '@scheduler/contract/slot-link';
import {
  WAITLIST_OFFER_EXPIRED_MESSAGE,
  WAITLIST_OFFER_GONE_MESSAGE,
  WAITLIST_OFFER_NOT_FOUND_MESSAGE,
  WAITLIST_OFFER_USED_MESSAGE,
} from '@scheduler/contract/waitlist-offers';
import { ERROR_CATALOGUE, bookingRefusal } from '@scheduler/domain/errors';
import {
  BOOKING_MESSAGE_CODES,
  BOOKING_MESSAGES,
  fillMessageTemplate,
  formatMessage,
} from '@scheduler/domain/messages';
import { describe, expect, it } from 'vitest';
import { spanishByEnglish } from '../i18n/spanish-catalog-test-support';
import { i18n } from '../i18n/catalogs';
import { errorText, knownText, knownTextTables, translateKnown } from './error-texts';
import { BOOKING_MESSAGE_TEXTS, bookingMessage } from './spec-refusal-texts';

const SPANISH: Record<string, string> = await spanishByEnglish();

/** English as the server writes it (the source catalog is the message itself), Spanish from the committed catalogs. */
function i18nIn(locale: 'en' | 'es') {
  const i18n = setupI18n();
  i18n.setMessagesCompiler(compileMessage);
  i18n.load(
    'es',
    Object.fromEntries(
      Object.entries(SPANISH).map(([english, spanish]) => [
        generateMessageId(english),
        compileMessage(spanish),
      ]),
    ),
  );
  i18n.load('en', {});
  i18n.activate(locale);
  return i18n;
}

const en = i18nIn('en');
const es = i18nIn('es');

/** Every server text a patient can meet that this module maps, as the server writes it. */
const SERVER_TEXTS: string[] = [
  ...knownTextTables().codes.map(([code]) => ERROR_CATALOGUE[code].message),
  'Not found',
  'Too many requests, please try again later',
  'Choose a location',
  'Choose a time with your provider',
  'Choose a different time',
  WAITLIST_OFFER_GONE_MESSAGE,
  WAITLIST_OFFER_EXPIRED_MESSAGE,
  WAITLIST_OFFER_USED_MESSAGE,
  WAITLIST_OFFER_NOT_FOUND_MESSAGE,
  SLOT_LINK_MALFORMED_MESSAGE,
  SLOT_LINK_NOT_FOUND_MESSAGE,
  formatMessage('EXISTING_APPOINTMENT', { apptDate: 'March 9, 2025', apptTime: '02:30 PM' }),
  bookingRefusal('SLOT_TAKEN', { phone: '(212) 555-0142' }).message,
  'As an existing patient, you can book online only with your current provider, Dr. Ana Ruiz. Please choose a time with them, or call our office to schedule with another provider.',
  'We could not find the ZIP code 99999. Please check it, or clear it to see every provider.',
  ...(['cancel', 'reschedule'] as const).flatMap((kind) =>
    Object.values(MANAGE_REFUSAL_MESSAGES[kind]).flatMap((template) => {
      const withHours = template.replaceAll('HOURS', '24');
      return [fillMessageTemplate(withHours, { phone: '(212) 555-0142' }), fillMessageTemplate(withHours)];
    }),
  ),
];

describe('error texts', () => {
  it("keeps each code's English word for word (the domain catalogue's text)", () => {
    for (const [code, descriptor] of knownTextTables().codes)
      expect(en._(descriptor), code).toBe(ERROR_CATALOGUE[code].message);
    for (const [english, descriptor] of knownTextTables().texts) expect(en._(descriptor)).toBe(english);
    for (const { template, descriptor } of knownTextTables().filled)
      expect(descriptor.message ?? '', template).toBe(template);
  });

  it('shows every server text as it came in English, and differently in Spanish', () => {
    for (const text of SERVER_TEXTS) {
      expect(knownText(en, text), text).toBe(text);
      const spanish = knownText(es, text);
      expect(spanish, text).toBeDefined();
      expect(spanish, text).not.toBe(text);
    }
  });

  it('has a Spanish draft for each of its messages', () => {
    const english = [
      ...knownTextTables().codes.map(([code]) => ERROR_CATALOGUE[code].message),
      // the message's source (with its placeholders: 'Keep your first name to {nameMax} characters or fewer')
      ...knownTextTables().texts.map(([text, descriptor]) => descriptor.message ?? text),
      ...knownTextTables().filled.map(({ template }) => template),
    ];
    for (const text of english) expect(SPANISH[text], text).toBeTruthy();
  });

  it('keeps the values of a filled text, writing the date and time again in Spanish', () => {
    const existing = formatMessage('EXISTING_APPOINTMENT', {
      apptDate: 'March 9, 2025',
      apptTime: '02:30 PM',
    });
    const spanish = knownText(es, existing) ?? '';
    expect(spanish).toMatch(/^Parece que ya tiene una cita programada para el 9 de marzo de 2025 a las 2:30/);
    expect(knownText(es, bookingRefusal('SLOT_TAKEN', { phone: '(212) 555-0142' }).message)).toContain(
      'al (212) 555-0142',
    );
    expect(
      knownText(
        es,
        fillMessageTemplate(MANAGE_REFUSAL_MESSAGES.cancel['cutoff-passed'].replaceAll('HOURS', '48'), {
          phone: '555-0100',
        }),
      ),
    ).toBe(
      'La cancelación en línea se cierra 48 horas antes de la cita. Llame a nuestro consultorio al 555-0100 para cancelarla.',
    );
  });

  it("falls back (not in English) to the code's text, then to the server's", () => {
    expect(errorText(en, 'RATE_LIMITED', 'Too many sign-ins. Try again in 5 minutes.')).toBe(
      'Too many sign-ins. Try again in 5 minutes.',
    );
    expect(errorText(es, 'RATE_LIMITED', 'Too many sign-ins. Try again in 5 minutes.')).toBe(
      SPANISH['Too many attempts. Please wait a moment and try again.'],
    );
    expect(errorText(es, 'SOMETHING_NEW', 'A new refusal.')).toBe('A new refusal.');
    expect(errorText(es, 'toString', 'A new refusal.')).toBe('A new refusal.');
    expect(translateKnown(es, 'A field message')).toBe('A field message');
    expect(translateKnown(es, 'Choose a location')).toBe('Elija una ubicación');
  });

  it("knows the contract's form checks with the contract's limits", () => {
    const texts = new Map(knownTextTables().texts);
    for (const text of [
      ISO_DATE_RANGE_MESSAGE,
      `Keep your first name to ${PERSON_NAME_MAX_LENGTH} characters or fewer`,
      `Keep your last name to ${PERSON_NAME_MAX_LENGTH} characters or fewer`,
      `Keep the reason for your visit to ${REASON_FOR_VISIT_MAX_LENGTH} characters or fewer`,
      `Keep your notes to ${NOTES_MAX_LENGTH} characters or fewer`,
    ]) {
      expect(texts.has(text), text).toBe(true);
      expect(translateKnown(es, text), text).not.toBe(text);
    }
  });

  it('keeps the booking messages word for word and fills them as formatMessage does', () => {
    for (const code of BOOKING_MESSAGE_CODES) {
      expect(i18n._(BOOKING_MESSAGE_TEXTS[code])).toBe(BOOKING_MESSAGES[code]);
      expect(translateKnown(en, BOOKING_MESSAGES[code])).toBe(BOOKING_MESSAGES[code]);
    }
    expect(bookingMessage(i18n, 'SLOT_TAKEN', { phone: '(212) 555-0142' })).toBe(
      formatMessage('SLOT_TAKEN', { phone: '(212) 555-0142' }),
    );
    expect(bookingMessage(i18n, 'SLOT_TAKEN')).toBe(formatMessage('SLOT_TAKEN'));
    expect(bookingMessage(i18n, 'LOCATION_OFFLINE')).toBe(formatMessage('LOCATION_OFFLINE'));
  });

  it('leaves an unknown text as it is', () => {
    expect(translateKnown(es, 'Something new from the server.')).toBe('Something new from the server.');
    expect(translateKnown(es, 'toString')).toBe('toString');
    expect(knownText(es, 'constructor')).toBeUndefined();
  });
});
