import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  INVITATION_LIFETIME_HOURS,
  type InvitationCreatedResponse,
} from '@scheduler/contract/admin/accounts';
import { type PracticeUser } from '@scheduler/contract/admin-auth';
import { useId, useState, type ReactNode } from 'react';
import { errorMessageOf } from '../shared/api/admin-request';

/**
 * No e-mail transport is configured: the invitation's link, to pass on to the person (shown once;
 * "resend" makes a new one). A link, never a password.
 */
export function InvitationLinkDialog({
  created,
  onClose,
}: {
  created: InvitationCreatedResponse | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const link = created?.link ?? '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  const close = () => {
    setCopied(null);
    onClose();
  };
  return (
    <Dialog open={created !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        <Trans>Invitation link</Trans>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            <Trans>
              No e-mail is set up for this scheduler, so pass this link on to {created?.invitation.email}{' '}
              yourself (for example in person or by your own e-mail). It works once, for{' '}
              {INVITATION_LIFETIME_HOURS} hours, and is shown only now; resend the invitation to get a new
              one.
            </Trans>
          </DialogContentText>
          <TextField
            label={t`Invitation link`}
            value={link}
            fullWidth
            multiline
            slotProps={{ htmlInput: { readOnly: true } }}
            onFocus={(event) => event.target.select()}
          />
          <div role="status">
            {copied === 'yes' ? (
              <Alert severity="success">
                <Trans>Link copied</Trans>
              </Alert>
            ) : null}
            {copied === 'failed' ? (
              <Alert severity="warning">
                <Trans>Copying is not allowed here: select the link and copy it.</Trans>
              </Alert>
            ) : null}
          </div>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()}>
          <Trans>Copy link</Trans>
        </Button>
        <Button onClick={close} variant="contained">
          <Trans>Done</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export interface ConfirmDialogProps {
  /** The user the action is for; null: the dialog is closed. */
  user: PracticeUser | null;
  pending: boolean;
  error: Error | null;
  onConfirm: (user: PracticeUser) => void;
  onClose: () => void;
}

function ConfirmUserDialog({
  user,
  pending,
  error,
  onConfirm,
  onClose,
  title,
  text,
  confirmLabel,
}: ConfirmDialogProps & { title: string; text: ReactNode; confirmLabel: string }) {
  const titleId = useId();
  return (
    <Dialog open={user !== null} onClose={() => onClose()} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessageOf(error, error.message)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()}>
          <Trans>Cancel</Trans>
        </Button>
        <Button color="error" variant="contained" disabled={pending} onClick={() => user && onConfirm(user)}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Asks before a user loses access to this practice (their account stays for other practices). */
export function RemoveUserDialog(props: ConfirmDialogProps) {
  const { t } = useLingui();
  const name = props.user?.displayName;
  return (
    <ConfirmUserDialog
      {...props}
      title={t`Remove ${name}?`}
      text={t`${name} will no longer be able to sign in to this practice. Their account stays for other practices.`}
      confirmLabel={t`Remove`}
    />
  );
}

/** Asks before every session of the person ends and their next sign-in asks for a new password. */
export function ForceResetDialog(props: ConfirmDialogProps) {
  const { t } = useLingui();
  const name = props.user?.displayName;
  return (
    <ConfirmUserDialog
      {...props}
      title={t`Force ${name} to choose a new password?`}
      text={t`${name} is signed out everywhere. At the next sign-in they must choose a new password themselves; nobody else sees or sets it.`}
      confirmLabel={t`Force password reset`}
    />
  );
}
