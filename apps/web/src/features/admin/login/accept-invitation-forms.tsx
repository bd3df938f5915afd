import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { newPasswordSchema, type InvitationLookupResponse } from '@scheduler/contract/admin/accounts';
import { DISPLAY_NAME_MAX_LENGTH } from '@scheduler/contract/admin-auth';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { FormTextField } from '../shared/components/form-fields';
import { NewPasswordFields, PASSWORDS_DIFFER_MESSAGE } from '../shared/components/new-password-fields';
import { acceptInvitation } from './login-api';
import { applyFormFieldErrors, signInErrorMessage } from './login-errors';
import { useCompleteSignIn } from './use-complete-sign-in';

/** A server refusal shown above a form, focused when it appears. */
export function FocusedError({ message }: { message: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <Alert severity="error" ref={ref} tabIndex={-1} role="alert">
      {message}
    </Alert>
  );
}

const newAccountFormSchema = z
  .object({
    displayName: z
      .string()
      .trim()
      .min(1, { error: () => t`Enter your name` })
      .max(DISPLAY_NAME_MAX_LENGTH, {
        error: () => t`Keep the name to ${DISPLAY_NAME_MAX_LENGTH} characters or fewer`,
      }),
    password: newPasswordSchema,
    repeatPassword: z.string(),
  })
  .refine((values) => values.password === values.repeatPassword, {
    path: ['repeatPassword'],
    message: PASSWORDS_DIFFER_MESSAGE,
  });

/** A person without an account: their own name and password (nobody else ever chooses or sees it). */
export function NewAccountForm({
  token,
  invitation,
}: {
  token: string;
  invitation: InvitationLookupResponse;
}) {
  const { t } = useLingui();
  const completeSignIn = useCompleteSignIn();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, formState, setError } = useForm({
    defaultValues: { displayName: '', password: '', repeatPassword: '' },
    resolver: zodResolver(newAccountFormSchema),
  });
  const onSubmit = handleSubmit(async ({ displayName, password }) => {
    setServerError(null);
    try {
      const answer = await acceptInvitation(token, { displayName, password });
      if (answer.token === null || answer.expiresAt === null) {
        setServerError(t`Your account is ready. Please sign in.`);
        return;
      }
      await completeSignIn(
        { token: answer.token, expiresAt: answer.expiresAt, session: answer.session },
        '/',
      );
    } catch (error) {
      if (!applyFormFieldErrors(error, setError, ['displayName', 'password', 'repeatPassword']))
        setServerError(signInErrorMessage(error));
    }
  });
  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack spacing={2}>
        <FocusedError message={serverError} />
        <TextField
          label={t`E-mail`}
          type="email"
          value={invitation.email}
          autoComplete="username"
          fullWidth
          slotProps={{ htmlInput: { readOnly: true } }}
          helperText={t`You will sign in with this address.`}
        />
        <FormTextField
          control={control}
          name="displayName"
          label={t`Your name`}
          autoComplete="name"
          required
          fullWidth
          maxLength={DISPLAY_NAME_MAX_LENGTH}
        />
        <NewPasswordFields
          control={control}
          names={['password', 'repeatPassword']}
          labels={[t`Choose a password`, t`Repeat the password`]}
        />
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t`Creating your account…` : t`Create my account and join`}
        </Button>
      </Stack>
    </Box>
  );
}
