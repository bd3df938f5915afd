import { QueryClientProvider } from '@tanstack/react-query';
import { use, type ComponentType, type ReactNode } from 'react';
import { AppQueryClientContext } from './query-client-context';
import { sharedQueryClient } from './query-client';

/** TanStack Query's provider around a screen: the client given to AppProviders, else the shared one. */
export function QueryScope({ children }: { children: ReactNode }) {
  const client = use(AppQueryClientContext) ?? sharedQueryClient();
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** `Screen` inside a QueryScope (the lazy screens of the router load this module with their own code). */
export function withQueryScope<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  function WithQueryScope(props: P) {
    return (
      <QueryScope>
        <Screen {...props} />
      </QueryScope>
    );
  }
  WithQueryScope.displayName = `WithQueryScope(${Screen.displayName ?? Screen.name})`;
  return WithQueryScope;
}
