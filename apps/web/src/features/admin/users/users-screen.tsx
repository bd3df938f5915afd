import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ROLE_LABELS, ROLES, type Role } from '@scheduler/domain/roles';
import {
  addUserRequestSchema,
  type AddUserResponse,
  type PracticeUser,
} from '@scheduler/contract/admin-auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAdminSelector } from '../state/hooks';
import { addUser, changeUserRole, fetchUsers, removeUser } from './users-api';
import { sessionKeys } from '../shared/api/session-api';
import { AdminPage } from '../shared/components/admin-page';
import { DataTable, useListQuery, type Column } from '../shared/components/data-table';
import { usePagedQuery } from '../shared/components/paged-query';
import { FormSelect, FormTextField } from '../shared/components/form-fields';
import {
  applyServerFieldErrors,
  notifySaveFailed,
  notifySaved,
  SaveErrorAlert,
} from '../shared/components/save-feedback';
import { useAdminParams } from '../shared/use-admin-params';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const ROLE_HELP: Record<Role, string> = {
  owner: 'everything, including users',
  admin: 'configuration and patients',
  staff: 'patients, waitlist and reports',
  viewer: 'reports only',
};

const addUserFormSchema = addUserRequestSchema.omit({ clientId: true });

function AddUserForm({ onAdded }: { onAdded: (answer: AddUserResponse) => void }) {
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

/** users (owners): the practice's users; add by e-mail with a role, change a role, remove. */
export function UsersScreen() {
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  const me = useAdminSelector((state) => state.admin.adminDetails[0]);
  const controls = useListQuery('name');
  const users = usePagedQuery(sessionKeys.users(clientId), controls, (params, signal) =>
    fetchUsers(clientId, params, signal),
  );
  const [added, setAdded] = useState<AddUserResponse | null>(null);
  const [removing, setRemoving] = useState<PracticeUser | null>(null);
  const passwordTitleId = useId();
  const removeTitleId = useId();

  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionKeys.users(clientId) });
  const changeRole = useMutation({
    mutationFn: ({ user, role }: { user: PracticeUser; role: Role }) =>
      changeUserRole(clientId, user.userId, role),
    onSuccess: async ({ user }) => {
      await refresh();
      notifySaved(`${user.displayName} is now ${ROLE_LABELS[user.role]}`);
    },
    onError: notifySaveFailed,
  });
  const remove = useMutation({
    mutationFn: (user: PracticeUser) => removeUser(clientId, user.userId),
    onSuccess: async (_answer, user) => {
      await refresh();
      notifySaved(`${user.displayName} removed from the practice`);
      setRemoving(null);
    },
  });

  const myId = typeof me?.userId === 'string' ? me.userId : undefined;
  const columns: Column<PracticeUser>[] = [
    {
      key: 'name',
      label: 'Name',
      sortField: 'name',
      render: (user) => `${user.displayName}${user.userId === myId ? ' (you)' : ''}`,
    },
    { key: 'email', label: 'E-mail', sortField: 'email', render: (user) => user.email },
    {
      key: 'role',
      label: 'Role',
      render: (user) => (
        <TextField
          select
          size="small"
          value={user.role}
          disabled={changeRole.isPending}
          onChange={(event) => changeRole.mutate({ user, role: event.target.value as Role })}
          slotProps={{ htmlInput: { 'aria-label': `Role of ${user.displayName}` } }}
          sx={{ minWidth: 160 }}
        >
          {ROLE_OPTIONS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      ),
    },
    {
      key: 'lastLogin',
      label: 'Last sign-in',
      sortField: 'lastLogin',
      render: (user) => (user.lastLoginAt ? new Date(user.lastLoginAt).toLocaleString() : 'Never'),
    },
    { key: 'status', label: 'Status', render: (user) => (user.disabled ? 'Disabled' : 'Active') },
    {
      key: 'actions',
      label: 'Actions',
      render: (user) => (
        <Button
          size="small"
          color="error"
          onClick={() => setRemoving(user)}
          aria-label={`Remove ${user.displayName}`}
        >
          Remove
        </Button>
      ),
    },
  ];

  return (
    <AdminPage
      title="Users"
      description="Who can sign in to this practice's admin area, and with which role."
    >
      <AddUserForm onAdded={(answer) => setAdded(answer.temporaryPassword ? answer : null)} />
      <DataTable
        caption="Users of the practice"
        columns={columns}
        rows={users.data?.items}
        total={users.data?.total ?? 0}
        rowKey={(user) => user.userId}
        controls={controls}
        loading={users.isFetching}
        error={users.error}
        onRetry={() => void users.refetch()}
        searchLabel="Search users by name or e-mail"
        emptyText="This practice has no users."
        noMatchText="No user matches your search."
      />
      <Dialog open={added !== null} onClose={() => setAdded(null)} aria-labelledby={passwordTitleId}>
        <DialogTitle id={passwordTitleId}>Temporary password</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Give this temporary password to {added?.user.displayName} ({added?.user.email}). It is shown only
            once.
          </DialogContentText>
          <Typography
            component="p"
            sx={{ fontFamily: 'monospace', fontSize: '1.2rem', my: 2, userSelect: 'all' }}
          >
            {added?.temporaryPassword}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAdded(null)} variant="contained">
            Done
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={removing !== null} onClose={() => setRemoving(null)} aria-labelledby={removeTitleId}>
        <DialogTitle id={removeTitleId}>Remove {removing?.displayName}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {removing?.displayName} will no longer be able to sign in to this practice. Their account stays
            for other practices.
          </DialogContentText>
          {remove.error ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {remove.error.message}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() => removing && remove.mutate(removing)}
          >
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </AdminPage>
  );
}
