import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { readableTextOn, widgetPrimaryPalette } from './widget-colour';

describe('readableTextOn', () => {
  it('puts white text on dark colours and black text on light ones', () => {
    expect(readableTextOn('#024E94')).toBe('#FFFFFF');
    expect(readableTextOn('#FFD700')).toBe('#000000');
    expect(readableTextOn('#777777')).toBe('#000000');
  });
});

describe('widgetPrimaryPalette', () => {
  it('keeps the default widget colour as it is, with white text', () => {
    expect(widgetPrimaryPalette('#024E94', '#FFFFFF')).toMatchObject({
      main: '#024E94',
      contrastText: '#FFFFFF',
    });
  });

  it('reaches AA for the text on the colour and for the colour on the page, whatever the colour', () => {
    for (const colour of ['#FFD700', '#00FF00', '#777777', '#024E94', '#FF00FF', '#FFFFFF', '#000000']) {
      for (const background of ['#FFFFFF', '#121212']) {
        const palette = widgetPrimaryPalette(colour, background);
        expect(palette).not.toBeNull();
        if (!palette) continue;
        expect(getContrastRatio(palette.main, palette.contrastText)).toBeGreaterThanOrEqual(4.5);
        expect(getContrastRatio(palette.main, background)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('ignores a value that is not a hex colour', () => {
    expect(widgetPrimaryPalette('blue', '#FFFFFF')).toBeNull();
    expect(widgetPrimaryPalette(null, '#FFFFFF')).toBeNull();
  });
});
