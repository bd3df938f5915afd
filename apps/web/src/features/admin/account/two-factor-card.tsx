import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AccountResponse, TwoFactorEnrolResponse } from '@scheduler/contract/admin/accounts';
import { useState } from 'react';
import { DisableTwoFactorForm, EnrolPasswordForm, ConfirmCodeForm } from './two-factor-forms';

type Stage = 'idle' | 'password' | 'confirm' | 'disable';

/**
 * Two-factor sign-in (TOTP): set up (current password → QR code and key → a code from the app
 * confirms it), or turn off (current password and a code).
 */
export function TwoFactorCard({ account }: { account: AccountResponse }) {
  const { t } = useLingui();
  const [stage, setStage] = useState<Stage>('idle');
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolResponse | null>(null);
  const close = () => {
    setStage('idle');
    setEnrolment(null);
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="two-factor-title" sx={{ p: 2 }}>
      <Typography id="two-factor-title" variant="h6" component="h2" gutterBottom>
        <Trans>Two-factor sign-in</Trans>
      </Typography>
      {account.twoFactorRequired ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <Trans>This practice requires owners to use two-factor sign-in. Set it up to continue.</Trans>
        </Alert>
      ) : null}
      <Typography sx={{ mb: 2 }} role="status">
        {account.twoFactorEnabled
          ? t`On: signing in asks for a code from your authenticator app.`
          : t`Off: signing in asks only for your password.`}
      </Typography>
      {stage === 'idle' ? (
        <Stack direction="row" spacing={1}>
          {account.twoFactorEnabled ? (
            <Button variant="outlined" color="error" onClick={() => setStage('disable')}>
              <Trans>Turn off two-factor sign-in</Trans>
            </Button>
          ) : (
            <Button variant="contained" onClick={() => setStage('password')}>
              <Trans>Set up two-factor sign-in</Trans>
            </Button>
          )}
        </Stack>
      ) : null}
      {stage === 'password' ? (
        <EnrolPasswordForm
          onEnrolled={(answer) => {
            setEnrolment(answer);
            setStage('confirm');
          }}
          onCancel={close}
        />
      ) : null}
      {stage === 'confirm' && enrolment ? (
        <ConfirmCodeForm enrolment={enrolment} onDone={close} onCancel={close} />
      ) : null}
      {stage === 'disable' ? <DisableTwoFactorForm onDone={close} onCancel={close} /> : null}
    </Paper>
  );
}
