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
import { APPOINTMENT_CSV_COLUMNS } from './report-model';
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
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Appointment report (scrollable)">
      <Table size="small" aria-busy={fetching}>
        <caption style={visuallyHidden}>Appointment report</caption>
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
                onClick={() => onSort('createdAt')}
              >
                Booked
              </TableSortLabel>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows === undefined && fetching ? (
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
              <TableCell component="th" scope="row" sx={STICKY_FIRST_CELL}>
                {formatZonedDateTime(row.startUtc, row.timeZone, { weekday: true })}
              </TableCell>
              <TableCell>
                <StatusChip status={row.status} label={row.statusLabel} />
                {row.cancelledBy === null ? null : (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    by {cancelledByText(row.cancelledBy).toLowerCase()}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{row.service.name}</TableCell>
              <TableCell>{row.provider.name}</TableCell>
              <TableCell>{row.location.name}</TableCell>
              <TableCell>
                <ChannelName channel={row.channel} />
              </TableCell>
              <TableCell>{row.isNewPatient ? 'New' : 'Existing'}</TableCell>
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
