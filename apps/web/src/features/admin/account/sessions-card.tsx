import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { StaffSession } from '@scheduler/contract/admin/accounts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { notifySaveFailed, notifySaved } from '../shared/components/save-feedback';
import { accountKeys, endOtherSessions, endSession, fetchSessions } from './account-api';
import { describeUserAgent, formatInstant } from './account-texts';

function SessionRow({
  session,
  ending,
  onEnd,
}: {
  session: StaffSession;
  ending: boolean;
  onEnd: (session: StaffSession) => void;
}) {
  const { t } = useLingui();
  const device = describeUserAgent(session.userAgent);
  const started = formatInstant(session.createdAt);
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        {device}
        {session.current ? (
          <Chip label={t`This session`} size="small" color="primary" sx={{ ml: 1 }} />
        ) : null}
      </TableCell>
      <TableCell>{session.ipHint ?? t`Unknown`}</TableCell>
      <TableCell>{formatInstant(session.createdAt)}</TableCell>
      <TableCell>{formatInstant(session.lastSeenAt)}</TableCell>
      <TableCell>
        {session.current ? null : (
          <Button
            size="small"
            color="error"
            disabled={ending}
            onClick={() => onEnd(session)}
            aria-label={t`Sign out the session of ${device} started ${started}`}
          >
            <Trans>Sign out</Trans>
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

/** The person's own sessions: where and when they signed in; sign out any other one, or all of them. */
export function SessionsCard() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: accountKeys.sessions,
    queryFn: ({ signal }) => fetchSessions(signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
  const endOne = useMutation({
    mutationFn: (session: StaffSession) => endSession(session.sessionId),
    onSuccess: async () => {
      notifySaved(t`Session signed out`);
      await refresh();
    },
    onError: notifySaveFailed,
  });
  const endOthers = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: async ({ ended }) => {
      notifySaved(plural(ended, { one: '# other session signed out', other: '# other sessions signed out' }));
      await refresh();
    },
    onError: notifySaveFailed,
  });
  const others = sessions.data?.items.filter((session) => !session.current).length ?? 0;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="sessions-title" sx={{ p: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
      >
        <Typography id="sessions-title" variant="h6" component="h2">
          <Trans>Sessions</Trans>
        </Typography>
        <Button
          variant="outlined"
          color="error"
          disabled={others === 0 || endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          <Trans>Sign out all other sessions</Trans>
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        <Trans>
          Where your account is signed in. Sign out any session you do not recognise, then change your
          password.
        </Trans>
      </Typography>
      {sessions.isPending ? <LoadingBlock label={t`Loading your sessions…`} /> : null}
      {sessions.isError ? (
        <ErrorBlock error={sessions.error} what={t`your sessions`} onRetry={() => void sessions.refetch()} />
      ) : null}
      {sessions.data ? (
        <TableContainer>
          <Table size="small" aria-labelledby="sessions-title">
            <TableHead>
              <TableRow>
                <TableCell>
                  <Trans>Browser</Trans>
                </TableCell>
                <TableCell>
                  <Trans>From</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Signed in</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Last active</Trans>
                </TableCell>
                <TableCell>
                  <span className="visually-hidden">
                    <Trans>Actions</Trans>
                  </span>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sessions.data.items.map((session) => (
                <SessionRow
                  key={session.sessionId}
                  session={session}
                  ending={endOne.isPending}
                  onEnd={(chosen) => endOne.mutate(chosen)}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Paper>
  );
}
