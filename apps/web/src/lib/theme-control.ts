import { createContext, useContext } from 'react';

/**
 * Lets a feature change the app theme without importing the app: the widget sets its colour
 * (appointment setting 20) as the primary colour; a settings control may switch light/dark.
 */
export interface ThemeControl {
  mode: 'light' | 'dark';
  /** `persist: false` changes the mode for this page only (the widget follows its host page). */
  setMode: (mode: 'light' | 'dark', options?: { persist?: boolean }) => void;
  /** A hex colour replacing the primary colour, or null for the brand colour. */
  setPrimaryColor: (colour: string | null) => void;
}

export const ThemeControlContext = createContext<ThemeControl | null>(null);

export function useThemeControl(): ThemeControl {
  const control = useContext(ThemeControlContext);
  if (!control) throw new Error('useThemeControl must be used inside the app providers');
  return control;
}
