import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { markNotificationHostMounted } from '../lib/notify';

/** Spec: at most one notification is visible at a time. */
export const MAX_SNACKS = 1;

/**
 * notistack's default success, warning and info colours give white text a contrast below 4.5:1
 * (WCAG AA); these darker shades keep every variant at 4.5:1 or more.
 */
const AccessibleContent = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
  '&.notistack-MuiContent-error': { backgroundColor: '#c62828' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#a15c00' },
  '&.notistack-MuiContent-info': { backgroundColor: '#0b5fa5' },
});

const components = {
  default: AccessibleContent,
  success: AccessibleContent,
  error: AccessibleContent,
  warning: AccessibleContent,
  info: AccessibleContent,
};

/**
 * notistack's provider, mounted beside the app on the first `notify()` (see lib/notify). Show
 * notifications with `notify()` or notistack's standalone `enqueueSnackbar`, not `useSnackbar()`.
 */
export function SnackbarHost() {
  useEffect(() => {
    markNotificationHostMounted();
  }, []);
  return (
    <SnackbarProvider
      maxSnack={MAX_SNACKS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      Components={components}
    />
  );
}
