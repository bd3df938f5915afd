import { darken, ensureContrast as reachContrast, ensureContrastOnSurfaces, lighten } from '../lib/colour';

/**
 * The app's colours and the stored light/dark mode, without Material UI's theme: the first page's
 * shell (booking landing) is drawn with plain elements and the static stylesheet (base.css), whose
 * colours are CSS variables set from these values; the theme (theme.ts) is built from the same
 * values for the screens that use Material UI components.
 */

export type ThemeMode = 'light' | 'dark';

/** Spec section 2: theme mode is read from the stored value named 'mode'; default light. */
export const THEME_MODE_STORAGE_KEY = 'mode';
export const DEFAULT_THEME_MODE: ThemeMode = 'light';

export const BRAND_PRIMARY = '#144F79';
export const BRAND_SECONDARY = '#437294';

/** WCAG 2.x AA for normal text. */
export const MIN_CONTRAST = 4.5;

export const BACKGROUND: Record<ThemeMode, { default: string; paper: string }> = {
  light: { default: '#FFFFFF', paper: '#FFFFFF' },
  dark: { default: '#121212', paper: '#1E1E1E' },
};

export function readStoredMode(storage: Pick<Storage, 'getItem'> | null = safeLocalStorage()): ThemeMode {
  try {
    return storage?.getItem(THEME_MODE_STORAGE_KEY) === 'dark' ? 'dark' : DEFAULT_THEME_MODE;
  } catch {
    return DEFAULT_THEME_MODE;
  }
}

export function storeMode(
  mode: ThemeMode,
  storage: Pick<Storage, 'setItem'> | null = safeLocalStorage(),
): void {
  try {
    storage?.setItem(THEME_MODE_STORAGE_KEY, mode);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColour(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOUR.test(value.trim());
}

/**
 * Darkens (on a light background) or lightens (on a dark one) `colour` until it reaches `minRatio`
 * against `background`, so text in that colour, and white/black text on it, stays readable.
 */
export function ensureContrast(colour: string, background: string, minRatio: number = MIN_CONTRAST): string {
  return reachContrast(colour, background, minRatio);
}

export interface PaletteColour {
  main: string;
  light: string;
  dark: string;
  contrastText: string;
}

export function paletteColour(main: string, mode: ThemeMode): PaletteColour {
  const { default: background, paper } = BACKGROUND[mode];
  // Readable as text on the page and on paper, also under an outlined button's hover tint (exact ratio, as axe).
  const readable = ensureContrastOnSurfaces(main, [background, paper], MIN_CONTRAST);
  // Light mode: the colour has ≥4.5:1 against white, so white text on it has too; dark mode: the same for black.
  const contrastText = mode === 'light' ? '#FFFFFF' : '#000000';
  return {
    main: readable,
    light: lighten(readable, 0.25),
    // A contained button's hover: darker, but never so dark that black text on it drops below AA.
    dark: ensureContrastOnSurfaces(darken(readable, 0.25), [contrastText], MIN_CONTRAST, 0),
    contrastText,
  };
}

/** The primary colour of the app theme: the given hex colour (the widget's), else the brand colour. */
export function primaryPalette(mode: ThemeMode, primaryColor?: string | null): PaletteColour {
  return paletteColour(isHexColour(primaryColor) ? primaryColor.trim() : BRAND_PRIMARY, mode);
}

/** The CSS variables of base.css for a primary colour. */
export function primaryVariables(primary: PaletteColour): Record<string, string> {
  return {
    '--primary-main': primary.main,
    '--primary-light': primary.light,
    '--primary-dark': primary.dark,
    '--primary-contrast': primary.contrastText,
  };
}
