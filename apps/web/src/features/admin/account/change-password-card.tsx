import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { changePasswordRequestSchema, newPasswordSchema } from '@scheduler/contract/admin/accounts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { FormTextField } from '../shared/components/form-fields';
import { NewPasswordFields, PASSWORDS_DIFFER_MESSAGE } from '../shared/components/new-password-fields';
import { applyServerFieldErrors, notifySaved, SaveErrorAlert } from '../shared/components/save-feedback';
import { accountKeys, changePassword } from './account-api';

const formSchema = z
  .object({
    currentPassword: changePasswordRequestSchema.shape.currentPassword,
    newPassword: newPasswordSchema,
    repeatPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.repeatPassword, {
    path: ['repeatPassword'],
    message: PASSWORDS_DIFFER_MESSAGE,
  });

/** Change one's own password: the current one is required; every other session then ends. */
export function ChangePasswordCard({ email }: { email: string | undefined }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const { control, handleSubmit, formState, setError, reset } = useForm({
    defaultValues: { currentPassword: '', newPassword: '', repeatPassword: '' },
    resolver: zodResolver(formSchema),
  });
  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFailure(null);
    try {
      await changePassword(currentPassword, newPassword);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError)) setFailure(error);
      return;
    }
    reset();
    notifySaved(t`Password changed. Your other sessions were signed out.`);
    await queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
  });
  return (
    <Paper variant="outlined" component="section" aria-labelledby="password-title" sx={{ p: 2 }}>
      <Typography id="password-title" variant="h6" component="h2" gutterBottom>
        <Trans>Password</Trans>
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        <Trans>Changing your password signs out every other session of your account.</Trans>
      </Typography>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {/* For password managers: the account the new password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
        <Stack spacing={2} sx={{ maxWidth: 420 }}>
          <FormTextField
            control={control}
            name="currentPassword"
            label={t`Current password`}
            type="password"
            autoComplete="current-password"
            required
            fullWidth
          />
          <NewPasswordFields control={control} names={['newPassword', 'repeatPassword']} />
          <SaveErrorAlert error={failure} />
          <Button
            type="submit"
            variant="contained"
            disabled={formState.isSubmitting}
            sx={{ alignSelf: 'flex-start' }}
          >
            {formState.isSubmitting ? t`Saving…` : t`Change password`}
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}
