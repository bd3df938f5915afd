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
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { i18n } from '../../../../i18n/catalogs';
import type { MessageSummary } from '@scheduler/contract/admin/messages';
import { Link as RouterLink } from '../../../../components/app-link';
import { sectionPath } from '../admin-paths';
import { PAGE_SIZES, usePaginationLabels } from '../components/data-table';
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
  i18n._(msg`Appointment`),
  ...(showPatient ? [i18n._(msg`Patient`)] : []),
  i18n._(msg`Message`),
  i18n._(msg`Status`),
  i18n._(msg`Planned`),
  i18n._(msg`Sent`),
  i18n._(msg`Actions`),
];

/** 'E-mail to ana@example.com' (the channel alone when there is no address). */
function channelLine(message: MessageSummary): string {
  const channel = channelLabel(message);
  const address = message.toAddress;
  return address ? i18n._(msg`${channel} to ${address}`) : channel;
}

/** The Open button's name: 'Open Reminder SMS to Ana Ruiz'. */
function openLabel(message: MessageSummary, showPatient: boolean): string {
  const kind = kindLabel(message);
  const channel = channelLabel(message);
  const patient = message.patientName;
  return showPatient
    ? i18n._(msg`Open ${kind} ${channel} to ${patient}`)
    : i18n._(msg`Open ${kind} ${channel}`);
}

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
  const { t } = useLingui();
  const paginationLabels = usePaginationLabels();
  const { clientId, ruleId } = useAdminParams();
  const columns = headers(showPatient);
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  return (
    <>
      <TableContainer tabIndex={0} role="region" aria-label={t`${caption} (scrollable)`}>
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
                  <Trans>Loading…</Trans>
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
                    {channelLine(message)}
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
                      <Trans>
                        Delivered <ZonedTime at={message.deliveredAt} timeZone={message.timeZone} />
                      </Trans>
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>
                  <Button
                    size="small"
                    onClick={() => onOpen(message)}
                    aria-label={openLabel(message, showPatient)}
                  >
                    <Trans>Open</Trans>
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        {...paginationLabels}
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
