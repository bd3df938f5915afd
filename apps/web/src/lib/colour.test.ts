import * as mui from '@mui/system/colorManipulator';
import { describe, expect, it } from 'vitest';
import { darken, getContrastRatio, lighten, luminance } from './colour';

const COLOURS = [
  '#144F79',
  '#437294',
  '#FFFFFF',
  '#000',
  '#121212',
  '#1E1E1E',
  '#fc0',
  '#4D83B4',
  '#ffeb3b',
  'rgb(20, 79, 121)',
  'rgb(255, 255, 255)',
];

describe('colour (the same results as Material UI colorManipulator)', () => {
  it.each(COLOURS)('luminance, darken and lighten of %s', (colour) => {
    expect(luminance(colour)).toBe(mui.getLuminance(colour));
    for (const coefficient of [0, 0.05, 0.2, 0.25, 0.5, 0.95, 1]) {
      expect(darken(colour, coefficient)).toBe(mui.darken(colour, coefficient));
      expect(lighten(colour, coefficient)).toBe(mui.lighten(colour, coefficient));
    }
  });

  it('gives the same contrast ratios', () => {
    for (const a of COLOURS)
      for (const b of COLOURS) expect(getContrastRatio(a, b)).toBe(mui.getContrastRatio(a, b));
  });

  it('a lightened or darkened colour can be worked on again', () => {
    const once = lighten('#144F79', 0.25);
    expect(darken(once, 0.25)).toBe(mui.darken(once, 0.25));
    expect(getContrastRatio(once, '#121212')).toBe(mui.getContrastRatio(once, '#121212'));
  });

  it('refuses what it does not read rather than guessing', () => {
    expect(() => luminance('javascript:alert(1)')).toThrow('Unsupported colour');
    expect(() => darken('hsl(0, 0%, 0%)', 0.1)).toThrow('Unsupported colour');
  });
});
