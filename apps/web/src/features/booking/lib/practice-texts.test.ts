import { i18n as globalI18n, setupI18n, type I18n } from '@lingui/core';
import { bookAppointmentBodySchema } from '@scheduler/contract/scheduler-api';
import { DEFAULT_SETTINGS, settingDefinitionOf } from '@scheduler/domain/settings';
import { describe, expect, it } from 'vitest';
import { spanishByEnglish } from '../../../i18n/spanish-catalog-test-support';
import { primaryMessage } from '../thank-you/thank-you-wording';
import { buildBookingRequest, type BookingRequestInput } from './booking-request';
import {
  DEFAULT_THANK_YOU_PRIMARY,
  DEFAULT_THANK_YOU_PRIMARY_SHORT,
  DEFAULT_THANK_YOU_SECONDARY,
  practiceText,
  thankYouTexts,
} from './practice-texts';

const SPANISH: Record<string, string> = await spanishByEnglish();
const DESCRIPTORS = [DEFAULT_THANK_YOU_PRIMARY, DEFAULT_THANK_YOU_PRIMARY_SHORT, DEFAULT_THANK_YOU_SECONDARY];

/** An i18n in `locale` whose Spanish catalog is the committed translation of these texts (keyed like the compiled catalog). */
function i18nIn(locale: 'en' | 'es'): I18n {
  const messages = Object.fromEntries(
    DESCRIPTORS.map((descriptor) => [descriptor.id, SPANISH[descriptor.message ?? ''] ?? '']),
  );
  const i18n = setupI18n({ locale: 'en', messages: { en: {}, es: messages } });
  i18n.activate(locale);
  return i18n;
}

const DEFAULTS = {
  primary: DEFAULT_SETTINGS.thankYouPrimary,
  secondary: DEFAULT_SETTINGS.thankYouSecondary,
};
const OWN = { primary: 'Thanks for choosing BrightSmile!', secondary: 'Parking is behind the building.' };

describe('the shipped defaults and their Spanish', () => {
  it('carry the domain defaults word for word as their English', () => {
    expect(DEFAULT_THANK_YOU_PRIMARY.message).toBe(settingDefinitionOf('thankYouPrimary').defaultValue);
    expect(DEFAULT_THANK_YOU_SECONDARY.message).toBe(settingDefinitionOf('thankYouSecondary').defaultValue);
    // The default as the page shows it 48 hours or less before the appointment.
    const soon = primaryMessage(
      DEFAULT_SETTINGS.thankYouPrimary,
      '2026-11-28T10:00:00.000Z',
      Date.parse('2026-11-27T10:00:00.000Z'),
    );
    expect(DEFAULT_THANK_YOU_PRIMARY_SHORT.message).toBe(soon);
  });

  it('have a Spanish draft each', () => {
    for (const descriptor of DESCRIPTORS) expect(SPANISH[descriptor.message ?? '']).toBeTruthy();
  });
});

describe('thankYouTexts', () => {
  it('leaves English pages as they are, whatever Spanish the practice wrote', () => {
    const i18n = i18nIn('en');
    expect(thankYouTexts(i18n, { ...OWN, primaryEs: 'Gracias', secondaryEs: 'Estacione atrás' })).toEqual(
      OWN,
    );
    expect(thankYouTexts(i18n, DEFAULTS)).toEqual(DEFAULTS);
  });

  it('Spanish: the practice’s Spanish when written (trimmed)', () => {
    const i18n = i18nIn('es');
    expect(
      thankYouTexts(i18n, {
        ...OWN,
        primaryEs: '  ¡Gracias por elegir BrightSmile!  ',
        secondaryEs: 'Estacione atrás.',
      }),
    ).toEqual({ primary: '¡Gracias por elegir BrightSmile!', secondary: 'Estacione atrás.' });
  });

  it('Spanish: the catalog’s Spanish of an unchanged default when no Spanish is written', () => {
    const i18n = i18nIn('es');
    expect(thankYouTexts(i18n, { ...DEFAULTS, primaryEs: '', secondaryEs: '   ' })).toEqual({
      primary: SPANISH[DEFAULT_SETTINGS.thankYouPrimary],
      secondary: SPANISH[DEFAULT_SETTINGS.thankYouSecondary],
    });
    expect(thankYouTexts(i18n, DEFAULTS).primary).toMatch(/^¡Su cita/);
  });

  it('Spanish: the shortened default (48 hours or less away) in Spanish too', () => {
    const i18n = i18nIn('es');
    const shown = primaryMessage(
      DEFAULTS.primary,
      '2026-11-28T10:00:00.000Z',
      Date.parse('2026-11-27T10:00:00.000Z'),
    );
    expect(thankYouTexts(i18n, DEFAULTS, shown).primary).toBe(
      SPANISH['Your appointment has been scheduled!'],
    );
    // A practice that wrote that very sentence itself gets it as written (only the default is translated).
    expect(thankYouTexts(i18n, { ...DEFAULTS, primary: shown }).primary).toBe(shown);
  });

  it('Spanish: the practice’s English as written when it changed the English but wrote no Spanish', () => {
    const i18n = i18nIn('es');
    expect(thankYouTexts(i18n, { ...OWN, primaryEs: null })).toEqual(OWN);
    // One text changed, the other still the default: each decided on its own.
    expect(thankYouTexts(i18n, { primary: OWN.primary, secondary: DEFAULTS.secondary })).toEqual({
      primary: OWN.primary,
      secondary: SPANISH[DEFAULT_SETTINGS.thankYouSecondary],
    });
  });
});

describe('practiceText', () => {
  const shipped = { english: DEFAULT_SETTINGS.thankYouSecondary, translation: DEFAULT_THANK_YOU_SECONDARY };
  it('uses the locale it is given', () => {
    const i18n = i18nIn('es');
    expect(practiceText(i18n, 'en', DEFAULTS.secondary, 'Llámenos', shipped)).toBe(DEFAULTS.secondary);
    expect(practiceText(i18n, 'es', DEFAULTS.secondary, 'Llámenos', shipped)).toBe('Llámenos');
    expect(practiceText(i18n, 'es', DEFAULTS.secondary, undefined, shipped)).toBe(
      SPANISH[DEFAULT_SETTINGS.thankYouSecondary],
    );
  });
});

describe('the booking request carries the page language (issue 21)', () => {
  const input = {
    clientName: 'brightsmile',
    scheduler: 'main',
    service: { appointmentTypeId: '3', name: 'Cleaning', durationMinutes: 30 },
    provider: { providerId: '7', name: 'Dr. Emily Carter', credentials: 'DDS', photoUrl: null },
    time: {
      startUtc: '2030-03-05T14:30:00.000Z',
      dateLocal: '2030-03-05',
      timeLocal: '09:30',
      locationId: '1',
      idempotencyKey: '0b0c1e7a-3f51-4b53-9d7e-2a3c4d5e6f70',
    },
    patient: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      dateOfBirth: '1990-05-14',
      phone: '(212) 555-0100',
      email: 'ada@example.com',
      smsPermission: true,
      emailPermission: true,
    },
    isExistingPatient: false,
    insurance: null,
    details: { reasonForVisit: '', notes: '' },
    sessionId: '5c6d7e8f-0000-4000-8000-000000000001',
    campaign: { utm_source: null, utm_medium: null, utm_campaign: null, utm_term: null },
  } satisfies BookingRequestInput;

  it('sends the active language, or the one given', () => {
    const before = globalI18n.locale;
    try {
      globalI18n.activate('en');
      expect(buildBookingRequest(input).language).toBe('en');
      globalI18n.load('es', {});
      globalI18n.activate('es');
      const body = buildBookingRequest(input);
      expect(body.language).toBe('es');
      expect(bookAppointmentBodySchema.safeParse(body).success).toBe(true);
      expect(buildBookingRequest({ ...input, language: 'en' }).language).toBe('en');
    } finally {
      globalI18n.activate(before || 'en');
    }
  });
});
