import { useSyncExternalStore, type ReactNode } from 'react';
import type { Persistor } from './persistence';

export interface RehydrationWaiter {
  readonly subscribe: (listener: () => void) => () => void;
  readonly getSnapshot: () => boolean;
}

/**
 * Ready when the stored state has been restored (persistence.ts) the stored state, or when `timeoutMs` has passed since
 * creation (then the app renders with whatever state it has; spec: give up after 5000 ms).
 */
export function createRehydrationWaiter(
  persistor: Pick<Persistor, 'getState' | 'subscribe'>,
  timeoutMs: number,
): RehydrationWaiter {
  const listeners = new Set<() => void>();
  let timedOut = false;
  let ready = persistor.getState().bootstrapped;

  const update = (): void => {
    const next = timedOut || persistor.getState().bootstrapped;
    if (next === ready) return;
    ready = next;
    for (const listener of listeners) listener();
  };

  if (!ready) {
    const unsubscribe = persistor.subscribe(() => {
      update();
      if (ready) unsubscribe();
    });
    setTimeout(() => {
      if (ready) return;
      console.info(`state restore: still waiting after ${timeoutMs} ms; rendering without it`);
      timedOut = true;
      update();
    }, timeoutMs);
  }

  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => ready,
  };
}

/** Renders `fallback` until the stored state is restored (or the wait timed out), then `children`. */
export function RehydrationGate({
  waiter,
  fallback,
  children,
}: {
  waiter: RehydrationWaiter;
  fallback: ReactNode;
  children: ReactNode;
}) {
  const ready = useSyncExternalStore(waiter.subscribe, waiter.getSnapshot, waiter.getSnapshot);
  return ready ? children : fallback;
}
