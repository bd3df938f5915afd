import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Trans } from '@lingui/react/macro';
import type { AppointmentToRebook } from '@scheduler/contract/admin/rebooking';
import { Link as RouterLink } from '../../../../components/app-link';
import { formatZonedDateTime, zoneLongName } from '../../../../lib/zoned-time';
import { sectionPath } from '../admin-paths';
import { appointmentStatusLabel } from '../status-labels';
import { useAdminParams } from '../use-admin-params';

export interface AppointmentsToRebookProps {
  /** The table's caption, e.g. "Appointments to rebook". */
  caption: string;
  appointments: readonly AppointmentToRebook[];
  emptyText: string;
  /** Show the provider column (a closure's list); a retired provider's list leaves it out. */
  showProvider?: boolean;
}

/**
 * Upcoming appointments that need rebooking (a retired provider's, or those on a closed day): when
 * (on the location's clock, zone named), the patient (a link to the patient's page with the
 * appointment selected), service, provider, confirmation number and status.
 */
export function AppointmentsToRebook({
  caption,
  appointments,
  emptyText,
  showProvider = true,
}: AppointmentsToRebookProps) {
  const { clientId, ruleId } = useAdminParams();
  if (appointments.length === 0) return <Typography color="text.secondary">{emptyText}</Typography>;
  const patientPath = (a: AppointmentToRebook) =>
    sectionPath(
      clientId,
      ruleId,
      `patientdetails/${encodeURIComponent(a.patientId)}/${encodeURIComponent(a.appointmentId)}`,
    );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: 0, marginBottom: 8 }}>
          {caption} ({appointments.length})
        </caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">
              <Trans>When</Trans>
            </TableCell>
            <TableCell scope="col">
              <Trans>Patient</Trans>
            </TableCell>
            <TableCell scope="col">
              <Trans>Service</Trans>
            </TableCell>
            {showProvider ? (
              <TableCell scope="col">
                <Trans>Provider</Trans>
              </TableCell>
            ) : null}
            <TableCell scope="col">
              <Trans>Confirmation</Trans>
            </TableCell>
            <TableCell scope="col">
              <Trans>Status</Trans>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {appointments.map((a) => (
            <TableRow key={a.appointmentId}>
              <TableCell>
                <span title={`${zoneLongName(a.timeZone, Date.parse(a.startUtc))} (${a.locationName})`}>
                  {formatZonedDateTime(a.startUtc, a.timeZone, { weekday: true })}
                </span>
              </TableCell>
              <TableCell>
                <Link component={RouterLink} to={patientPath(a)}>
                  {a.patientName}
                </Link>
              </TableCell>
              <TableCell>{a.serviceName}</TableCell>
              {showProvider ? <TableCell>{a.providerName}</TableCell> : null}
              <TableCell>{a.confirmationNumber}</TableCell>
              <TableCell>{appointmentStatusLabel(a.status)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
