import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { AppointmentReportRow, GetAppointmentReportResponse } from '@scheduler/contract/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { errorMessageOf } from '../shared/api/admin-request';
import { ErrorBlock } from '../shared/components/query-state';
import { formatZonedDateTime } from '../../../lib/zoned-time';
import { STICKY_FIRST_CELL } from '../shared/components/data-table';
import { channelName } from '../shared/channel-names';
import { ChannelName } from '../shared/components/channel-name';
import { StatusChip, visuallyHidden } from '../shared/components/patient-parts';
import { useAdminParams } from '../shared/use-admin-params';
import { csvFileName, downloadCsv, toCsv } from './csv';
import { appointmentCsvColumns } from './report-model';
import {
  fetchAppointmentReport,
  reportKeys,
  type AppointmentReportRequest,
  type ReportFilters,
} from './reports-api';
import { cancelledByText, rangeText } from './report-model';

const PAGE_SIZES = [25, 50, 100];
const EXPORT_PAGE_SIZE = 500;
const EXPORT_MAX_ROWS = 10_000;

/** The appointment report's totals: appointments, new and existing patients, by status and channel. */
function Totals({ totals }: { totals: GetAppointmentReportResponse['totals'] }) {
  const { t } = useLingui();
  const nonZero = totals.byStatus.filter((row) => row.count > 0);
  return (
    <Box
      component="dl"
      aria-label={t`Appointment totals`}
      sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', my: 2 }}
    >
      <Box>
        <Typography component="dt" variant="body2" color="text.secondary">
          <Trans>Appointments</Trans>
        </Typography>
        <Typography component="dd" variant="h4" sx={{ m: 0 }} data-testid="total-appointments">
          {totals.appointments}
        </Typography>
      </Box>
      <Box>
        <Typography component="dt" variant="body2" color="text.secondary">
          <Trans>New patients</Trans>
        </Typography>
        <Typography component="dd" variant="h4" sx={{ m: 0 }}>
          {totals.newPatients}
        </Typography>
      </Box>
      <Box>
        <Typography component="dt" variant="body2" color="text.secondary">
          <Trans>Existing patients</Trans>
        </Typography>
        <Typography component="dd" variant="h4" sx={{ m: 0 }}>
          {totals.existingPatients}
        </Typography>
      </Box>
      <Box>
        <Typography component="dt" variant="body2" color="text.secondary">
          <Trans>By status</Trans>
        </Typography>
        <Typography component="dd" sx={{ m: 0, mt: 1 }}>
          {nonZero.length === 0 ? '—' : nonZero.map((row) => `${row.label} ${row.count}`).join(' · ')}
        </Typography>
      </Box>
      <Box>
        <Typography component="dt" variant="body2" color="text.secondary">
          <Trans>By channel</Trans>
        </Typography>
        <Typography component="dd" sx={{ m: 0, mt: 1 }}>
          {totals.byChannel.length === 0
            ? '—'
            : totals.byChannel.map((row) => `${channelName(row.channel)} ${row.count}`).join(' · ')}
        </Typography>
      </Box>
    </Box>
  );
}

/** Exports every appointment the filters match (at most EXPORT_MAX_ROWS) as a CSV file. */
function useAppointmentExport(
  clientId: string,
  filters: ReportFilters,
  sort: AppointmentReportRequest['sort'],
  range: { from: string; to: string } | undefined,
) {
  const { t } = useLingui();
  const [exporting, setExporting] = useState(false);
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
      downloadCsv(
        csvFileName('appointments', range?.from ?? filters.from, 'to', range?.to ?? filters.to),
        toCsv(appointmentCsvColumns(), rows.slice(0, EXPORT_MAX_ROWS)),
      );
      void notify(
        rows.length >= EXPORT_MAX_ROWS
          ? t`Exported the first ${EXPORT_MAX_ROWS} appointments. Narrow the filters to export the rest.`
          : t`Exported ${plural(rows.length, { one: '# appointment', other: '# appointments' })}`,
        rows.length >= EXPORT_MAX_ROWS ? 'warning' : 'success',
      );
    } catch (error) {
      void notify(errorMessageOf(error, t`The export failed. Please try again.`), 'error');
    } finally {
      setExporting(false);
    }
  };

  return { exporting, exportCsv };
}

type SortField = 'startUtc' | 'createdAt';

interface AppointmentReportTableProps {
  rows: AppointmentReportRow[] | undefined;
  fetching: boolean;
  sortField: SortField;
  direction: 'asc' | 'desc';
  onSort: (field: SortField) => void;
}

/** The page of the appointment report, sortable by appointment time and booking time. */
function AppointmentReportTable({
  rows,
  fetching,
  sortField,
  direction,
  onSort,
}: AppointmentReportTableProps) {
  const { t } = useLingui();
  return (
    <TableContainer tabIndex={0} role="region" aria-label={t`Appointment report (scrollable)`}>
      <Table size="small" aria-busy={fetching}>
        <caption style={visuallyHidden}>
          <Trans>Appointment report</Trans>
        </caption>
        <TableHead>
          <TableRow>
            <TableCell
              scope="col"
              sortDirection={sortField === 'startUtc' ? direction : false}
              sx={STICKY_FIRST_CELL}
            >
              <TableSortLabel
                active={sortField === 'startUtc'}
                direction={sortField === 'startUtc' ? direction : 'asc'}
                onClick={() => onSort('startUtc')}
              >
                <Trans>Appointment</Trans>
              </TableSortLabel>
            </TableCell>
            <TableCell scope="col">
              <Trans>Status</Trans>
            </TableCell>
            <TableCell scope="col">
              <Trans>Service</Trans>
            </TableCell>
            <TableCell scope="col">
              <Trans>Provider</Trans>
            </TableCell>
            <TableCell scope="col">
              <Trans>Location</Trans>
            </TableCell>
            <TableCell scope="col">
              <Trans>Channel</Trans>
            </TableCell>
            <TableCell scope="col">
              <Trans>Patient</Trans>
            </TableCell>
            <TableCell scope="col" sortDirection={sortField === 'createdAt' ? direction : false}>
              <TableSortLabel
                active={sortField === 'createdAt'}
                direction={sortField === 'createdAt' ? direction : 'asc'}
                onClick={() => onSort('createdAt')}
              >
                <Trans>Booked</Trans>
              </TableSortLabel>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows === undefined && fetching ? (
            <TableRow>
              <TableCell colSpan={8} role="status">
                <Trans>Loading…</Trans>
              </TableCell>
            </TableRow>
          ) : null}
          {rows?.length === 0 ? (
            <TableRow>
              <TableCell colSpan={8}>
                <Trans>No appointments match these filters.</Trans>
              </TableCell>
            </TableRow>
          ) : null}
          {rows?.map((row) => (
            <TableRow key={row.appointmentId} hover>
              <TableCell component="th" scope="row" sx={STICKY_FIRST_CELL}>
                {formatZonedDateTime(row.startUtc, row.timeZone, { weekday: true })}
              </TableCell>
              <TableCell>
                <StatusChip status={row.status} label={row.statusLabel} />
                {row.cancelledBy === null ? null : (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    <Trans>by {cancelledByText(row.cancelledBy).toLowerCase()}</Trans>
                  </Typography>
                )}
              </TableCell>
              <TableCell>{row.service.name}</TableCell>
              <TableCell>{row.provider.name}</TableCell>
              <TableCell>{row.location.name}</TableCell>
              <TableCell>
                <ChannelName channel={row.channel} />
              </TableCell>
              <TableCell>{row.isNewPatient ? t`New` : t`Existing`}</TableCell>
              <TableCell>{formatZonedDateTime(row.createdAt, row.timeZone)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The appointment report: totals, a sortable paged table and its CSV export. */
export function AppointmentReportSection({ filters, enabled }: { filters: ReportFilters; enabled: boolean }) {
  const { t } = useLingui();
  const { clientId } = useAdminParams();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] ?? 25);
  const [sort, setSort] = useState<AppointmentReportRequest['sort']>('startUtc');
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

  const { exporting, exportCsv } = useAppointmentExport(clientId, filters, sort, report.data?.range);

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
          <Trans>Appointments</Trans>
        </Typography>
        <Button
          variant="outlined"
          onClick={() => void exportCsv()}
          disabled={exporting || !report.data || report.data.total === 0}
        >
          {exporting ? t`Exporting…` : t`Export CSV`}
        </Button>
      </Box>
      <Typography color="text.secondary">
        {report.data ? (
          <Trans>Appointments by their date, {rangeText(report.data.range)}.</Trans>
        ) : (
          <Trans>Appointments by their date.</Trans>
        )}
      </Typography>
      {report.isError ? (
        <ErrorBlock
          error={report.error}
          what={t`the appointment report`}
          onRetry={() => void report.refetch()}
        />
      ) : null}
      {report.data ? <Totals totals={report.data.totals} /> : null}
      <Paper variant="outlined">
        <Box sx={{ height: 4 }}>
          {report.isFetching && rows ? <LinearProgress aria-label={t`Updating`} /> : null}
        </Box>
        <AppointmentReportTable
          rows={rows}
          fetching={report.isFetching}
          sortField={sortField}
          direction={direction}
          onSort={toggleSort}
        />
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
          labelRowsPerPage={t`Rows per page:`}
          labelDisplayedRows={({ from, to, count }) =>
            count === -1 ? t`${from}–${to} of more than ${to}` : t`${from}–${to} of ${count}`
          }
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
