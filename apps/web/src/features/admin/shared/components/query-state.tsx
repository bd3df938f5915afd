import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessageOf } from '../api/admin-request';

/** A polite "Loading …" with a spinner, for a part of a screen. */
export function LoadingBlock({ label }: { label?: string }) {
  const { t } = useLingui();
  return (
    <Box
      role="status"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 4, justifyContent: 'center' }}
    >
      <CircularProgress size={24} aria-hidden="true" />
      <span>{label ?? t`Loading…`}</span>
    </Box>
  );
}

/** A failed load: the server's message and a retry button. */
export function ErrorBlock({
  error,
  onRetry,
  what,
}: {
  error: unknown;
  onRetry?: () => void;
  what?: string;
}) {
  const { t } = useLingui();
  return (
    <Alert
      severity="error"
      sx={{ my: 2 }}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        ) : undefined
      }
    >
      {what ? `${t`We could not load ${what}.`} ` : ''}
      {errorMessageOf(error)}
    </Alert>
  );
}
