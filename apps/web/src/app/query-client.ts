import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client';

const MAX_RETRIES = 2;

/** Server data lives in the query cache (not Redux). Client errors (4xx) and cancellations are not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isApiError(error)) {
            if (error.cancelled) return false;
            if (error.status !== null && error.status >= 400 && error.status < 500) return false;
          }
          return failureCount < MAX_RETRIES;
        },
      },
      mutations: { retry: false },
    },
  });
}

let shared: QueryClient | null = null;

/** The app's query client (server state lives only here: the booking prefetch fills it, every screen reads it). */
export function sharedQueryClient(): QueryClient {
  shared ??= createQueryClient();
  return shared;
}
