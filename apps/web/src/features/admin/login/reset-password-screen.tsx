import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { newPasswordSchema } from '@scheduler/contract/admin/accounts';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { Link as RouterLink } from '../../../components/app-link';
import * as z from 'zod';
import { clearAuthSession } from '../../../lib/auth-session';
import { NewPasswordFields, PASSWORDS_DIFFER_MESSAGE } from '../shared/components/new-password-fields';
import { loginPath } from '../shared/admin-paths';
import { FORGOT_PASSWORD_PATH } from './account-links';
import { linkTokenOf } from './link-token';
import { resetPassword } from './login-api';
import { applyFormFieldErrors, signInErrorMessage } from './login-errors';
import { PublicPage } from './public-page';

const resetFormSchema = z
  .object({ newPassword: newPasswordSchema, repeatPassword: z.string() })
  .refine((values) => values.newPassword === values.repeatPassword, {
    path: ['repeatPassword'],
    message: PASSWORDS_DIFFER_MESSAGE,
  });

/** A link that does not work (none in the URL, used, expired): what to do instead. */
function BadLink({ message }: { message: string }) {
  return (
    <Stack spacing={2}>
      <Alert severity="error" role="alert">
        {message}
      </Alert>
      <Link component={RouterLink} to={FORGOT_PASSWORD_PATH}>
        <Trans>Ask for a new link</Trans>
      </Link>
    </Stack>
  );
}

/**
 * `/admin/reset-password#token=…` (the e-mailed link): choose a new password. Every session of the
 * account ends; the person then signs in with the new password.
 */
export function ResetPasswordScreen() {
  const { t } = useLingui();
  const location = useLocation();
  const token = linkTokenOf(location.hash);
  const [done, setDone] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const { control, handleSubmit, formState, setError } = useForm({
    defaultValues: { newPassword: '', repeatPassword: '' },
    resolver: zodResolver(resetFormSchema),
  });
  useEffect(() => {
    if (done || serverError) statusRef.current?.focus();
  }, [done, serverError]);

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    if (token === null) return;
    setServerError(null);
    try {
      await resetPassword(token, newPassword);
      clearAuthSession(); // the server ended every session of the account
      setDone(true);
    } catch (error) {
      if (!applyFormFieldErrors(error, setError, ['newPassword', 'repeatPassword']))
        setServerError(signInErrorMessage(error));
    }
  });

  let body;
  if (token === null) {
    body = (
      <BadLink
        message={t`This link is not valid. Open the link from the e-mail again, or ask for a new one.`}
      />
    );
  } else if (done) {
    body = (
      <Stack spacing={2}>
        <Alert severity="success" ref={statusRef} tabIndex={-1} role="status">
          <Trans>Your password has been changed, and every session of your account was signed out.</Trans>
        </Alert>
        <Button component={RouterLink} to={loginPath()} variant="contained" size="large">
          <Trans>Sign in</Trans>
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack spacing={2}>
          {serverError ? (
            <Alert severity="error" ref={statusRef} tabIndex={-1} role="alert">
              {serverError}{' '}
              <Link component={RouterLink} to={FORGOT_PASSWORD_PATH}>
                <Trans>Ask for a new link</Trans>
              </Link>
            </Alert>
          ) : null}
          <NewPasswordFields control={control} names={['newPassword', 'repeatPassword']} />
          <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? t`Saving…` : t`Save the new password`}
          </Button>
        </Stack>
      </Box>
    );
  }
  return (
    <PublicPage
      title={t`Choose a new password`}
      intro={done ? undefined : t`The link works once, for one hour.`}
      noReferrer
    >
      {body}
    </PublicPage>
  );
}
