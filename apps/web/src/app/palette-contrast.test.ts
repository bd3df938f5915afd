import { describe, expect, it } from 'vitest';
import { widgetPrimaryPalette } from '../features/booking/lib/widget-colour';
import { exactContrastRatio, HOVER_TINT, mix } from '../lib/colour';
import { BACKGROUND, primaryPalette, type ThemeMode } from './palette';

// Issue 16: every text on a time button (its time, "your time", the provider) reaches AA in both
// themes, both brands and any widget colour, at rest, under the pointer (outlined: the page or paper
// tinted 4 % with the colour) and selected (contained: contrast text on main, on `dark` when hovered),
// by the exact ratio axe computes (not the rounded one of Material UI's getContrastRatio).
const MODES: ThemeMode[] = ['light', 'dark'];
const COLOURS = [
  '#024E94',
  '#144F79',
  '#FFD700',
  '#00FF00',
  '#777777',
  '#FF00FF',
  '#FFFFFF',
  '#000000',
  '#4D83B4',
];

function expectReadable(palette: { main: string; dark: string; contrastText: string }, mode: ThemeMode) {
  for (const surface of [BACKGROUND[mode].default, BACKGROUND[mode].paper]) {
    expect(exactContrastRatio(palette.main, surface)).toBeGreaterThanOrEqual(4.5);
    expect(exactContrastRatio(palette.main, mix(palette.main, surface, HOVER_TINT))).toBeGreaterThanOrEqual(
      4.5,
    );
  }
  expect(exactContrastRatio(palette.contrastText, palette.main)).toBeGreaterThanOrEqual(4.5);
  expect(exactContrastRatio(palette.contrastText, palette.dark)).toBeGreaterThanOrEqual(4.5);
}

describe('primary colours on time buttons', () => {
  it('the brand colour reads on page and paper, hovered and selected, in both themes', () => {
    for (const mode of MODES) {
      expectReadable(primaryPalette(mode), mode);
      for (const colour of COLOURS) expectReadable(primaryPalette(mode, colour), mode);
    }
  });

  it('a widget colour (Northside #024E94) does too', () => {
    for (const mode of MODES)
      for (const colour of COLOURS) {
        const palette = widgetPrimaryPalette(colour, BACKGROUND[mode].default, BACKGROUND[mode].paper);
        expect(palette).not.toBeNull();
        if (palette) expectReadable(palette, mode);
      }
  });

  it('keeps the hover shade darker than the colour where white text sits on it', () => {
    expect(primaryPalette('light').dark).toBe('rgb(15, 59, 90)');
    expect(widgetPrimaryPalette('#024E94', '#FFFFFF')).toMatchObject({
      main: '#024E94',
      dark: 'rgb(1, 62, 118)',
    });
  });
});
