import { describe, expect, it } from 'vitest';
import { countSmsSegments, fitSms, isGsm7, normalizeSmsText } from './sms.ts';

describe('countSmsSegments', () => {
  it.each([
    ['', 'GSM-7', 0, 0],
    ['a'.repeat(160), 'GSM-7', 160, 1],
    ['a'.repeat(161), 'GSM-7', 161, 2],
    ['a'.repeat(306), 'GSM-7', 306, 2],
    ['a'.repeat(307), 'GSM-7', 307, 3],
    ['€'.repeat(80), 'GSM-7', 160, 1],
    ['é'.repeat(160), 'GSM-7', 160, 1],
    ['ł'.repeat(70), 'UCS-2', 70, 1],
    ['ł'.repeat(71), 'UCS-2', 71, 2],
    ['ł'.repeat(134), 'UCS-2', 134, 2],
    ['ł'.repeat(135), 'UCS-2', 135, 3],
  ])('%#: %s chars → %s, %i units, %i segments', (text, encoding, units, segments) => {
    expect(countSmsSegments(text)).toEqual({ encoding, units, segments });
  });

  it('never splits an escape pair (GSM-7) or a surrogate pair (UCS-2) between segments', () => {
    // 152 septets then '€' (2): the pair does not fit in the first 153, so it opens segment 2.
    expect(countSmsSegments(`${'a'.repeat(152)}€${'a'.repeat(152)}`).segments).toBe(3);
    // 66 units then an emoji (2 units) then 66: 134 units but the pair moves to segment 2.
    expect(countSmsSegments(`${'ł'.repeat(66)}😀${'ł'.repeat(66)}`).segments).toBe(3);
  });
});

describe('normalizeSmsText', () => {
  it('replaces typographic characters that would force UCS-2 (Intl puts U+202F before AM)', () => {
    const text = normalizeSmsText('It’s “today” – 9:00\u202FAM…\u00A0 ');
    expect(text).toBe('It\'s "today" - 9:00 AM...');
    expect(isGsm7(text)).toBe(true);
  });

  it('sends the Spanish accented vowels GSM-7 lacks unaccented, and keeps é, ñ, ü, ¿ and ¡', () => {
    const text = normalizeSmsText('¿Está confirmada? Sí: miércoles, sábado, Ángel, Núñez, pingüino. ¡Ópalo!');
    expect(text).toBe('¿Esta confirmada? Si: miércoles, sabado, Angel, Nuñez, pingüino. ¡Opalo!');
    expect(isGsm7(text)).toBe(true);
  });
});

describe('fitSms', () => {
  it('leaves a message that fits alone', () => {
    expect(fitSms('short', 2)).toBe('short');
  });
  it('cuts at a word and keeps the encoding', () => {
    const fitted = fitSms(`Start ${'word '.repeat(100)}`, 2);
    expect(countSmsSegments(fitted)).toMatchObject({ encoding: 'GSM-7', segments: 2 });
    expect(fitted).toMatch(/^Start (word )+word\.\.\.$/);
  });
  it('fits a UCS-2 message into 2 segments', () => {
    expect(countSmsSegments(fitSms('żółw '.repeat(60), 2)).segments).toBe(2);
  });
});
