import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES, BOOKING_MESSAGE_CODES, formatMessage } from '@scheduler/domain/messages';
import { i18n } from '../../../i18n/catalogs';
import { BOOKING_MESSAGE_TEXTS, bookingMessage, knownMessages, translateKnown } from './known-messages';

describe('known messages', () => {
  it('keeps each English text word for word (its key)', () => {
    for (const [english, descriptor] of knownMessages()) expect(i18n._(descriptor)).toBe(english);
    for (const code of BOOKING_MESSAGE_CODES)
      expect(i18n._(BOOKING_MESSAGE_TEXTS[code])).toBe(BOOKING_MESSAGES[code]);
  });

  it('fills the booking messages as formatMessage does', () => {
    expect(bookingMessage(i18n, 'SLOT_TAKEN', { phone: '(212) 555-0142' })).toBe(
      formatMessage('SLOT_TAKEN', { phone: '(212) 555-0142' }),
    );
    expect(bookingMessage(i18n, 'SLOT_TAKEN')).toBe(formatMessage('SLOT_TAKEN'));
    expect(bookingMessage(i18n, 'LOCATION_OFFLINE')).toBe(formatMessage('LOCATION_OFFLINE'));
  });

  it('leaves an unknown text as it is', () => {
    expect(translateKnown(i18n, 'Something new from the server.')).toBe('Something new from the server.');
    expect(translateKnown(i18n, 'toString')).toBe('toString');
  });
});
