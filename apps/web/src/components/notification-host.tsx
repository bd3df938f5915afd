import { Suspense, lazy, useSyncExternalStore } from 'react';
import { notificationHostStore } from '../lib/notify';

const SnackbarHost = lazy(async () => ({ default: (await import('./snackbar-host')).SnackbarHost }));

/** Renders nothing until the first notification is asked for; then loads and mounts the snackbar host. */
export function NotificationHost() {
  const requested = useSyncExternalStore(
    notificationHostStore.subscribe,
    notificationHostStore.getSnapshot,
    notificationHostStore.getSnapshot,
  );
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <SnackbarHost />
    </Suspense>
  );
}
