import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { LoginAnswer, LoginStepResponse } from '@scheduler/contract/admin/accounts';
import { loginRequestSchema } from '@scheduler/contract/admin-auth';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { Link as RouterLink } from '../../../components/app-link';
import { setRemindEmail } from '../state/admin-login-slice';
import { useAdminDispatch, useAdminSelector } from '../state/hooks';
import { FormTextField } from '../shared/components/form-fields';
import { FORGOT_PASSWORD_PATH } from './account-links';
import { isLoginStep, login } from './login-api';
import { returnPath, type LoginLocationState } from './login-helpers';
import { signInErrorMessage } from './login-errors';
import { PasswordChangeStepForm, TwoFactorStepForm } from './login-step-forms';
import { PublicPage } from './public-page';
import { useCompleteSignIn } from './use-complete-sign-in';

interface LoginForm {
  email: string;
  password: string;
}

function CredentialsForm({
  onAnswer,
  onError,
}: {
  onAnswer: (answer: LoginAnswer, email: string, remember: boolean) => Promise<void>;
  onError: (error: unknown) => void;
}) {
  const { t } = useLingui();
  const remembered = useAdminSelector((state) => state.adminLogin.remindEmail);
  const [rememberEmail, setRememberEmail] = useState(remembered !== '');
  const { control, handleSubmit, formState, setFocus } = useForm<LoginForm>({
    defaultValues: { email: remembered, password: '' },
    resolver: zodResolver(loginRequestSchema),
  });
  useEffect(() => {
    setFocus(remembered ? 'password' : 'email');
  }, [remembered, setFocus]);

  const onSubmit = handleSubmit(async (credentials) => {
    try {
      await onAnswer(await login(credentials), credentials.email, rememberEmail);
    } catch (error) {
      onError(error);
    }
  });
  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack spacing={2}>
        <FormTextField
          control={control}
          name="email"
          label={t`E-mail`}
          type="email"
          autoComplete="username"
          required
          fullWidth
        />
        <FormTextField
          control={control}
          name="password"
          label={t`Password`}
          type="password"
          autoComplete="current-password"
          required
          fullWidth
        />
        <FormControlLabel
          control={
            <Checkbox checked={rememberEmail} onChange={(_event, checked) => setRememberEmail(checked)} />
          }
          label={t`Remember my e-mail`}
        />
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t`Signing in…` : t`Sign in`}
        </Button>
        <Link component={RouterLink} to={FORGOT_PASSWORD_PATH} sx={{ alignSelf: 'center' }}>
          <Trans>Forgot your password?</Trans>
        </Link>
      </Stack>
    </Box>
  );
}

/** Sign-in: e-mail and password, then a two-factor code or a new password when the server asks for one. */
export function AdminLoginScreen() {
  const { t } = useLingui();
  const dispatch = useAdminDispatch();
  const location = useLocation();
  const completeSignIn = useCompleteSignIn();
  const locationState = (location.state ?? null) as LoginLocationState | null;
  const [step, setStep] = useState<LoginStepResponse | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (serverError) alertRef.current?.focus();
  }, [serverError]);

  const onAnswer = async (answer: LoginAnswer) => {
    setServerError(null);
    if (isLoginStep(answer)) setStep(answer);
    else await completeSignIn(answer, returnPath(locationState));
  };
  const onError = (error: unknown) => setServerError(signInErrorMessage(error));
  const startAgain = () => {
    setStep(null);
    setServerError(null);
  };

  const expired = locationState?.reason === 'expired';
  const stepProps = { onAnswer, onError, onCancel: startAgain };
  return (
    <PublicPage
      title={t`Sign in`}
      heading={t`Admin login`}
      focusHeading={false}
      intro={
        step?.step === 'two-factor'
          ? t`Two-factor sign-in is on for your account.`
          : t`Sign in to manage your practice's online scheduling.`
      }
    >
      {expired && !serverError && step === null ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          <Trans>Your session has ended. Please sign in again.</Trans>
        </Alert>
      ) : null}
      {serverError ? (
        <Alert severity="error" sx={{ mb: 2 }} ref={alertRef} tabIndex={-1} role="alert">
          {serverError}
        </Alert>
      ) : null}
      {step === null ? (
        <CredentialsForm
          onAnswer={async (answer, email, remember) => {
            dispatch(setRemindEmail(remember ? email : ''));
            await onAnswer(answer);
          }}
          onError={onError}
        />
      ) : step.step === 'two-factor' ? (
        <TwoFactorStepForm key={step.challenge} challenge={step.challenge} {...stepProps} />
      ) : (
        <PasswordChangeStepForm key={step.challenge} challenge={step.challenge} {...stepProps} />
      )}
    </PublicPage>
  );
}
