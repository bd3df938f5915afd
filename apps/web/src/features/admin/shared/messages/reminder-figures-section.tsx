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
import { i18n } from '../../../../i18n/catalogs';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
    [i18n._(msg`Sent`), report.reminders.sent],
    [i18n._(msg`Delivered`), report.reminders.delivered],
    [i18n._(msg`Failed`), report.reminders.failed],
    [i18n._(msg`Not sent`), report.reminders.skipped],
    [i18n._(msg`Queued`), report.reminders.queued],
    [i18n._(msg`Confirmed by reply`), report.confirmedByReply],
  ];
}

function Figures({ report }: { report: MessageReport }) {
  const { t } = useLingui();
  const groups = [
    [t`Reminded`, report.reminded],
    [t`Not reminded`, report.notReminded],
  ] as const;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <TableContainer>
        <Table size="small">
          <caption style={visuallyHidden}>
            <Trans>Reminders</Trans>
          </caption>
          <TableHead>
            <TableRow>
              <TableCell scope="col">
                <Trans>Reminders</Trans>
              </TableCell>
              <TableCell scope="col" align="right">
                <Trans>Count</Trans>
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
          <caption style={visuallyHidden}>
            <Trans>No-show rate, reminded or not</Trans>
          </caption>
          <TableHead>
            <TableRow>
              <TableCell scope="col">
                <Trans>Appointments</Trans>
              </TableCell>
              <TableCell scope="col" align="right">
                <Trans>Ended</Trans>
              </TableCell>
              <TableCell scope="col" align="right">
                <Trans>No-shows</Trans>
              </TableCell>
              <TableCell scope="col" align="right">
                <Trans>No-show rate</Trans>
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
  const { t } = useLingui();
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
        <Trans>Reminders</Trans>
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        <Trans>
          Reminders planned in these dates by status, appointments confirmed by a text reply, and the no-show
          rate of appointments that were reminded and of those that were not. Each reminder counts once, by
          its status now (“Sent” ones have not been reported delivered).
        </Trans>
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box sx={{ height: 4 }}>
          {report.isFetching && report.data ? <LinearProgress aria-label={t`Updating`} /> : null}
        </Box>
        {report.isPending && enabled ? <LoadingBlock label={t`Loading the reminder figures…`} /> : null}
        {report.isError ? (
          <ErrorBlock
            error={report.error}
            what={t`the reminder figures`}
            onRetry={() => void report.refetch()}
          />
        ) : null}
        {report.data ? <Figures report={report.data.report} /> : null}
      </Paper>
    </Box>
  );
}
