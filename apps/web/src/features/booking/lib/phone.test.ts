import { describe, expect, it } from 'vitest';
import { splitOnPhone, telHref } from './phone';

describe('telHref', () => {
  it('dials a US number with its country code', () => {
    expect(telHref('(212) 555-0142')).toBe('tel:+12125550142');
    expect(telHref('+1 212 555 0142')).toBe('tel:+12125550142');
  });

  it('keeps other numbers as cleaned', () => {
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958');
  });
});

describe('splitOnPhone', () => {
  const message =
    'The appointment slot you have selected is no longer available. Please call our office (212) 555-0142 or click the button below to select a new appointment time';

  it('cuts the message around the phone number', () => {
    expect(splitOnPhone(message, '(212) 555-0142')).toEqual([
      {
        kind: 'text',
        text: 'The appointment slot you have selected is no longer available. Please call our office ',
      },
      { kind: 'phone', text: '(212) 555-0142' },
      { kind: 'text', text: ' or click the button below to select a new appointment time' },
    ]);
  });

  it('finds the number when it is stored in another format', () => {
    expect(splitOnPhone(message, '212-555-0142').map((part) => part.kind)).toEqual(['text', 'phone', 'text']);
  });

  it('gives the whole text when the number is not in it', () => {
    expect(splitOnPhone('Please call our office.', '(212) 555-0142')).toEqual([
      { kind: 'text', text: 'Please call our office.' },
    ]);
    expect(splitOnPhone('Please call our office.', null)).toHaveLength(1);
  });
});
