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
  const device = describeUserAgent(session.userAgent);
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        {device}
        {session.current ? <Chip label="This session" size="small" color="primary" sx={{ ml: 1 }} /> : null}
      </TableCell>
      <TableCell>{session.ipHint ?? 'Unknown'}</TableCell>
      <TableCell>{formatInstant(session.createdAt)}</TableCell>
      <TableCell>{formatInstant(session.lastSeenAt)}</TableCell>
      <TableCell>
        {session.current ? null : (
          <Button
            size="small"
            color="error"
            disabled={ending}
            onClick={() => onEnd(session)}
            aria-label={`Sign out the session of ${device} started ${formatInstant(session.createdAt)}`}
          >
            Sign out
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

/** The person's own sessions: where and when they signed in; sign out any other one, or all of them. */
export function SessionsCard() {
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: accountKeys.sessions,
    queryFn: ({ signal }) => fetchSessions(signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
  const endOne = useMutation({
    mutationFn: (session: StaffSession) => endSession(session.sessionId),
    onSuccess: async () => {
      notifySaved('Session signed out');
      await refresh();
    },
    onError: notifySaveFailed,
  });
  const endOthers = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: async ({ ended }) => {
      notifySaved(ended === 1 ? '1 other session signed out' : `${ended} other sessions signed out`);
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
          Sessions
        </Typography>
        <Button
          variant="outlined"
          color="error"
          disabled={others === 0 || endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          Sign out all other sessions
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Where your account is signed in. Sign out any session you do not recognise, then change your password.
      </Typography>
      {sessions.isPending ? <LoadingBlock label="Loading your sessions…" /> : null}
      {sessions.isError ? (
        <ErrorBlock error={sessions.error} what="your sessions" onRetry={() => void sessions.refetch()} />
      ) : null}
      {sessions.data ? (
        <TableContainer>
          <Table size="small" aria-labelledby="sessions-title">
            <TableHead>
              <TableRow>
                <TableCell>Browser</TableCell>
                <TableCell>From</TableCell>
                <TableCell>Signed in</TableCell>
                <TableCell>Last active</TableCell>
                <TableCell>
                  <span className="visually-hidden">Actions</span>
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
