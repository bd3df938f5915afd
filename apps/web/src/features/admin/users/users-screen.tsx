import { Trans, useLingui } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { InvitationCreatedResponse } from '@scheduler/contract/admin/accounts';
import type { Role } from '@scheduler/domain/roles';
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
import { InviteForm, roleOptions } from './invite-form';
import { roleLabel } from '../shared/status-labels';
import { OwnerSecuritySection } from './owner-security-section';
import { ForceResetDialog, InvitationLinkDialog, RemoveUserDialog } from './user-dialogs';
import { changeUserRole, fetchUsers, forcePasswordReset, removeUser, setUserDisabled } from './users-api';

function useMemberActions(clientId: string) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionKeys.users(clientId) });
  const changeRole = useMutation({
    mutationFn: ({ user, role }: { user: PracticeUser; role: Role }) =>
      changeUserRole(clientId, user.userId, role),
    onSuccess: async ({ user }) => {
      await refresh();
      const role = roleLabel(user.role);
      notifySaved(t`${user.displayName} is now ${role}`);
    },
    onError: notifySaveFailed,
  });
  const setDisabled = useMutation({
    mutationFn: ({ user, disabled }: { user: PracticeUser; disabled: boolean }) =>
      setUserDisabled(clientId, user.userId, disabled),
    onSuccess: async ({ user }) => {
      await refresh();
      notifySaved(
        user.disabled ? t`${user.displayName} is disabled` : t`${user.displayName} is enabled again`,
      );
    },
    onError: notifySaveFailed,
  });
  const forceReset = useMutation({
    mutationFn: (user: PracticeUser) => forcePasswordReset(clientId, user.userId),
    onSuccess: (_answer, user) =>
      notifySaved(t`${user.displayName} must choose a new password at the next sign-in`),
  });
  const remove = useMutation({
    mutationFn: (user: PracticeUser) => removeUser(clientId, user.userId),
    onSuccess: async (_answer, user) => {
      await refresh();
      notifySaved(t`${user.displayName} removed from the practice`);
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
      label: t`Name`,
      sortField: 'name',
      render: (user) => (user.userId === myId ? t`${user.displayName} (you)` : user.displayName),
    },
    { key: 'email', label: t`E-mail`, sortField: 'email', render: (user) => user.email },
    {
      key: 'role',
      label: t`Role`,
      render: (user) => (
        <TextField
          select
          size="small"
          value={user.role}
          disabled={changeRole.isPending}
          onChange={(event) => changeRole.mutate({ user, role: event.target.value as Role })}
          slotProps={{ htmlInput: { 'aria-label': t`Role of ${user.displayName}` } }}
          sx={{ minWidth: 160 }}
        >
          {roleOptions().map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      ),
    },
    {
      key: 'lastLogin',
      label: t`Last sign-in`,
      sortField: 'lastLogin',
      // The practice's zone, named (issue 19), never the browser's.
      render: (user) => (user.lastLoginAt ? formatZonedDateTime(user.lastLoginAt, practiceZone) : t`Never`),
    },
    { key: 'status', label: t`Status`, render: (user) => (user.disabled ? t`Disabled` : t`Active`) },
    {
      key: 'actions',
      label: t`Actions`,
      render: (user) =>
        user.userId === myId ? null : (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button
              size="small"
              disabled={setDisabled.isPending}
              onClick={() => setDisabled.mutate({ user, disabled: !user.disabled })}
              aria-label={user.disabled ? t`Enable ${user.displayName}` : t`Disable ${user.displayName}`}
            >
              {user.disabled ? t`Enable` : t`Disable`}
            </Button>
            <Button
              size="small"
              onClick={() => open.reset(user)}
              aria-label={t`Force ${user.displayName} to reset their password`}
            >
              <Trans>Force password reset</Trans>
            </Button>
            <Button
              size="small"
              color="error"
              onClick={() => open.remove(user)}
              aria-label={t`Remove ${user.displayName}`}
            >
              <Trans>Remove</Trans>
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
  const { t } = useLingui();
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
      title={t`Users`}
      description={t`Who can sign in to this practice's admin area, and with which role.`}
    >
      <InviteForm onLink={setCreated} />
      <InvitationsSection onLink={setCreated} />
      <DataTable
        caption={t`Users of the practice`}
        columns={columns}
        rows={users.data?.items}
        total={users.data?.total ?? 0}
        rowKey={(user) => user.userId}
        controls={controls}
        loading={users.isFetching}
        error={users.error}
        onRetry={() => void users.refetch()}
        searchLabel={t`Search users by name or e-mail`}
        emptyText={t`This practice has no users.`}
        noMatchText={t`No user matches your search.`}
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
