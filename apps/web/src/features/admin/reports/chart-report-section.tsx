import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { visuallyHidden } from '../shared/components/patient-parts';
import { useAdminParams } from '../shared/use-admin-params';
import { csvFileName, downloadCsv, toCsv } from './csv';
import { ReportChart, type ReportChartProps } from './report-charts';
import { ChannelName } from '../shared/components/channel-name';
import { chartTables, tableCell, tableCsvColumns, tableSummary, type ReportTable } from './report-model';
import { fetchChartReport, reportKeys, type ReportFilters } from './reports-api';
import { rangeText } from './report-model';

function ReportTableView({ table }: { table: ReportTable }) {
  const { t } = useLingui();
  const title = table.title;
  return (
    <TableContainer tabIndex={0} role="region" aria-label={t`${title} table (scrollable)`}>
      <Table size="small">
        <caption style={visuallyHidden}>{table.title}</caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{table.labelHeader}</TableCell>
            <TableCell scope="col" align="right">
              {table.countHeader}
            </TableCell>
            {table.extraColumns.map((column) => (
              <TableCell key={column.key} scope="col" align="right">
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {table.rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={2 + table.extraColumns.length}>
                <Trans>No bookings in this range.</Trans>
              </TableCell>
            </TableRow>
          ) : null}
          {table.rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell component="th" scope="row">
                {row.raw === undefined ? row.label : <ChannelName channel={row.raw} />}
              </TableCell>
              <TableCell align="right">{row.count}</TableCell>
              {table.extraColumns.map((column) => (
                <TableCell key={column.key} align="right">
                  {tableCell(row, column.key)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function ChartCard({ table, kind, id }: { table: ReportTable; kind: ReportChartProps['kind']; id: string }) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const empty = table.rows.every((row) => row.count === 0);
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2, height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id={id} variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
          {table.title}
        </Typography>
        <Button
          size="small"
          onClick={() => setView(view === 'chart' ? 'table' : 'chart')}
          aria-pressed={view === 'table'}
        >
          <Trans>Show as table</Trans>
        </Button>
        <Button
          size="small"
          onClick={() => downloadCsv(csvFileName(table.title), toCsv(tableCsvColumns(table), table.rows))}
        >
          <Trans>Export CSV</Trans>
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {tableSummary(table)}
      </Typography>
      {view === 'table' ? (
        <ReportTableView table={table} />
      ) : empty ? (
        <Typography sx={{ py: 4, textAlign: 'center' }} color="text.secondary">
          <Trans>Nothing to chart in this range.</Trans>
        </Typography>
      ) : (
        <ReportChart table={table} kind={kind} />
      )}
    </Paper>
  );
}

/** The chart reports (bookings over time, channels, services, locations, funnel), each with its table. */
export function ChartReportSection({ filters, enabled }: { filters: ReportFilters; enabled: boolean }) {
  const { t } = useLingui();
  const { clientId } = useAdminParams();
  // Status does not apply to bookings (an appointment is booked whatever it became).
  const chartFilters: ReportFilters = { ...filters, statuses: [] };
  const report = useQuery({
    queryKey: reportKeys.charts(clientId, chartFilters),
    queryFn: ({ signal }) => fetchChartReport(clientId, chartFilters, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
  const tables = report.data ? chartTables(report.data) : null;
  return (
    <Box component="section" aria-labelledby="bookings-title" sx={{ mb: 4 }}>
      <Typography id="bookings-title" variant="h5" component="h2" gutterBottom>
        <Trans>Bookings</Trans>
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        <Trans>
          Appointments by the day they were booked (entered-in-error left out), and how visitors moved through
          the booking steps. Location, provider and service filter bookings only; status does not apply here.
        </Trans>
      </Typography>
      <Box sx={{ height: 4 }}>
        {report.isFetching && report.data ? <LinearProgress aria-label={t`Updating`} /> : null}
      </Box>
      {report.isPending && enabled ? <LoadingBlock label={t`Loading the charts…`} /> : null}
      {report.isError ? (
        <ErrorBlock
          error={report.error}
          what={t`the bookings report`}
          onRetry={() => void report.refetch()}
        />
      ) : null}
      {report.data && tables ? (
        <>
          <Box
            component="dl"
            aria-label={t`Booking totals`}
            sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', my: 2 }}
          >
            <Box>
              <Typography component="dt" variant="body2" color="text.secondary">
                <Trans>Bookings</Trans>
              </Typography>
              <Typography component="dd" variant="h4" sx={{ m: 0 }} data-testid="total-bookings">
                {report.data.totals.bookings}
              </Typography>
            </Box>
            <Box>
              <Typography component="dt" variant="body2" color="text.secondary">
                <Trans>Booking sessions</Trans>
              </Typography>
              <Typography component="dd" variant="h4" sx={{ m: 0 }} data-testid="total-sessions">
                {report.data.totals.sessions}
              </Typography>
            </Box>
            <Box>
              <Typography component="dt" variant="body2" color="text.secondary">
                <Trans>Range</Trans>
              </Typography>
              <Typography component="dd" sx={{ m: 0, mt: 1 }}>
                {rangeText(report.data.range)}
              </Typography>
            </Box>
          </Box>
          <Grid container spacing={2}>
            <Grid size={12}>
              <ChartCard id="chart-by-day" table={tables.byDay} kind="columns" />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <ChartCard id="chart-by-channel" table={tables.byChannel} kind="bars" />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <ChartCard id="chart-by-service" table={tables.byService} kind="bars" />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <ChartCard id="chart-by-location" table={tables.byLocation} kind="bars" />
            </Grid>
            <Grid size={12}>
              <ChartCard id="chart-funnel" table={tables.funnel} kind="funnel" />
            </Grid>
          </Grid>
        </>
      ) : null}
    </Box>
  );
}
