import { THEME_ID, type Theme } from '@mui/material/styles';
import { ThemeProvider } from '@mui/system';
import { use, useMemo, type ComponentType, type ReactNode } from 'react';
import { PrimaryOverrideContext, ThemeControlContext, type PrimaryOverride } from '../lib/theme-control';
import { createAppTheme, DEFAULT_THEME_MODE, type ThemeMode } from './theme';

/**
 * Material UI's theme around a screen that uses its components. The first page (the booking
 * landing) uses none: its shell is drawn with plain elements and base.css, so Material UI and
 * Emotion load with the first screen that needs them (this module is imported with the screen).
 */
const themes = new Map<string, Theme>();

function themeFor(mode: ThemeMode, primaryColor: string | null, override: PrimaryOverride | null): Theme {
  const key = JSON.stringify([mode, primaryColor, override]);
  let theme = themes.get(key);
  if (!theme) {
    const base = createAppTheme(mode, { primaryColor });
    theme = override
      ? {
          ...base,
          palette: { ...base.palette, primary: { ...base.palette.primary, ...override } },
          // the focus ring follows the widget colour (same outline, other colour)
          focusVisible: base.focusVisible
            ? { ...base.focusVisible, outlineColor: override.main }
            : base.focusVisible,
        }
      : base;
    themes.set(key, theme);
  }
  return theme;
}

export function MuiScope({ children }: { children: ReactNode }) {
  const control = use(ThemeControlContext);
  const override = use(PrimaryOverrideContext);
  const mode = control?.mode ?? DEFAULT_THEME_MODE;
  const primaryColor = control?.primaryColor ?? null;
  const theme = useMemo(() => themeFor(mode, primaryColor, override), [mode, primaryColor, override]);
  return (
    // The system provider scoped to Material UI's theme id: the same as Material's ThemeProvider for a
    // theme without CSS variables, without bundling the CSS-variables provider. (CssBaseline's rules
    // are in base.css, for every page.)
    <ThemeProvider themeId={THEME_ID} theme={theme}>
      {children}
    </ThemeProvider>
  );
}

/** `Screen` inside a MuiScope (the lazy screens of the router load this module with their own code). */
export function withMuiScope<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  function WithMuiScope(props: P) {
    return (
      <MuiScope>
        <Screen {...props} />
      </MuiScope>
    );
  }
  WithMuiScope.displayName = `WithMuiScope(${Screen.displayName ?? Screen.name})`;
  return WithMuiScope;
}
