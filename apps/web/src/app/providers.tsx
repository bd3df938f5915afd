import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { LoadingScreen } from '../components/loading-screen';
import { LocaleGate } from '../i18n/locale-gate';
import { NotificationHost } from '../components/notification-host';
import { MuiThemeScopeContext, ThemeControlContext, type ThemeControl } from '../lib/theme-control';
import { primaryPalette, primaryVariables, readStoredMode, storeMode, type ThemeMode } from './palette';
import { sharedQueryClient } from './query-client';
import { RehydrationGate, type RehydrationWaiter } from './rehydration-gate';
import type { AppStore } from './store';

/**
 * The light/dark mode and the primary colour: base.css draws the page from CSS variables chosen by
 * `data-mode` on the root element and the primary colour's variables set here; the screens that use
 * Material UI build its theme from the same control (mui-scope.tsx).
 */
function AppThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(() => readStoredMode());
  const [primaryColor, setPrimaryColor] = useState<string | null>(null);
  const control = useMemo<ThemeControl>(
    () => ({
      mode,
      setMode: (next, options) => {
        if (options?.persist !== false) storeMode(next);
        setModeState(next);
      },
      primaryColor,
      setPrimaryColor,
    }),
    [mode, primaryColor],
  );
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.dataset.mode = mode;
    for (const [name, value] of Object.entries(primaryVariables(primaryPalette(mode, primaryColor))))
      root.style.setProperty(name, value);
  }, [mode, primaryColor]);
  return (
    <ThemeControlContext value={control}>
      <MuiThemeScopeContext value={LazyMuiScope}>{children}</MuiThemeScopeContext>
    </ThemeControlContext>
  );
}

/** Material UI's theme, loaded with the first part of a plain screen that needs it (see WithMuiTheme). */
const LazyMuiScope = lazy(async () => ({ default: (await import('./mui-scope')).MuiScope }));

export interface AppProvidersProps {
  store: AppStore;
  waiter: RehydrationWaiter;
  /** Tests give each render its own; the app leaves it out (the shared client, which the prefetch fills). */
  queryClient?: QueryClient | undefined;
  children: ReactNode;
}

export function AppProviders({ store, waiter, queryClient, children }: AppProvidersProps) {
  return (
    <ReduxProvider store={store}>
      <QueryClientProvider client={queryClient ?? sharedQueryClient()}>
        <AppThemeProvider>
          <RehydrationGate waiter={waiter} fallback={<LoadingScreen />}>
            <LocaleGate fallback={<LoadingScreen />}>{children}</LocaleGate>
          </RehydrationGate>
          <NotificationHost />
        </AppThemeProvider>
      </QueryClientProvider>
    </ReduxProvider>
  );
}
