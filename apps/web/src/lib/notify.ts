import type { OptionsObject, SnackbarKey } from 'notistack';

/**
 * Notifications without notistack in the first page's script: the host (notistack's provider,
 * max one visible) is mounted on the first `notify()` call, then the message is shown.
 */

export type NotifyVariant = 'default' | 'success' | 'error' | 'warning' | 'info';

let hostRequested = false;
const listeners = new Set<() => void>();
let resolveHostMounted: () => void = () => undefined;
const hostMounted = new Promise<void>((resolve) => {
  resolveHostMounted = resolve;
});

/** For the host placeholder (useSyncExternalStore): has anyone asked for a notification yet? */
export const notificationHostStore = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  getSnapshot: (): boolean => hostRequested,
};

/** Called by the host once notistack's provider is mounted. */
export function markNotificationHostMounted(): void {
  resolveHostMounted();
}

function requestHost(): void {
  if (hostRequested) return;
  hostRequested = true;
  for (const listener of listeners) listener();
}

/** Shows a notification (one at a time: a new one replaces the visible one). */
export async function notify(
  message: string,
  variant: NotifyVariant = 'default',
  options: Omit<OptionsObject, 'variant'> = {},
): Promise<SnackbarKey> {
  requestHost();
  const [{ enqueueSnackbar }] = await Promise.all([import('notistack'), hostMounted]);
  return enqueueSnackbar(message, { ...options, variant });
}
