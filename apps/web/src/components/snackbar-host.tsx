import { SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { markNotificationHostMounted } from '../lib/notify';

/** Spec: at most one notification is visible at a time. */
export const MAX_SNACKS = 1;

/**
 * notistack's provider, mounted beside the app on the first `notify()` (see lib/notify). Show
 * notifications with `notify()` or notistack's standalone `enqueueSnackbar`, not `useSnackbar()`.
 */
export function SnackbarHost() {
  useEffect(() => {
    markNotificationHostMounted();
  }, []);
  return (
    <SnackbarProvider maxSnack={MAX_SNACKS} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} />
  );
}
