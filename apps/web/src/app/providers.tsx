import CssBaseline from '@mui/material/CssBaseline';
import { THEME_ID } from '@mui/material/styles';
import { ThemeProvider } from '@mui/system';
import type { QueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { LoadingScreen } from '../components/loading-screen';
import { NotificationHost } from '../components/notification-host';
import { ThemeControlContext, type ThemeControl } from '../lib/theme-control';
import { AppQueryClientContext } from './query-client-context';
import { RehydrationGate, type RehydrationWaiter } from './rehydration-gate';
import type { AppStore } from './store';
import { createAppTheme, readStoredMode, storeMode, type ThemeMode } from './theme';

function AppThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(() => readStoredMode());
  const [primaryColor, setPrimaryColor] = useState<string | null>(null);
  const theme = useMemo(() => createAppTheme(mode, { primaryColor }), [mode, primaryColor]);
  const control = useMemo<ThemeControl>(
    () => ({
      mode,
      setMode: (next, options) => {
        if (options?.persist !== false) storeMode(next);
        setModeState(next);
      },
      setPrimaryColor,
    }),
    [mode],
  );
  return (
    <ThemeControlContext value={control}>
      {/* The system provider scoped to Material UI's theme id: the same as Material's ThemeProvider for a
          theme without CSS variables, without bundling the CSS-variables provider. */}
      <ThemeProvider themeId={THEME_ID} theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ThemeControlContext>
  );
}

export interface AppProvidersProps {
  store: AppStore;
  waiter: RehydrationWaiter;
  /** Tests give each render its own; the app leaves it out (the screens use the shared client). */
  queryClient?: QueryClient | undefined;
  children: ReactNode;
}

export function AppProviders({ store, waiter, queryClient, children }: AppProvidersProps) {
  return (
    <ReduxProvider store={store}>
      <AppQueryClientContext value={queryClient ?? null}>
        <AppThemeProvider>
          <RehydrationGate waiter={waiter} fallback={<LoadingScreen />}>
            {children}
          </RehydrationGate>
          <NotificationHost />
        </AppThemeProvider>
      </AppQueryClientContext>
    </ReduxProvider>
  );
}
