import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { InvitationCreatedResponse } from '@scheduler/contract/admin/accounts';
import { ROLE_LABELS, type Role } from '@scheduler/domain/roles';
import { type PracticeUser } from '@scheduler/contract/admin-auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAdminSelector } from '../state/hooks';
import { sessionKeys } from '../shared/api/session-api';
import { AdminPage } from '../shared/components/admin-page';
import { DataTable, useListQuery, type Column } from '../shared/components/data-table';
import { usePagedQuery } from '../shared/components/paged-query';
import { notifySaveFailed, notifySaved } from '../shared/components/save-feedback';
import { useAdminParams } from '../shared/use-admin-params';
import { usePracticeTimeZone } from '../shared/use-practice-zone';
import { formatZonedDateTime } from '../../../lib/zoned-time';
import { InvitationsSection } from './invitations-section';
import { InviteForm, ROLE_OPTIONS } from './invite-form';
import { OwnerSecuritySection } from './owner-security-section';
import { ForceResetDialog, InvitationLinkDialog, RemoveUserDialog } from './user-dialogs';
import { changeUserRole, fetchUsers, forcePasswordReset, removeUser, setUserDisabled } from './users-api';

function useMemberActions(clientId: string) {
  const queryClient = useQueryClient();
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
  const setDisabled = useMutation({
    mutationFn: ({ user, disabled }: { user: PracticeUser; disabled: boolean }) =>
      setUserDisabled(clientId, user.userId, disabled),
    onSuccess: async ({ user }) => {
      await refresh();
      notifySaved(user.disabled ? `${user.displayName} is disabled` : `${user.displayName} is enabled again`);
    },
    onError: notifySaveFailed,
  });
  const forceReset = useMutation({
    mutationFn: (user: PracticeUser) => forcePasswordReset(clientId, user.userId),
    onSuccess: (_answer, user) =>
      notifySaved(`${user.displayName} must choose a new password at the next sign-in`),
  });
  const remove = useMutation({
    mutationFn: (user: PracticeUser) => removeUser(clientId, user.userId),
    onSuccess: async (_answer, user) => {
      await refresh();
      notifySaved(`${user.displayName} removed from the practice`);
    },
  });
  return { changeRole, setDisabled, forceReset, remove };
}

type MemberActions = ReturnType<typeof useMemberActions>;

function memberColumns(
  myId: string | undefined,
  actions: MemberActions,
  open: { reset: (user: PracticeUser) => void; remove: (user: PracticeUser) => void },
  practiceZone?: string,
): Column<PracticeUser>[] {
  const { changeRole, setDisabled } = actions;
  return [
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
      // The practice's zone, named (issue 19), never the browser's.
      render: (user) => (user.lastLoginAt ? formatZonedDateTime(user.lastLoginAt, practiceZone) : 'Never'),
    },
    { key: 'status', label: 'Status', render: (user) => (user.disabled ? 'Disabled' : 'Active') },
    {
      key: 'actions',
      label: 'Actions',
      render: (user) =>
        user.userId === myId ? null : (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button
              size="small"
              disabled={setDisabled.isPending}
              onClick={() => setDisabled.mutate({ user, disabled: !user.disabled })}
              aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${user.displayName}`}
            >
              {user.disabled ? 'Enable' : 'Disable'}
            </Button>
            <Button
              size="small"
              onClick={() => open.reset(user)}
              aria-label={`Force ${user.displayName} to reset their password`}
            >
              Force password reset
            </Button>
            <Button
              size="small"
              color="error"
              onClick={() => open.remove(user)}
              aria-label={`Remove ${user.displayName}`}
            >
              Remove
            </Button>
          </Stack>
        ),
    },
  ];
}

/**
 * users (owners): invite people by e-mail with a role (they choose their own password), pending
 * invitations, members (role, disable, force a password reset, remove), and the brand's sign-in rule.
 * An owner never sees or sets anyone's password.
 */
export function UsersScreen() {
  const { clientId } = useAdminParams();
  const me = useAdminSelector((state) => state.admin.adminDetails[0]);
  const controls = useListQuery('name');
  const users = usePagedQuery(sessionKeys.users(clientId), controls, (params, signal) =>
    fetchUsers(clientId, params, signal),
  );
  const [created, setCreated] = useState<InvitationCreatedResponse | null>(null);
  const [removing, setRemoving] = useState<PracticeUser | null>(null);
  const [resetting, setResetting] = useState<PracticeUser | null>(null);
  const actions = useMemberActions(clientId);
  const myId = typeof me?.userId === 'string' ? me.userId : undefined;
  const practiceZone = usePracticeTimeZone();
  const columns = memberColumns(myId, actions, { reset: setResetting, remove: setRemoving }, practiceZone);

  return (
    <AdminPage
      title="Users"
      description="Who can sign in to this practice's admin area, and with which role."
    >
      <InviteForm onLink={setCreated} />
      <InvitationsSection onLink={setCreated} />
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
      <OwnerSecuritySection />
      <InvitationLinkDialog created={created} onClose={() => setCreated(null)} />
      <RemoveUserDialog
        user={removing}
        pending={actions.remove.isPending}
        error={actions.remove.error}
        onConfirm={(user) => actions.remove.mutate(user, { onSuccess: () => setRemoving(null) })}
        onClose={() => setRemoving(null)}
      />
      <ForceResetDialog
        user={resetting}
        pending={actions.forceReset.isPending}
        error={actions.forceReset.error}
        onConfirm={(user) => actions.forceReset.mutate(user, { onSuccess: () => setResetting(null) })}
        onClose={() => setResetting(null)}
      />
    </AdminPage>
  );
}
