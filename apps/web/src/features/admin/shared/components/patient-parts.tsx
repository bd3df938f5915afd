import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AppointmentStatus } from '@scheduler/domain/appointment-status';
import type { AppointmentSummary } from '@scheduler/contract/patient-management/shared';
import type { ReactNode } from 'react';
import { Link as RouterLink } from '../../../../components/app-link';
import { appointmentStatusLabel } from '../status-labels';
import { ChannelName } from './channel-name';
import { formatZonedDateTime } from '../../../../lib/zoned-time';

/**
 * Read by screen readers, not shown. Lengths in px strings: in an `sx` prop a bare `1` means 100 %
 * (issue 19: a hidden span 1440 px wide made the patient page scroll sideways).
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A titled block of a details screen (an h2 section). */
export function Section({
  id,
  title,
  children,
  actions,
}: {
  id: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography id={id} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Paper>
  );
}

/** Label/value pairs as a description list. */
export function DetailList({ items }: { items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, max-content) 1fr' },
        columnGap: 2,
        rowGap: 0.75,
        m: 0,
      }}
    >
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const STATUS_COLOURS: Record<
  AppointmentStatus,
  'default' | 'primary' | 'success' | 'warning' | 'error' | 'info'
> = {
  pending: 'warning',
  booked: 'primary',
  arrived: 'info',
  'checked-in': 'info',
  fulfilled: 'success',
  noshow: 'error',
  cancelled: 'default',
  'entered-in-error': 'default',
};

export function StatusChip({ status, label }: { status: AppointmentStatus; label: string }) {
  return <Chip size="small" variant="outlined" color={STATUS_COLOURS[status]} label={label} />;
}

/** A label for an appointment: 'Mar 2, 2026, 9:30 AM ET · Cleaning' (its location's zone, named). */
export function appointmentLabel(
  appointment: Pick<AppointmentSummary, 'startUtc' | 'timeZone' | 'service'>,
): string {
  return `${formatZonedDateTime(appointment.startUtc, appointment.timeZone)} · ${appointment.service.name}`;
}

export interface AppointmentsTableProps {
  caption: string;
  appointments: readonly AppointmentSummary[];
  selectedId: string | null;
  linkTo: (appointmentId: string) => string;
  emptyText: string;
}

/** The patient's appointments (upcoming or past); the date links to the appointment. */
export function AppointmentsTable({
  caption,
  appointments,
  selectedId,
  linkTo,
  emptyText,
}: AppointmentsTableProps) {
  const { t } = useLingui();
  return (
    <TableContainer tabIndex={0} role="region" aria-label={t`${caption} (scrollable)`} sx={{ mb: 2 }}>
      <Table size="small">
        <Typography
          component="caption"
          sx={{ captionSide: 'top', textAlign: 'left', p: 0, pb: 1, fontWeight: 500 }}
        >
          {caption}
        </Typography>
        <TableHead>
          <TableRow>
            <TableCell scope="col">
              <Trans>When</Trans>
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
              <Trans>Status</Trans>
            </TableCell>
            <TableCell scope="col">
              <Trans>Channel</Trans>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {appointments.length === 0 ? (
            <TableRow>
              <TableCell colSpan={6}>{emptyText}</TableCell>
            </TableRow>
          ) : null}
          {appointments.map((appointment) => {
            const selected = appointment.appointmentId === selectedId;
            return (
              <TableRow key={appointment.appointmentId} selected={selected}>
                <TableCell component="th" scope="row">
                  <Link
                    component={RouterLink}
                    to={linkTo(appointment.appointmentId)}
                    aria-current={selected ? 'true' : undefined}
                    sx={{ fontWeight: selected ? 700 : 500 }}
                  >
                    {formatZonedDateTime(appointment.startUtc, appointment.timeZone, { weekday: true })}
                  </Link>
                  {selected ? (
                    <Box component="span" sx={visuallyHidden}>
                      {' '}
                      <Trans>(shown below)</Trans>
                    </Box>
                  ) : null}
                </TableCell>
                <TableCell>{appointment.service.name}</TableCell>
                <TableCell>{appointment.provider.name}</TableCell>
                <TableCell>{appointment.location.name}</TableCell>
                <TableCell>
                  <StatusChip
                    status={appointment.status}
                    label={appointmentStatusLabel(appointment.status)}
                  />
                </TableCell>
                <TableCell>
                  <ChannelName channel={appointment.channel} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
