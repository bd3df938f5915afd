import { darken, getContrastRatio, lighten } from '@mui/system/colorManipulator';

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
  const backgroundIsDark = getContrastRatio(background, '#000000') < getContrastRatio(background, '#FFFFFF');
  let current = colour;
  for (let step = 1; step <= 20 && getContrastRatio(current, background) < AA_CONTRAST; step += 1) {
    current = backgroundIsDark ? lighten(colour, step * 0.05) : darken(colour, step * 0.05);
  }
  return current;
}

/** The palette for the widget colour on `background`, or null when the setting is not a hex colour. */
export function widgetPrimaryPalette(
  colour: string | null | undefined,
  background: string,
): PrimaryPalette | null {
  if (!colour || !HEX.test(colour.trim())) return null;
  const main = readableOnBackground(colour.trim(), background);
  return {
    main,
    light: lighten(main, 0.25),
    dark: darken(main, 0.2),
    contrastText: readableTextOn(main),
  };
}
