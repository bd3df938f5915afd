import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { forgotPasswordRequestSchema } from '@scheduler/contract/admin/accounts';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from '../../../components/app-link';
import { FormTextField } from '../shared/components/form-fields';
import { loginPath } from '../shared/admin-paths';
import { applyFormFieldErrors, signInErrorMessage } from './login-errors';
import { requestPasswordReset } from './login-api';
import { PublicPage } from './public-page';

/**
 * `/admin/forgot-password`: asks for a reset link. The answer is the same whether or not an account
 * uses the address (the server's message; it sends the e-mail only when one does).
 */
export function ForgotPasswordScreen() {
  const { t } = useLingui();
  const [answer, setAnswer] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const { control, handleSubmit, formState, setError } = useForm({
    defaultValues: { email: '' },
    resolver: zodResolver(forgotPasswordRequestSchema),
  });
  useEffect(() => {
    if (answer || serverError) statusRef.current?.focus();
  }, [answer, serverError]);

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(null);
    try {
      const sent = await requestPasswordReset(email);
      // The contract's FORGOT_PASSWORD_MESSAGE when the server gives none.
      setAnswer(
        sent.message ||
          t`If an account uses this address, we have sent it a link to choose a new password. The link works once, for one hour.`,
      );
    } catch (error) {
      if (!applyFormFieldErrors(error, setError, ['email'])) setServerError(signInErrorMessage(error));
    }
  });

  return (
    <PublicPage
      title={t`Forgot your password`}
      heading={t`Forgot your password?`}
      intro={t`Enter the e-mail address you sign in with. We will send it a link to choose a new password.`}
    >
      {answer ? (
        <Alert severity="success" ref={statusRef} tabIndex={-1} role="status" sx={{ mb: 2 }}>
          {answer}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
          <Stack spacing={2}>
            {serverError ? (
              <Alert severity="error" ref={statusRef} tabIndex={-1} role="alert">
                {serverError}
              </Alert>
            ) : null}
            <FormTextField
              control={control}
              name="email"
              label={t`E-mail`}
              type="email"
              autoComplete="email"
              required
              fullWidth
            />
            <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? t`Sending…` : t`Send me a link`}
            </Button>
          </Stack>
        </Box>
      )}
      <Link component={RouterLink} to={loginPath()} sx={{ display: 'block', mt: 2, textAlign: 'center' }}>
        <Trans>Back to sign-in</Trans>
      </Link>
    </PublicPage>
  );
}
