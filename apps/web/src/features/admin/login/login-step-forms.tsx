import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { newPasswordSchema, totpCodeSchema, type LoginAnswer } from '@scheduler/contract/admin/accounts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { FormTextField } from '../shared/components/form-fields';
import { NewPasswordFields, PASSWORDS_DIFFER_MESSAGE } from '../shared/components/new-password-fields';
import { loginPasswordChange, loginTwoFactor } from './login-api';
import { applyFormFieldErrors } from './login-errors';

export interface StepFormProps {
  challenge: string;
  /** The next answer: a session or another step. */
  onAnswer: (answer: LoginAnswer) => Promise<void>;
  onError: (error: unknown) => void;
  onCancel: () => void;
}

const twoFactorFormSchema = z.object({ code: totpCodeSchema });

/** The second step of a sign-in with two-factor on: the 6-digit code of the authenticator app. */
export function TwoFactorStepForm({ challenge, onAnswer, onError, onCancel }: StepFormProps) {
  const { t } = useLingui();
  const { control, handleSubmit, formState, setFocus } = useForm({
    defaultValues: { code: '' },
    resolver: zodResolver(twoFactorFormSchema),
  });
  useEffect(() => setFocus('code'), [setFocus]);
  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await onAnswer(await loginTwoFactor(challenge, code));
    } catch (error) {
      onError(error);
    }
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={t`Two-factor code`}
    >
      <Stack spacing={2}>
        <Typography>
          <Trans>Enter the 6-digit code your authenticator app shows for Scheduler.</Trans>
        </Typography>
        <FormTextField
          control={control}
          name="code"
          label={t`Authentication code`}
          autoComplete="one-time-code"
          required
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9 ]*', maxLength: 7 } }}
        />
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t`Checking…` : t`Verify and sign in`}
        </Button>
        <Button onClick={onCancel}>
          <Trans>Start again</Trans>
        </Button>
      </Stack>
    </Box>
  );
}

const passwordChangeFormSchema = z
  .object({ newPassword: newPasswordSchema, repeatPassword: z.string() })
  .refine((values) => values.newPassword === values.repeatPassword, {
    path: ['repeatPassword'],
    message: PASSWORDS_DIFFER_MESSAGE,
  });

/** The step after an owner forced a reset: the person chooses a new password before going on. */
export function PasswordChangeStepForm({ challenge, onAnswer, onError, onCancel }: StepFormProps) {
  const { t } = useLingui();
  const { control, handleSubmit, formState, setFocus, setError } = useForm({
    defaultValues: { newPassword: '', repeatPassword: '' },
    resolver: zodResolver(passwordChangeFormSchema),
  });
  useEffect(() => setFocus('newPassword'), [setFocus]);
  const onSubmit = handleSubmit(async ({ newPassword }) => {
    try {
      await onAnswer(await loginPasswordChange(challenge, newPassword));
    } catch (error) {
      if (!applyFormFieldErrors(error, setError, ['newPassword', 'repeatPassword'])) onError(error);
    }
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={t`Choose a new password`}
    >
      <Stack spacing={2}>
        <Typography>
          <Trans>Your practice&apos;s owner asked you to choose a new password before you go on.</Trans>
        </Typography>
        <NewPasswordFields control={control} names={['newPassword', 'repeatPassword']} />
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t`Saving…` : t`Save and sign in`}
        </Button>
        <Button onClick={onCancel}>
          <Trans>Start again</Trans>
        </Button>
      </Stack>
    </Box>
  );
}
