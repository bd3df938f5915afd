import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { MessageReport } from '@scheduler/contract/admin/messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { visuallyHidden } from '../components/patient-parts';
import { ErrorBlock, LoadingBlock } from '../components/query-state';
import { useAdminParams } from '../use-admin-params';
import { percent } from './message-format';
import { fetchMessageReport, messageKeys } from './messages-api';

/** The reminder counts as label/value pairs (the report's first table). */
export function reminderCounts(report: MessageReport): [string, number][] {
  return [
    ['Sent', report.reminders.sent],
    ['Delivered', report.reminders.delivered],
    ['Failed', report.reminders.failed],
    ['Not sent', report.reminders.skipped],
    ['Queued', report.reminders.queued],
    ['Confirmed by reply', report.confirmedByReply],
  ];
}

function Figures({ report }: { report: MessageReport }) {
  const groups = [
    ['Reminded', report.reminded],
    ['Not reminded', report.notReminded],
  ] as const;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <TableContainer>
        <Table size="small">
          <caption style={visuallyHidden}>Reminders</caption>
          <TableHead>
            <TableRow>
              <TableCell scope="col">Reminders</TableCell>
              <TableCell scope="col" align="right">
                Count
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {reminderCounts(report).map(([label, count]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row">
                  {label}
                </TableCell>
                <TableCell align="right">{count}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TableContainer>
        <Table size="small">
          <caption style={visuallyHidden}>No-show rate, reminded or not</caption>
          <TableHead>
            <TableRow>
              <TableCell scope="col">Appointments</TableCell>
              <TableCell scope="col" align="right">
                Ended
              </TableCell>
              <TableCell scope="col" align="right">
                No-shows
              </TableCell>
              <TableCell scope="col" align="right">
                No-show rate
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {groups.map(([label, figures]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row">
                  {label}
                </TableCell>
                <TableCell align="right">{figures.appointments}</TableCell>
                <TableCell align="right">{figures.noShows}</TableCell>
                <TableCell align="right">{percent(figures.noShowRate)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

/** Reports: the reminder figures of the chosen dates (counts only, no patient identity). */
export function ReminderFiguresSection({
  filters,
  enabled,
}: {
  filters: { from: string; to: string };
  enabled: boolean;
}) {
  const { clientId } = useAdminParams();
  const range = { from: filters.from, to: filters.to };
  const report = useQuery({
    queryKey: messageKeys.report(clientId, range),
    queryFn: ({ signal }) => fetchMessageReport(clientId, range, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
  return (
    <Box component="section" aria-labelledby="reminder-figures-title" sx={{ mb: 4 }}>
      <Typography id="reminder-figures-title" variant="h5" component="h2" gutterBottom>
        Reminders
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Reminders planned in these dates by status, appointments confirmed by a text reply, and the no-show
        rate of appointments that were reminded and of those that were not. Each reminder counts once, by its
        status now (“Sent” ones have not been reported delivered).
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box sx={{ height: 4 }}>
          {report.isFetching && report.data ? <LinearProgress aria-label="Updating" /> : null}
        </Box>
        {report.isPending && enabled ? <LoadingBlock label="Loading the reminder figures…" /> : null}
        {report.isError ? (
          <ErrorBlock
            error={report.error}
            what="the reminder figures"
            onRetry={() => void report.refetch()}
          />
        ) : null}
        {report.data ? <Figures report={report.data.report} /> : null}
      </Paper>
    </Box>
  );
}
