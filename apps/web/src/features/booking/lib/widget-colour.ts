import {
  darken,
  ensureContrast,
  ensureContrastOnSurfaces,
  getContrastRatio,
  lighten,
} from '../../../lib/colour';

/**
 * The primary action colour from the scheduler's widget colour (appointment setting 20).
 * Text on the colour is white or black, whichever contrasts more with it (its luminance decides);
 * one of the two always reaches WCAG AA (4.5:1). When the colour itself is too pale (or, in dark
 * mode, too dark) to be read as text or a link on the page background, it is darkened (lightened)
 * just enough to reach AA there too.
 */

export const AA_CONTRAST = 4.5;
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export interface PrimaryPalette {
  main: string;
  light: string;
  dark: string;
  contrastText: string;
}

/** '#FFFFFF' or '#000000': the one with the higher contrast against `colour`. */
export function readableTextOn(colour: string): '#FFFFFF' | '#000000' {
  return getContrastRatio(colour, '#FFFFFF') >= getContrastRatio(colour, '#000000') ? '#FFFFFF' : '#000000';
}

/** `colour`, darkened (light background) or lightened (dark background) until it reaches AA on `background`. */
export function readableOnBackground(colour: string, background: string): string {
  return ensureContrast(colour, background, AA_CONTRAST);
}

/**
 * The shade a contained button takes under the pointer (`dark`): `main` darkened, or less so when
 * the text on it is black, so that text keeps AA in the hover state too.
 */
export function hoverShade(main: string, contrastText: string, coefficient: number): string {
  return ensureContrastOnSurfaces(darken(main, coefficient), [contrastText], AA_CONTRAST, 0);
}

/**
 * The palette for the widget colour on `background` (and on `paper`, the cards' surface), or null
 * when the setting is not a hex colour. The colour is read as text on both surfaces, also tinted
 * under the pointer (an outlined button's hover), by the exact ratio axe computes.
 */
export function widgetPrimaryPalette(
  colour: string | null | undefined,
  background: string,
  paper: string = background,
): PrimaryPalette | null {
  if (!colour || !HEX.test(colour.trim())) return null;
  const main = ensureContrastOnSurfaces(colour.trim(), [background, paper], AA_CONTRAST);
  const contrastText = readableTextOn(main);
  return {
    main,
    light: lighten(main, 0.25),
    dark: hoverShade(main, contrastText, 0.2),
    contrastText,
  };
}
