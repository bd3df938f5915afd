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
  createPartnerRequestSchema,
  PARTNER_TOKEN_LIFETIME_SECONDS,
  type CreatePartnerResponse,
  type PartnerClient,
} from '@scheduler/contract/admin/partners';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api-client';
import { fieldErrorsOf } from '../../../lib/api-errors';
import { errorMessageOf } from '../shared/api/admin-request';
import { SaveErrorAlert } from '../shared/components/save-feedback';
import { staffText } from '../shared/contract-texts';
import { useAdminParams } from '../shared/use-admin-params';
import { CopyField } from './copy-field';
import { createPartner } from './open-availability-api';

const nameSchema = createPartnerRequestSchema.pick({ name: true });

/** "Add partner": its name; the answer (with the secret, once) goes to `onCreated`. */
export function AddPartnerDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: CreatePartnerResponse) => void;
}) {
  const { t } = useLingui();
  const { clientId } = useAdminParams();
  const titleId = useId();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (value: string) => createPartner(clientId, value),
    onSuccess: onCreated,
    onError: (error) => {
      const field = isApiError(error)
        ? fieldErrorsOf(error.body).find((item) => item.path === 'name')
        : undefined;
      if (field) setNameError(staffText(field.message));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = nameSchema.safeParse({ name });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setNameError(issue ? staffText(issue) : t`Enter a name for the partner`);
      return;
    }
    create.mutate(parsed.data.name);
  };
  const showSaveError = create.isError && nameError === null;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>
          <Trans>Add partner</Trans>
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              <Trans>
                The partner gets a client id and a secret to ask for access tokens. The secret is shown once,
                right after you add the partner.
              </Trans>
            </DialogContentText>
            <TextField
              label={t`Partner name`}
              required
              autoFocus
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setNameError(null);
              }}
              error={nameError !== null}
              helperText={nameError ?? t`For example the health system or app, as your staff know it.`}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <SaveErrorAlert error={showSaveError ? create.error : null} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {create.isPending ? t`Adding…` : t`Add partner`}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The new client's id and secret: the only time the secret is shown. */
export function PartnerSecretDialog({
  created,
  onClose,
}: {
  created: CreatePartnerResponse | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const minutes = String(PARTNER_TOKEN_LIFETIME_SECONDS / 60);
  return (
    <Dialog open={created !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {created ? t`${created.partner.name} is added` : t`Partner added`}
      </DialogTitle>
      <DialogContent>
        {created ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert severity="warning">
              <Trans>
                Copy the client secret now and give it to the partner safely. It is shown only this once: we
                keep no copy of it. If it is lost, revoke this partner and add a new one.
              </Trans>
            </Alert>
            <CopyField label={t`Client id`} value={created.partner.clientIdentifier} />
            <CopyField label={t`Client secret`} value={created.clientSecret} />
            <CopyField
              label={t`Token URL`}
              value={created.tokenUrl}
              helperText={t`Access tokens last ${minutes} minutes.`}
            />
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          <Trans>I have copied the secret</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Asks before a partner loses access (immediately: no new token, issued tokens stop working). */
export function RevokePartnerDialog({
  partner,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  partner: PartnerClient | null;
  pending: boolean;
  error: unknown;
  onConfirm: (partner: PartnerClient) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const titleId = useId();
  return (
    <Dialog open={partner !== null} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{partner ? t`Revoke ${partner.name}?` : t`Revoke this partner?`}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          <Trans>
            {partner?.name} can no longer get access tokens, its tokens stop working at once and the times it
            holds are released. Appointments it booked stay. This cannot be undone.
          </Trans>
        </DialogContentText>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessageOf(error, t`The partner could not be revoked. Please try again.`)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={pending || partner === null}
          onClick={() => partner && onConfirm(partner)}
        >
          {pending ? t`Revoking…` : t`Revoke`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
