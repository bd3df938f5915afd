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
  const titleId = useId();
  return (
    <Dialog open={entry !== null} onClose={() => (pending ? undefined : onClose())} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        Remove {entry?.firstName} {entry?.lastName} from the waitlist?
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {entry?.firstName} {entry?.lastName} will no longer be listed as waiting
          {entry?.service ? ` for ${entry.service.name}` : ''}
          {entry?.location ? ` at ${entry.location.name}` : ''}. The entry is kept with the status removed.
        </DialogContentText>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessageOf(error, 'The entry could not be removed. Please try again.')}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()} disabled={pending}>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={pending}
          onClick={() => {
            if (entry) onConfirm(entry);
          }}
        >
          {pending ? 'Removing…' : 'Remove'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
