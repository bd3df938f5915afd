import { createContext, createElement, useContext, type ComponentType, type ReactNode } from 'react';

/**
 * Lets a feature change the app theme without importing the app: the widget sets its colour
 * (appointment setting 20) as the primary colour; a settings control may switch light/dark.
 */
export interface ThemeControl {
  mode: 'light' | 'dark';
  /** `persist: false` changes the mode for this page only (the widget follows its host page). */
  setMode: (mode: 'light' | 'dark', options?: { persist?: boolean }) => void;
  /** The hex colour replacing the primary colour, or null for the brand colour. */
  primaryColor: string | null;
  /** A hex colour replacing the primary colour, or null for the brand colour. */
  setPrimaryColor: (colour: string | null) => void;
}

export const ThemeControlContext = createContext<ThemeControl | null>(null);

export function useThemeControl(): ThemeControl {
  const control = useContext(ThemeControlContext);
  if (!control) throw new Error('useThemeControl must be used inside the app providers');
  return control;
}

/** A primary colour set for part of the page (the booking shell's widget colour, setting 20). */
export interface PrimaryOverride {
  main: string;
  light: string;
  dark: string;
  contrastText: string;
}

/**
 * The booking shell's widget colour, for the Material UI theme of the screens inside the shell (the
 * shell's own elements take it from CSS variables).
 */
export const PrimaryOverrideContext = createContext<PrimaryOverride | null>(null);

/**
 * The wrapper giving Material UI its theme (the app provides it, loaded on first use). Screens drawn
 * with plain elements (the landing, find appointment) use it only around the parts that load Material
 * UI components on demand (the filters, the dialogs).
 */
export const MuiThemeScopeContext = createContext<ComponentType<{ children: ReactNode }> | null>(null);

/** `children` inside the app's Material UI theme (as they are without it when no app provides one). */
export function WithMuiTheme({ children }: { children: ReactNode }) {
  const Scope = useContext(MuiThemeScopeContext);
  return Scope ? createElement(Scope, null, children) : children;
}
