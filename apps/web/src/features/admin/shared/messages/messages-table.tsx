import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { MessageSummary } from '@scheduler/contract/admin/messages';
import { Link as RouterLink } from 'react-router';
import { sectionPath } from '../admin-paths';
import { PAGE_SIZES } from '../components/data-table';
import { visuallyHidden } from '../components/patient-parts';
import { useAdminParams } from '../use-admin-params';
import { channelLabel, formatZoned, kindLabel, STATUS_COLOURS, statusLabel } from './message-format';

/** A message's status as a chip, with the reason (skipped, failed) under it. */
export function MessageStatus({ message }: { message: Pick<MessageSummary, 'status' | 'statusReason'> }) {
  return (
    <Box>
      <Chip
        size="small"
        variant="outlined"
        color={STATUS_COLOURS[message.status]}
        label={statusLabel(message)}
        // The colour marks the border only: the text keeps full contrast (the label says the status).
        sx={{ color: 'text.primary', fontWeight: 500 }}
      />
      {message.statusReason ? (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 0.5, whiteSpace: 'normal', maxWidth: 280 }}
        >
          {message.statusReason}
        </Typography>
      ) : null}
    </Box>
  );
}

/** An instant in the location's zone, as a <time>. */
export function ZonedTime({
  at,
  timeZone,
  withWeekday,
}: {
  at: string | null;
  timeZone: string;
  withWeekday?: boolean;
}) {
  if (at === null) return <>—</>;
  return (
    <time dateTime={at} title={timeZone}>
      {formatZoned(at, timeZone, withWeekday)}
    </time>
  );
}

export interface MessagesTableProps {
  caption: string;
  rows: readonly MessageSummary[] | undefined;
  total: number;
  /** 0-based. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  onOpen: (message: MessageSummary) => void;
  loading: boolean;
  emptyText: string;
  /** The patient column (the Messages screen; not on the patient page). */
  showPatient?: boolean;
}

const headers = (showPatient: boolean) => [
  'Appointment',
  ...(showPatient ? ['Patient'] : []),
  'Message',
  'Status',
  'Planned',
  'Sent',
  'Actions',
];

/** The messages of a page: appointment time (with zone), patient, kind, channel, status and times. */
export function MessagesTable({
  caption,
  rows,
  total,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  onOpen,
  loading,
  emptyText,
  showPatient = true,
}: MessagesTableProps) {
  const { clientId, ruleId } = useAdminParams();
  const columns = headers(showPatient);
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  return (
    <>
      <TableContainer tabIndex={0} role="region" aria-label={`${caption} (scrollable)`}>
        <Table size="small" aria-busy={loading}>
          <caption style={visuallyHidden}>{caption}</caption>
          <TableHead>
            <TableRow>
              {columns.map((label) => (
                <TableCell key={label} scope="col">
                  {label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows === undefined && loading ? (
              <TableRow>
                <TableCell colSpan={columns.length} role="status">
                  Loading…
                </TableCell>
              </TableRow>
            ) : null}
            {rows !== undefined && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length}>{emptyText}</TableCell>
              </TableRow>
            ) : null}
            {(rows ?? []).map((message) => (
              <TableRow key={message.messageId} hover>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                  <ZonedTime at={message.appointmentStartUtc} timeZone={message.timeZone} withWeekday />
                </TableCell>
                {showPatient ? (
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Link
                      component={RouterLink}
                      to={sectionPath(
                        clientId,
                        ruleId,
                        `patientdetails/${encodeURIComponent(message.patientId)}/${encodeURIComponent(message.appointmentId)}`,
                      )}
                    >
                      {message.patientName}
                    </Link>
                  </TableCell>
                ) : null}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {kindLabel(message)}
                  <Typography variant="body2" color="text.secondary">
                    {channelLabel(message)}
                    {message.toAddress ? ` to ${message.toAddress}` : ''}
                  </Typography>
                </TableCell>
                <TableCell>
                  <MessageStatus message={message} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <ZonedTime at={message.scheduledAt} timeZone={message.timeZone} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <ZonedTime at={message.sentAt} timeZone={message.timeZone} />
                  {message.deliveredAt ? (
                    <Typography variant="body2" color="text.secondary">
                      Delivered <ZonedTime at={message.deliveredAt} timeZone={message.timeZone} />
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>
                  <Button
                    size="small"
                    onClick={() => onOpen(message)}
                    aria-label={`Open ${kindLabel(message)} ${channelLabel(message)}${showPatient ? ` to ${message.patientName}` : ''}`}
                  >
                    Open
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={total === 0 ? 0 : Math.min(page, lastPage)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_event, next) => onPageChange(next)}
        onRowsPerPageChange={(event) => onPageSizeChange(Number(event.target.value))}
      />
    </>
  );
}
