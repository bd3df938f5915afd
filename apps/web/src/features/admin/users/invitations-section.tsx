import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Invitation, InvitationCreatedResponse } from '@scheduler/contract/admin/accounts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { notifySaveFailed, notifySaved } from '../shared/components/save-feedback';
import { useAdminParams } from '../shared/use-admin-params';
import { usePracticeTimeZone } from '../shared/use-practice-zone';
import { formatZonedDateTime } from '../../../lib/zoned-time';
import { roleLabel } from '../shared/status-labels';
import { fetchPendingInvitations, resendInvitation, revokeInvitation, usersKeys } from './users-api';

/** The invitations not yet accepted: resend (a new link; the old one stops working) or revoke. */
export function InvitationsSection({ onLink }: { onLink: (answer: InvitationCreatedResponse) => void }) {
  const { t } = useLingui();
  const { clientId } = useAdminParams();
  // Expiry in the practice's zone, named (issue 19).
  const practiceZone = usePracticeTimeZone();
  const queryClient = useQueryClient();
  const invitations = useQuery({
    queryKey: usersKeys.invitations(clientId),
    queryFn: ({ signal }) => fetchPendingInvitations(clientId, signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: usersKeys.invitations(clientId) });
  const resend = useMutation({
    mutationFn: (invitation: Invitation) => resendInvitation(clientId, invitation.invitationId),
    onSuccess: async (answer) => {
      await refresh();
      if (answer.delivery === 'link' && answer.link) onLink(answer);
      else notifySaved(t`Invitation sent again to ${answer.invitation.email}`);
    },
    onError: notifySaveFailed,
  });
  const revoke = useMutation({
    mutationFn: (invitation: Invitation) => revokeInvitation(clientId, invitation.invitationId),
    onSuccess: async (_answer, invitation) => {
      await refresh();
      notifySaved(t`Invitation to ${invitation.email} revoked`);
    },
    onError: notifySaveFailed,
  });
  const items = invitations.data?.items ?? [];
  const busy = resend.isPending || revoke.isPending;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="invitations-title" sx={{ p: 2, mb: 3 }}>
      <Typography id="invitations-title" variant="h6" component="h2" gutterBottom>
        <Trans>Pending invitations</Trans>
      </Typography>
      {invitations.isPending ? <LoadingBlock label={t`Loading invitations…`} /> : null}
      {invitations.isError ? (
        <ErrorBlock
          error={invitations.error}
          what={t`the invitations`}
          onRetry={() => void invitations.refetch()}
        />
      ) : null}
      {invitations.data && items.length === 0 ? (
        <Typography>
          <Trans>No invitation is waiting.</Trans>
        </Typography>
      ) : null}
      {items.length > 0 ? (
        <TableContainer>
          <Table size="small" aria-labelledby="invitations-title">
            <TableHead>
              <TableRow>
                <TableCell>
                  <Trans>E-mail</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Role</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Invited by</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Expires</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Actions</Trans>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((invitation) => (
                <TableRow key={invitation.invitationId}>
                  <TableCell component="th" scope="row">
                    {invitation.email}
                  </TableCell>
                  <TableCell>{roleLabel(invitation.role)}</TableCell>
                  <TableCell>{invitation.invitedBy ?? '—'}</TableCell>
                  <TableCell>{formatZonedDateTime(invitation.expiresAt, practiceZone)}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1}>
                      <Button
                        size="small"
                        disabled={busy}
                        onClick={() => resend.mutate(invitation)}
                        aria-label={t`Resend the invitation to ${invitation.email}`}
                      >
                        <Trans>Resend</Trans>
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        disabled={busy}
                        onClick={() => revoke.mutate(invitation)}
                        aria-label={t`Revoke the invitation to ${invitation.email}`}
                      >
                        <Trans>Revoke</Trans>
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Paper>
  );
}
