/**
 * The three colour functions the app's palettes need (contrast ratio, darken, lighten), for the
 * colours they handle: '#rgb', '#rrggbb' and 'rgb(r, g, b)'. The same arithmetic and output format
 * as Material UI's colorManipulator (@mui/system), whose module would otherwise be part of the
 * booking landing's first script (issue 16); colour.test.ts compares the two.
 */

type Rgb = [number, number, number];

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB = /^rgb\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*\)$/i;

function channels(colour: string): Rgb {
  const hex = HEX.exec(colour);
  if (hex) {
    const digits = hex[1]!;
    const pairs = digits.length === 3 ? [...digits].map((d) => d + d) : digits.match(/../g)!;
    return [parseInt(pairs[0]!, 16), parseInt(pairs[1]!, 16), parseInt(pairs[2]!, 16)];
  }
  const rgb = RGB.exec(colour);
  if (rgb) return [parseFloat(rgb[1]!), parseFloat(rgb[2]!), parseFloat(rgb[3]!)];
  throw new Error(`Unsupported colour: ${colour}`);
}

function rgbText([r, g, b]: Rgb): string {
  return `rgb(${Math.trunc(r)}, ${Math.trunc(g)}, ${Math.trunc(b)})`;
}

function clampCoefficient(value: number): number {
  return Math.min(Math.max(value, 0), 1);
}

/** Relative luminance (WCAG), truncated to 3 digits as Material UI does. */
export function luminance(colour: string): number {
  const [r, g, b] = channels(colour).map((value) => {
    const v = value / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return Number((0.2126 * r + 0.7152 * g + 0.0722 * b).toFixed(3));
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function getContrastRatio(foreground: string, background: string): number {
  const a = luminance(foreground);
  const b = luminance(background);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** `colour` darkened by `coefficient` (0–1): each channel × (1 − coefficient); 'rgb(r, g, b)'. */
export function darken(colour: string, coefficient: number): string {
  const c = clampCoefficient(coefficient);
  return rgbText(channels(colour).map((value) => value * (1 - c)) as Rgb);
}

/** `colour` lightened by `coefficient` (0–1) towards white; 'rgb(r, g, b)'. */
export function lighten(colour: string, coefficient: number): string {
  const c = clampCoefficient(coefficient);
  return rgbText(channels(colour).map((value) => value + (255 - value) * c) as Rgb);
}

/**
 * Darkens (on a light background) or lightens (on a dark one) `colour` in steps of 5 % until it
 * reaches `minRatio` against `background`, so text in that colour, and white/black text on it,
 * stays readable. The original colour when it already does.
 */
export function ensureContrast(colour: string, background: string, minRatio: number): string {
  const backgroundIsDark = getContrastRatio(background, '#000') < getContrastRatio(background, '#fff');
  let current = colour;
  for (let step = 1; step <= 20 && getContrastRatio(current, background) < minRatio; step += 1) {
    current = backgroundIsDark ? lighten(colour, step * 0.05) : darken(colour, step * 0.05);
  }
  return current;
}

/** Relative luminance (WCAG) without rounding: what contrast checkers such as axe compute. */
function exactLuminance(colour: string): number {
  const [r, g, b] = channels(colour).map((value) => {
    const v = value / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The exact WCAG contrast ratio (no rounding of the luminances). */
export function exactContrastRatio(foreground: string, background: string): number {
  const a = exactLuminance(foreground);
  const b = exactLuminance(background);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** `colour` laid over `background` at `amount` (0–1) opacity: what a translucent tint looks like. */
export function mix(colour: string, background: string, amount: number): string {
  const c = clampCoefficient(amount);
  const top = channels(colour);
  const bottom = channels(background);
  return rgbText(top.map((value, index) => value * c + bottom[index]! * (1 - c)) as Rgb);
}

/** The tint of an outlined button under the pointer: its text colour at 4 % (base.css `.btn:hover`). */
export const HOVER_TINT = 0.04;

/**
 * Like ensureContrast, against every surface the colour's text sits on (page and paper), also when
 * a control tints the surface with the colour itself under the pointer (`tint`), by the exact ratio
 * (axe's): `colour` is darkened (light surfaces) or lightened (dark ones) in steps of 5 % until it
 * reaches `minRatio` on all of them. The surfaces are all light or all dark.
 */
export function ensureContrastOnSurfaces(
  colour: string,
  surfaces: readonly string[],
  minRatio: number,
  tint: number = HOVER_TINT,
): string {
  const first = surfaces[0];
  if (first === undefined) return colour;
  const surfacesAreDark = exactContrastRatio(first, '#000') < exactContrastRatio(first, '#fff');
  const reaches = (candidate: string) =>
    surfaces.every(
      (surface) =>
        exactContrastRatio(candidate, surface) >= minRatio &&
        (tint === 0 || exactContrastRatio(candidate, mix(candidate, surface, tint)) >= minRatio),
    );
  let current = colour;
  for (let step = 1; step <= 20 && !reaches(current); step += 1) {
    current = surfacesAreDark ? lighten(colour, step * 0.05) : darken(colour, step * 0.05);
  }
  return current;
}
