import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ROLE_LABELS, type Role } from '@scheduler/domain/roles';
import { type AddUserResponse, type PracticeUser } from '@scheduler/contract/admin-auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAdminSelector } from '../state/hooks';
import { changeUserRole, fetchUsers, removeUser } from './users-api';
import { sessionKeys } from '../shared/api/session-api';
import { AdminPage } from '../shared/components/admin-page';
import { DataTable, useListQuery, type Column } from '../shared/components/data-table';
import { usePagedQuery } from '../shared/components/paged-query';
import { notifySaveFailed, notifySaved } from '../shared/components/save-feedback';
import { useAdminParams } from '../shared/use-admin-params';
import { AddUserForm, ROLE_OPTIONS } from './add-user-form';
import { RemoveUserDialog, TemporaryPasswordDialog } from './user-dialogs';

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
      <TemporaryPasswordDialog added={added} onClose={() => setAdded(null)} />
      <RemoveUserDialog
        removing={removing}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={(user) => remove.mutate(user)}
        onClose={() => setRemoving(null)}
      />
    </AdminPage>
  );
}
