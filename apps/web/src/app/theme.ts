import { createTheme, darken, getContrastRatio, lighten, type Theme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xs: true;
    xsm: true;
    sm: true;
    smd: true;
    md: true;
    mlg: true;
    lg: true;
    lxl: true;
    xl: true;
  }
}

export type ThemeMode = 'light' | 'dark';

/** Spec section 2: theme mode is read from the stored value named 'mode'; default light. */
export const THEME_MODE_STORAGE_KEY = 'mode';
export const DEFAULT_THEME_MODE: ThemeMode = 'light';

export const BRAND_PRIMARY = '#144F79';
export const BRAND_SECONDARY = '#437294';

/** WCAG 2.x AA for normal text. */
export const MIN_CONTRAST = 4.5;

export const BREAKPOINTS = {
  xs: 0,
  xsm: 400,
  sm: 600,
  smd: 750,
  md: 900,
  mlg: 1050,
  lg: 1200,
  lxl: 1350,
  xl: 1536,
} as const;

const BACKGROUND: Record<ThemeMode, { default: string; paper: string }> = {
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
  const backgroundIsDark = getContrastRatio(background, '#000') < getContrastRatio(background, '#fff');
  let current = colour;
  for (let step = 1; step <= 20 && getContrastRatio(current, background) < minRatio; step += 1) {
    current = backgroundIsDark ? lighten(colour, step * 0.05) : darken(colour, step * 0.05);
  }
  return current;
}

function paletteColour(main: string, mode: ThemeMode) {
  const background = BACKGROUND[mode].default;
  const readable = ensureContrast(main, background);
  return {
    main: readable,
    light: lighten(readable, 0.25),
    dark: darken(readable, 0.25),
    // Light mode: the colour has ≥4.5:1 against white, so white text on it has too; dark mode: the same for black.
    contrastText: mode === 'light' ? '#FFFFFF' : '#000000',
  };
}

export interface AppThemeOptions {
  /** Widget colour (appointment setting 20) replacing the primary colour; ignored unless a hex colour. */
  primaryColor?: string | null | undefined;
}

export function createAppTheme(mode: ThemeMode = DEFAULT_THEME_MODE, options: AppThemeOptions = {}): Theme {
  const primary = isHexColour(options.primaryColor) ? options.primaryColor.trim() : BRAND_PRIMARY;
  return createTheme({
    breakpoints: { values: BREAKPOINTS },
    palette: {
      mode,
      contrastThreshold: MIN_CONTRAST,
      primary: paletteColour(primary, mode),
      secondary: paletteColour(BRAND_SECONDARY, mode),
      background: BACKGROUND[mode],
    },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    },
  });
}
