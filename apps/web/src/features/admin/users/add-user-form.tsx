import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROLE_LABELS, ROLES, type Role } from '@scheduler/domain/roles';
import { addUserRequestSchema, type AddUserResponse } from '@scheduler/contract/admin-auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { addUser } from './users-api';
import { sessionKeys } from '../shared/api/session-api';
import { FormSelect, FormTextField } from '../shared/components/form-fields';
import { applyServerFieldErrors, notifySaved, SaveErrorAlert } from '../shared/components/save-feedback';
import { useAdminParams } from '../shared/use-admin-params';

export const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const ROLE_HELP: Record<Role, string> = {
  owner: 'everything, including users',
  admin: 'configuration and patients',
  staff: 'patients, waitlist and reports',
  viewer: 'reports only',
};

const addUserFormSchema = addUserRequestSchema.omit({ clientId: true });

/** Adds a user to the practice by e-mail, with a role (a new account gets a temporary password). */
export function AddUserForm({ onAdded }: { onAdded: (answer: AddUserResponse) => void }) {
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  const { control, handleSubmit, reset, setError, formState } = useForm({
    resolver: zodResolver(addUserFormSchema),
    defaultValues: { email: '', displayName: '', role: 'staff' as Role },
  });
  const add = useMutation({
    mutationFn: (user: { email: string; displayName: string; role: Role }) => addUser(clientId, user),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: sessionKeys.users(clientId) });
      notifySaved(`${answer.user.displayName} added as ${ROLE_LABELS[answer.user.role]}`);
      reset();
      onAdded(answer);
    },
  });
  const onSubmit = handleSubmit(async (user) => {
    try {
      await add.mutateAsync(user);
    } catch (error) {
      applyServerFieldErrors(error, setError);
    }
  });
  return (
    <Paper variant="outlined" component="section" aria-labelledby="add-user-title" sx={{ p: 2, mb: 3 }}>
      <Typography id="add-user-title" variant="h6" component="h2" gutterBottom>
        Add a user
      </Typography>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <FormTextField
            control={control}
            name="email"
            label="E-mail"
            type="email"
            required
            maxLength={254}
            fullWidth
          />
          <FormTextField
            control={control}
            name="displayName"
            label="Name"
            required
            maxLength={100}
            fullWidth
          />
          <FormSelect
            control={control}
            name="role"
            label="Role"
            options={ROLE_OPTIONS}
            sx={{ minWidth: 180 }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={formState.isSubmitting}
            sx={{ mt: { md: 1 }, flexShrink: 0 }}
          >
            Add user
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Roles: {ROLES.map((role) => `${ROLE_LABELS[role]} (${ROLE_HELP[role]})`).join('; ')}.
        </Typography>
        <SaveErrorAlert error={add.error} />
      </Box>
    </Paper>
  );
}
