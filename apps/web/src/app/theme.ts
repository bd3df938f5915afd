import { createTheme, type Theme } from '@mui/material/styles';
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

export function createAppTheme(mode: ThemeMode = DEFAULT_THEME_MODE, options: AppThemeOptions = {}): Theme {
  return createTheme({
    breakpoints: { values: BREAKPOINTS },
    palette: {
      mode,
      contrastThreshold: MIN_CONTRAST,
      primary: primaryPalette(mode, options.primaryColor),
      secondary: paletteColour(BRAND_SECONDARY, mode),
      background: BACKGROUND[mode],
    },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    },
  });
}
