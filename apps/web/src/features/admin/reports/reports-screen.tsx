import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AppointmentReportRow, GetAppointmentReportResponse } from '@scheduler/contract/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { notify } from '../../../lib/notify';
import { sectionPath } from '../admin-paths';
import { errorMessageOf } from '../api/admin-request';
import { AdminPage } from '../components/admin-page';
import { ErrorBlock, LoadingBlock } from '../components/query-state';
import { AppointmentFiltersBar, dateRangeError } from '../patients/appointment-filters';
import { addDays, formatDateTime, formatIsoDate, todayLocal } from '../patients/format';
import { fetchFilters, NO_FILTERS, patientKeys } from '../patients/patient-management-api';
import { StatusChip, visuallyHidden } from '../patients/patient-parts';
import { useStaffAccess } from '../patients/use-staff-access';
import { useAdminParams } from '../use-admin-params';
import { csvFileName, downloadCsv, toCsv } from './csv';
import { ReportChart, type ReportChartProps } from './report-charts';
import {
  APPOINTMENT_CSV_COLUMNS,
  chartTables,
  tableCell,
  tableCsvColumns,
  tableSummary,
  type ReportTable,
} from './report-model';
import {
  fetchAppointmentReport,
  fetchChannelFilters,
  fetchChartReport,
  reportKeys,
  type AppointmentReportRequest,
  type ReportFilters,
} from './reports-api';

const PAGE_SIZES = [25, 50, 100];
const EXPORT_PAGE_SIZE = 500;
const EXPORT_MAX_ROWS = 10_000;

function defaultFilters(): ReportFilters {
  const today = todayLocal();
  return { ...NO_FILTERS, from: addDays(today, -29), to: today, channel: '' };
}

function rangeText(range: { from: string; to: string; timeZone: string }): string {
  return `${formatIsoDate(range.from)} to ${formatIsoDate(range.to)} (${range.timeZone})`;
}

function ReportTableView({ table }: { table: ReportTable }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label={`${table.title} table (scrollable)`}>
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
              <TableCell colSpan={2 + table.extraColumns.length}>No bookings in this range.</TableCell>
            </TableRow>
          ) : null}
          {table.rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell component="th" scope="row">
                {row.label}
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
          Show as table
        </Button>
        <Button
          size="small"
          onClick={() => downloadCsv(csvFileName(table.title), toCsv(tableCsvColumns(table), table.rows))}
        >
          Export CSV
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {tableSummary(table)}
      </Typography>
      {view === 'table' ? (
        <ReportTableView table={table} />
      ) : empty ? (
        <Typography sx={{ py: 4, textAlign: 'center' }} color="text.secondary">
          Nothing to chart in this range.
        </Typography>
      ) : (
        <ReportChart table={table} kind={kind} />
      )}
    </Paper>
  );
}

function ChartReportSection({ filters, enabled }: { filters: ReportFilters; enabled: boolean }) {
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
        Bookings
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Appointments by the day they were booked (entered-in-error left out), and how visitors moved through
        the booking steps. Location, provider and service filter bookings only; status does not apply here.
      </Typography>
      <Box sx={{ height: 4 }}>
        {report.isFetching && report.data ? <LinearProgress aria-label="Updating" /> : null}
      </Box>
      {report.isPending && enabled ? <LoadingBlock label="Loading the charts…" /> : null}
      {report.isError ? (
        <ErrorBlock error={report.error} what="the bookings report" onRetry={() => void report.refetch()} />
      ) : null}
      {report.data && tables ? (
        <>
          <Box
            component="dl"
            aria-label="Booking totals"
            sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', my: 2 }}
          >
            <Box>
              <Typography component="dt" variant="body2" color="text.secondary">
                Bookings
              </Typography>
              <Typography component="dd" variant="h4" sx={{ m: 0 }} data-testid="total-bookings">
                {report.data.totals.bookings}
              </Typography>
            </Box>
            <Box>
              <Typography component="dt" variant="body2" color="text.secondary">
                Booking sessions
              </Typography>
              <Typography component="dd" variant="h4" sx={{ m: 0 }} data-testid="total-sessions">
                {report.data.totals.sessions}
              </Typography>
            </Box>
            <Box>
              <Typography component="dt" variant="body2" color="text.secondary">
                Range
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

function Totals({ totals }: { totals: GetAppointmentReportResponse['totals'] }) {
  const nonZero = totals.byStatus.filter((row) => row.count > 0);
  return (
    <Box
      component="dl"
      aria-label="Appointment totals"
      sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', my: 2 }}
    >
      <Box>
        <Typography component="dt" variant="body2" color="text.secondary">
          Appointments
        </Typography>
        <Typography component="dd" variant="h4" sx={{ m: 0 }} data-testid="total-appointments">
          {totals.appointments}
        </Typography>
      </Box>
      <Box>
        <Typography component="dt" variant="body2" color="text.secondary">
          New patients
        </Typography>
        <Typography component="dd" variant="h4" sx={{ m: 0 }}>
          {totals.newPatients}
        </Typography>
      </Box>
      <Box>
        <Typography component="dt" variant="body2" color="text.secondary">
          Existing patients
        </Typography>
        <Typography component="dd" variant="h4" sx={{ m: 0 }}>
          {totals.existingPatients}
        </Typography>
      </Box>
      <Box>
        <Typography component="dt" variant="body2" color="text.secondary">
          By status
        </Typography>
        <Typography component="dd" sx={{ m: 0, mt: 1 }}>
          {nonZero.length === 0 ? '—' : nonZero.map((row) => `${row.label} ${row.count}`).join(' · ')}
        </Typography>
      </Box>
      <Box>
        <Typography component="dt" variant="body2" color="text.secondary">
          By channel
        </Typography>
        <Typography component="dd" sx={{ m: 0, mt: 1 }}>
          {totals.byChannel.length === 0
            ? '—'
            : totals.byChannel.map((row) => `${row.channel} ${row.count}`).join(' · ')}
        </Typography>
      </Box>
    </Box>
  );
}

function AppointmentReportSection({ filters, enabled }: { filters: ReportFilters; enabled: boolean }) {
  const { clientId } = useAdminParams();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] ?? 25);
  const [sort, setSort] = useState<AppointmentReportRequest['sort']>('startUtc');
  const [exporting, setExporting] = useState(false);
  const [lastFilters, setLastFilters] = useState(filters);
  if (lastFilters !== filters) {
    // New filters start again at the first page.
    setLastFilters(filters);
    setPage(0);
  }
  const request: AppointmentReportRequest = { filters, page: page + 1, pageSize, sort };
  const report = useQuery({
    queryKey: reportKeys.appointments(clientId, request),
    queryFn: ({ signal }) => fetchAppointmentReport(clientId, request, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows: AppointmentReportRow[] = [];
      for (let exportPage = 1; rows.length < EXPORT_MAX_ROWS; exportPage += 1) {
        const answer = await fetchAppointmentReport(
          clientId,
          { filters, page: exportPage, pageSize: EXPORT_PAGE_SIZE, sort },
          undefined,
          `admin-appointment-report-export-${clientId}`,
        );
        rows.push(...answer.items);
        if (answer.items.length < EXPORT_PAGE_SIZE || rows.length >= answer.total) break;
      }
      const range = report.data?.range;
      downloadCsv(
        csvFileName('appointments', range?.from ?? filters.from, 'to', range?.to ?? filters.to),
        toCsv(APPOINTMENT_CSV_COLUMNS, rows.slice(0, EXPORT_MAX_ROWS)),
      );
      void notify(
        rows.length >= EXPORT_MAX_ROWS
          ? `Exported the first ${EXPORT_MAX_ROWS} appointments. Narrow the filters to export the rest.`
          : `Exported ${rows.length} ${rows.length === 1 ? 'appointment' : 'appointments'}`,
        rows.length >= EXPORT_MAX_ROWS ? 'warning' : 'success',
      );
    } catch (error) {
      void notify(errorMessageOf(error, 'The export failed. Please try again.'), 'error');
    } finally {
      setExporting(false);
    }
  };

  const sortField = sort.replace('-', '') as 'startUtc' | 'createdAt';
  const direction = sort.startsWith('-') ? 'desc' : 'asc';
  const toggleSort = (field: 'startUtc' | 'createdAt') => {
    setSort(field === sortField && direction === 'asc' ? `-${field}` : field);
    setPage(0);
  };
  const rows = report.data?.items;

  return (
    <Box component="section" aria-labelledby="appointments-title">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="appointments-title" variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          Appointments
        </Typography>
        <Button
          variant="outlined"
          onClick={() => void exportCsv()}
          disabled={exporting || !report.data || report.data.total === 0}
        >
          {exporting ? 'Exporting…' : 'Export CSV'}
        </Button>
      </Box>
      <Typography color="text.secondary">
        Appointments by their date{report.data ? `, ${rangeText(report.data.range)}` : ''}.
      </Typography>
      {report.isError ? (
        <ErrorBlock
          error={report.error}
          what="the appointment report"
          onRetry={() => void report.refetch()}
        />
      ) : null}
      {report.data ? <Totals totals={report.data.totals} /> : null}
      <Paper variant="outlined">
        <Box sx={{ height: 4 }}>
          {report.isFetching && rows ? <LinearProgress aria-label="Updating" /> : null}
        </Box>
        <TableContainer tabIndex={0} role="region" aria-label="Appointment report (scrollable)">
          <Table size="small" aria-busy={report.isFetching}>
            <caption style={visuallyHidden}>Appointment report</caption>
            <TableHead>
              <TableRow>
                <TableCell scope="col" sortDirection={sortField === 'startUtc' ? direction : false}>
                  <TableSortLabel
                    active={sortField === 'startUtc'}
                    direction={sortField === 'startUtc' ? direction : 'asc'}
                    onClick={() => toggleSort('startUtc')}
                  >
                    Appointment
                  </TableSortLabel>
                </TableCell>
                <TableCell scope="col">Status</TableCell>
                <TableCell scope="col">Service</TableCell>
                <TableCell scope="col">Provider</TableCell>
                <TableCell scope="col">Location</TableCell>
                <TableCell scope="col">Channel</TableCell>
                <TableCell scope="col">Patient</TableCell>
                <TableCell scope="col" sortDirection={sortField === 'createdAt' ? direction : false}>
                  <TableSortLabel
                    active={sortField === 'createdAt'}
                    direction={sortField === 'createdAt' ? direction : 'asc'}
                    onClick={() => toggleSort('createdAt')}
                  >
                    Booked
                  </TableSortLabel>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows === undefined && report.isFetching ? (
                <TableRow>
                  <TableCell colSpan={8} role="status">
                    Loading…
                  </TableCell>
                </TableRow>
              ) : null}
              {rows?.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={8}>No appointments match these filters.</TableCell>
                </TableRow>
              ) : null}
              {rows?.map((row) => (
                <TableRow key={row.appointmentId} hover>
                  <TableCell>{formatDateTime(row.startUtc, row.timeZone, true)}</TableCell>
                  <TableCell>
                    <StatusChip status={row.status} label={row.statusLabel} />
                  </TableCell>
                  <TableCell>{row.service.name}</TableCell>
                  <TableCell>{row.provider.name}</TableCell>
                  <TableCell>{row.location.name}</TableCell>
                  <TableCell>{row.channel}</TableCell>
                  <TableCell>{row.isNewPatient ? 'New' : 'Existing'}</TableCell>
                  <TableCell>{formatDateTime(row.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={report.data?.total ?? 0}
          page={
            report.data && report.data.total > 0
              ? Math.min(page, Math.ceil(report.data.total / pageSize) - 1)
              : 0
          }
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
        />
      </Paper>
    </Box>
  );
}

/**
 * reports: bookings over time, by channel, service and location, the booking funnel with its
 * drop-off per step, and the appointment report with totals — every chart with a table, every
 * table exportable as CSV (made in the browser). No report carries patient identity.
 */
export function ReportsScreen() {
  const { clientId, ruleId } = useAdminParams();
  const access = useStaffAccess();
  const [filters, setFilters] = useState<ReportFilters>(defaultFilters);
  const rangeError = dateRangeError(filters);
  const options = useQuery({
    queryKey: patientKeys.filters(clientId),
    queryFn: ({ signal }) => fetchFilters(clientId, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const channels = useQuery({
    queryKey: reportKeys.channels(clientId),
    queryFn: ({ signal }) => fetchChannelFilters(clientId, signal),
    staleTime: 5 * 60_000,
  });

  return (
    <AdminPage
      title="Reports"
      description="How patients book: when, through which channel, for what, and where."
      actions={
        access.can('audit:read') ? (
          <Button component={RouterLink} to={sectionPath(clientId, ruleId, 'auditlog')}>
            Audit log
          </Button>
        ) : undefined
      }
    >
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <AppointmentFiltersBar
          options={options.data}
          value={filters}
          dateLabel="Dates"
          extraActive={filters.channel !== ''}
          onChange={(next) => setFilters((current) => ({ ...current, ...next }))}
          onClear={() => setFilters({ ...NO_FILTERS, channel: '' })}
        >
          <TextField
            select
            size="small"
            label="Channel"
            value={filters.channel}
            disabled={!channels.data}
            onChange={(event) => setFilters((current) => ({ ...current, channel: event.target.value }))}
            sx={{ minWidth: 170, flex: '1 1 170px' }}
          >
            <MenuItem value="">Every channel</MenuItem>
            {channels.data?.channelFilters.map((channel) => (
              <MenuItem key={channel} value={channel}>
                {channel}
              </MenuItem>
            ))}
          </TextField>
        </AppointmentFiltersBar>
        {options.isError ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            The location, provider and service choices could not be loaded. {errorMessageOf(options.error)}
          </Alert>
        ) : null}
        {channels.isError ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            The channels could not be loaded. {errorMessageOf(channels.error)}
          </Alert>
        ) : null}
      </Paper>
      <ChartReportSection filters={filters} enabled={rangeError === null} />
      <AppointmentReportSection filters={filters} enabled={rangeError === null} />
    </AdminPage>
  );
}
