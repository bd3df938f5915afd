import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { WaitlistEntry } from '@scheduler/contract/admin/waitlist';
import { useId } from 'react';
import { errorMessageOf } from '../shared/api/admin-request';

export interface RemoveEntryDialogProps {
  /** The entry to remove; null: the dialog is closed. */
  entry: WaitlistEntry | null;
  pending: boolean;
  error: unknown;
  onConfirm: (entry: WaitlistEntry) => void;
  onClose: () => void;
}

/** Asks before an entry leaves the waitlist (it is kept with the status removed). */
export function RemoveEntryDialog({ entry, pending, error, onConfirm, onClose }: RemoveEntryDialogProps) {
  const { t } = useLingui();
  const titleId = useId();
  const name = `${entry?.firstName ?? ''} ${entry?.lastName ?? ''}`;
  const service = entry?.service?.name;
  const location = entry?.location?.name;
  return (
    <Dialog open={entry !== null} onClose={() => (pending ? undefined : onClose())} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        <Trans>Remove {name} from the waitlist?</Trans>
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {service && location ? (
            <Trans>
              {name} will no longer be listed as waiting for {service} at {location}. The entry is kept with
              the status removed.
            </Trans>
          ) : service ? (
            <Trans>
              {name} will no longer be listed as waiting for {service}. The entry is kept with the status
              removed.
            </Trans>
          ) : location ? (
            <Trans>
              {name} will no longer be listed as waiting at {location}. The entry is kept with the status
              removed.
            </Trans>
          ) : (
            <Trans>
              {name} will no longer be listed as waiting. The entry is kept with the status removed.
            </Trans>
          )}
        </DialogContentText>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessageOf(error, t`The entry could not be removed. Please try again.`)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()} disabled={pending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={pending}
          onClick={() => {
            if (entry) onConfirm(entry);
          }}
        >
          {pending ? t`Removing…` : t`Remove`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
