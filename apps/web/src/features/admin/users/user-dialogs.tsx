import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { type AddUserResponse, type PracticeUser } from '@scheduler/contract/admin-auth';
import { useId } from 'react';

/** Shows a new account's temporary password once (open while `added` is set). */
export function TemporaryPasswordDialog({
  added,
  onClose,
}: {
  added: AddUserResponse | null;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={added !== null} onClose={() => onClose()} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Temporary password</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Give this temporary password to {added?.user.displayName} ({added?.user.email}). It is shown only
          once.
        </DialogContentText>
        <Typography
          component="p"
          sx={{ fontFamily: 'monospace', fontSize: '1.2rem', my: 2, userSelect: 'all' }}
        >
          {added?.temporaryPassword}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()} variant="contained">
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export interface RemoveUserDialogProps {
  /** The user to remove; null: the dialog is closed. */
  removing: PracticeUser | null;
  pending: boolean;
  error: Error | null;
  onConfirm: (user: PracticeUser) => void;
  onClose: () => void;
}

/** Asks before a user loses access to this practice (their account stays for other practices). */
export function RemoveUserDialog({ removing, pending, error, onConfirm, onClose }: RemoveUserDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={removing !== null} onClose={() => onClose()} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Remove {removing?.displayName}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {removing?.displayName} will no longer be able to sign in to this practice. Their account stays for
          other practices.
        </DialogContentText>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error.message}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          disabled={pending}
          onClick={() => removing && onConfirm(removing)}
        >
          Remove
        </Button>
      </DialogActions>
    </Dialog>
  );
}
