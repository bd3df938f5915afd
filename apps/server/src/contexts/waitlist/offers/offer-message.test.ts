/*
 * Issue 21: a waitlist offer goes out in the language the patient joined in. The English text is
 * unchanged; the Spanish one writes the date and time through Intl ('es-US') with the zone named,
 * and its SMS stays GSM-7 (no character cuts its room to 70 a segment).
 */
import { countSmsSegments } from '@scheduler/domain/messages/sms';
import { describe, expect, it } from 'vitest';
import type { OfferFacts } from './offer-repository.ts';
import { offerMessage } from './waves.ts';

const facts = (language: 'en' | 'es'): OfferFacts => ({
  offerId: 1,
  clientId: 1,
  freedTimeId: 1,
  freedStatus: 'offering',
  freedReason: 'cancelled',
  waitlistEntryId: 1,
  status: 'sent',
  channel: 'sms',
  startAt: Date.parse('2026-12-04T14:00:00Z'), // 9:00 AM in New York
  endAt: Date.parse('2026-12-04T15:00:00Z'),
  expiresAt: Date.parse('2026-12-04T12:00:00Z'),
  sentAt: null,
  appointmentId: null,
  claimKey: null,
  moveAppointmentId: null,
  moveFromStartAt: null,
  firstName: 'Lucía',
  email: 'lucia@example.org',
  phone: '+15550100100',
  language,
  clientSlug: 'brightsmile',
  clientName: 'BrightSmile Dental',
  clientPhone: '(212) 555-0100',
  schedulerSlug: 'main',
  service: { id: 1, name: 'Cleaning' },
  provider: { id: 1, name: 'Dr. Emily Carter' },
  location: {
    id: 1,
    name: 'Midtown Manhattan',
    timeZone: 'America/New_York',
    phone: '(212) 555-0101',
    address: '1 Main St, New York, NY 10001',
  },
});

const LINK = 'https://book.example.com/brightsmile/main/claim/abc?lang=es';

describe('offerMessage', () => {
  it('keeps the English offer as it was', () => {
    const message = offerMessage(facts('en'), LINK);
    expect(message.subject).toBe('A time is free: Cleaning on December 4');
    expect(message.text).toMatch(/^Hello Lucía,\n/);
    expect(message.text).toContain('on December 4, 2026 at 9:00 AM (America/New_York)');
  });

  it('writes a Spanish entry’s offer in Spanish, the zone named, the SMS in GSM-7', () => {
    const message = offerMessage(facts('es'), LINK);
    expect(message.subject).toBe('Hay un horario disponible: Cleaning, 4 de diciembre');
    expect(message.text).toMatch(/^Hola, Lucía:\n/);
    expect(message.text).toContain(
      'el viernes, 4 de diciembre de 2026, 9:00 a.m. hora estándar del Este (America/New_York)',
    );
    expect(message.text).toContain(`Resérvelo aquí: ${LINK}`);
    expect(message.text).toContain(
      'Esta oferta vence el 4 de diciembre, 7:00 a.m. hora estándar del Este (America/New_York).',
    );
    expect(message.html).toContain('>Reservar este horario</a>');
    expect(message.sms).toContain('9:00 a.m. hora estandar del Este');
    expect(message.sms).toContain(LINK);
    expect(countSmsSegments(message.sms)).toMatchObject({ encoding: 'GSM-7' });
    expect(countSmsSegments(message.sms).segments).toBeLessThanOrEqual(2);
  });
});
