import { createTheme, type Components, type CSSObject, type Theme } from '@mui/material/styles';
import type { CSSProperties } from 'react';
import {
  BACKGROUND,
  BRAND_SECONDARY,
  DEFAULT_THEME_MODE,
  MIN_CONTRAST,
  paletteColour,
  primaryPalette,
  type ThemeMode,
} from './palette';

export * from './palette';

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

export interface AppThemeOptions {
  /** Widget colour (appointment setting 20) replacing the primary colour; ignored unless a hex colour. */
  primaryColor?: string | null | undefined;
}

/** Focus indicator of every control (issue 16): 3 px, in the primary colour (≥ 4.5:1 on the background). */
export const FOCUS_OUTLINE_WIDTH = 3;
/** Smallest touch target on phones (below the `sm` breakpoint), in CSS pixels. */
export const MIN_TARGET_PX = 44;

/**
 * The keyboard focus ring of every Material UI control (Material UI 9's theme-wide `focusVisible`:
 * buttons, icon buttons, checkboxes, radios, switches, chips, links, tabs, menu items …), in the
 * primary colour (≥ 4.5:1 on the background, so ≥ 3:1 as WCAG 2.4.13 / 1.4.11 ask).
 */
export function focusRing(outlineColor: string): CSSProperties {
  return { outlineStyle: 'solid', outlineWidth: FOCUS_OUTLINE_WIDTH, outlineOffset: 2, outlineColor };
}

const phone = (theme: Theme, style: CSSObject): CSSObject => ({ [theme.breakpoints.down('sm')]: style });

const FOCUS_VISIBLE = 'Mui-focusVisible';
const ringOf = (theme: Theme): CSSObject =>
  (theme.focusVisible || focusRing(theme.palette.primary.main)) as CSSObject;

/**
 * Checkbox and radio: Material UI 9 draws the theme's ring on the small icon only (and leaves the
 * control's own box without one), which is hard to see and missed by tools that read the focused
 * control's box. The ring goes around the whole round 40–44 px control instead (issue 16), the
 * icon's own ring is dropped so there is one ring. `theme.focusVisible` so a widget colour follows.
 */
function controlRing(theme: Theme): CSSObject {
  return {
    [`&.${FOCUS_VISIBLE}`]: ringOf(theme),
    [`&.${FOCUS_VISIBLE} svg:first-of-type`]: { outlineStyle: 'none' },
  };
}

/**
 * Component defaults of the whole app: 44 × 44 px targets on phones, sentence-case buttons (the
 * plain buttons of the first page are too), a 3 px border on a focused text field.
 */
export const APP_COMPONENTS: Components<Theme> = {
  MuiButton: {
    styleOverrides: {
      root: ({ theme }) => ({ textTransform: 'none', ...phone(theme, { minHeight: MIN_TARGET_PX }) }),
    },
  },
  MuiIconButton: {
    styleOverrides: {
      root: ({ theme }) => phone(theme, { minWidth: MIN_TARGET_PX, minHeight: MIN_TARGET_PX }),
    },
  },
  MuiCheckbox: {
    // 24 px icon + 2 × 10 px padding = 44 px
    styleOverrides: { root: ({ theme }) => ({ ...controlRing(theme), ...phone(theme, { padding: 10 }) }) },
  },
  MuiRadio: {
    styleOverrides: { root: ({ theme }) => ({ ...controlRing(theme), ...phone(theme, { padding: 10 }) }) },
  },
  MuiSwitch: {
    styleOverrides: {
      switchBase: ({ theme }) => ({
        [`&.${FOCUS_VISIBLE}`]: ringOf(theme),
        [`&.${FOCUS_VISIBLE} ~ .MuiSwitch-track`]: { outlineStyle: 'none' },
      }),
    },
  },
  MuiChip: {
    styleOverrides: {
      root: ({ theme }) =>
        phone(theme, { '&.MuiChip-clickable, &.MuiChip-deletable': { minHeight: MIN_TARGET_PX } }),
    },
  },
  MuiLink: {
    styleOverrides: {
      // Map, phone and e-mail links stand alone in the booking flow: a full-size target on phones.
      root: ({ theme }) =>
        phone(theme, { display: 'inline-flex', alignItems: 'center', minHeight: MIN_TARGET_PX }),
    },
  },
  MuiOutlinedInput: {
    styleOverrides: {
      root: ({ theme }) => ({
        '&.Mui-focused .MuiOutlinedInput-notchedOutline': {
          borderWidth: FOCUS_OUTLINE_WIDTH,
          borderColor: theme.palette.primary.main,
        },
      }),
    },
  },
  MuiInputBase: {
    styleOverrides: {
      root: ({ theme }) => phone(theme, { minHeight: MIN_TARGET_PX }),
    },
  },
};

export function createAppTheme(mode: ThemeMode = DEFAULT_THEME_MODE, options: AppThemeOptions = {}): Theme {
  const primary = primaryPalette(mode, options.primaryColor);
  return createTheme({
    components: APP_COMPONENTS,
    focusVisible: focusRing(primary.main),
    breakpoints: { values: BREAKPOINTS },
    palette: {
      mode,
      contrastThreshold: MIN_CONTRAST,
      primary,
      secondary: paletteColour(BRAND_SECONDARY, mode),
      background: BACKGROUND[mode],
    },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      // One button case across the flow: sentence case, as typed.
      button: { textTransform: 'none' },
    },
  });
}
