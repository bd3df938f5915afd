import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react';

/**
 * A query client given to AppProviders (tests give each render its own); without one the screens use
 * the app's shared client. Only the type of TanStack Query is imported here: the library loads with
 * the first screen that needs it (every screen but the booking landing).
 */
export const AppQueryClientContext = createContext<QueryClient | null>(null);
