import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { confirmationNumberOf } from '@scheduler/domain/messages/format';
import type { GetAppointmentDetailsResponse } from '@scheduler/contract/patient-management/appointments';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { useAdminParams } from '../shared/use-admin-params';
import { formatZonedDateTime, formatZonedTime } from '../../../lib/zoned-time';
import { DetailList, StatusChip } from '../shared/components/patient-parts';
import { fetchAppointmentDetails } from './patients-api';
import { patientKeys } from '../shared/api/patient-management-api';
import { StatusChangeForm } from './status-change-form';
import { useStaffAccess } from '../shared/use-staff-access';
import { isNotFound } from './patient-not-found';
import { ResendManageLink, selfServiceLines } from './self-service-facts';
import { refreshAfterStatusChange } from './status-api';
import { CancelAppointmentDialog } from '../front-desk/cancel-dialog';
import { RescheduleDialog } from '../front-desk/reschedule-dialog';
import type { StaffAccess } from '../shared/use-staff-access';
import {
  APPOINTMENT_STATUS_MESSAGES,
  appointmentStatusLabel,
  cancelReasonLabel,
} from '../shared/status-labels';

/** The appointment's status changes, each at its time on the appointment's location clock (zone named). */
function StatusHistoryTable({
  history,
  timeZone,
}: {
  history: GetAppointmentDetailsResponse['statusHistory'];
  timeZone: string;
}) {
  const { t, i18n } = useLingui();
  return (
    <TableContainer tabIndex={0} role="region" aria-label={t`Status history (scrollable)`} sx={{ mt: 2 }}>
      <Table size="small">
        <Typography
          component="caption"
          sx={{ captionSide: 'top', textAlign: 'left', p: 0, pb: 1, fontWeight: 500 }}
        >
          <Trans>Status history</Trans>
        </Typography>
        <TableHead>
          <TableRow>
            <TableCell scope="col">
              <Trans>When</Trans>
            </TableCell>
            <TableCell scope="col">
              <Trans>Status</Trans>
            </TableCell>
            <TableCell scope="col">
              <Trans>Changed by</Trans>
            </TableCell>
            <TableCell scope="col">
              <Trans>Reason</Trans>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {history.length === 0 ? (
            <TableRow>
              <TableCell colSpan={4}>
                <Trans>No changes recorded.</Trans>
              </TableCell>
            </TableRow>
          ) : null}
          {history.map((entry, index) => (
            <TableRow key={`${entry.at}-${index}`}>
              <TableCell>
                <time dateTime={entry.at}>{formatZonedDateTime(entry.at, timeZone)}</time>
              </TableCell>
              <TableCell>
                {entry.fromStatus ? `${i18n._(APPOINTMENT_STATUS_MESSAGES[entry.fromStatus])} → ` : ''}
                {appointmentStatusLabel(entry.toStatus)}
              </TableCell>
              <TableCell>{entry.changedBy?.name ?? t`Booking (system)`}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.reason ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The number the patient's confirmation messages carry (what a caller reads out), '—' for an odd id. */
function confirmationNumberText(appointmentId: string): string {
  try {
    return confirmationNumberOf(appointmentId);
  } catch {
    return '—';
  }
}

/**
 * "Reschedule" and "Cancel appointment" for staff who may change patient data (the front desk's
 * dialogs, one transaction each on the server): reschedule while pending or confirmed, cancel while
 * the workflow allows it (the server's allowed statuses: never after arrival).
 */
function MoveOrCancel({
  details,
  access,
  clientId,
}: {
  details: GetAppointmentDetailsResponse;
  access: StaffAccess;
  clientId: string;
}) {
  const [open, setOpen] = useState<'reschedule' | 'cancel' | null>(null);
  const { appointment } = details;
  const canMove = appointment.status === 'pending' || appointment.status === 'booked';
  const canCancel = details.allowedStatuses.includes('cancelled');
  if (!access.can('patients:write') || (!canMove && !canCancel)) return null;
  const close = () => {
    setOpen(null);
  };
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
      {canMove ? (
        <Button
          variant="outlined"
          onClick={() => {
            setOpen('reschedule');
          }}
        >
          <Trans>Reschedule</Trans>
        </Button>
      ) : null}
      {canCancel ? (
        <Button
          variant="outlined"
          color="error"
          onClick={() => {
            setOpen('cancel');
          }}
        >
          <Trans>Cancel appointment</Trans>
        </Button>
      ) : null}
      {open === 'reschedule' ? (
        <RescheduleDialog
          open
          onClose={close}
          onDone={close}
          clientId={clientId}
          appointmentId={appointment.appointmentId}
        />
      ) : null}
      {open === 'cancel' ? (
        <CancelAppointmentDialog
          open
          onClose={close}
          onDone={close}
          clientId={clientId}
          appointmentId={appointment.appointmentId}
        />
      ) : null}
    </Stack>
  );
}

/** The selected appointment: its details, status history and the status control. */
export function SelectedAppointment({
  patientId,
  appointmentId,
}: {
  patientId: string;
  appointmentId: string;
}) {
  const { t, i18n } = useLingui();
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  const access = useStaffAccess();
  const details = useQuery({
    queryKey: patientKeys.appointment(clientId, appointmentId),
    queryFn: ({ signal }) => fetchAppointmentDetails(clientId, patientId, appointmentId, signal),
  });

  if (details.isPending) return <LoadingBlock label={t`Loading the appointment…`} />;
  if (details.isError) {
    return isNotFound(details.error) ? (
      <Alert severity="warning">
        <Trans>This appointment is not one of this patient&apos;s appointments.</Trans>
      </Alert>
    ) : (
      <ErrorBlock error={details.error} what={t`the appointment`} onRetry={() => void details.refetch()} />
    );
  }
  const { appointment, statusHistory } = details.data;
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle1" component="h3">
          {formatZonedDateTime(appointment.startUtc, appointment.timeZone, { weekday: true })}
        </Typography>
        <StatusChip status={appointment.status} label={appointmentStatusLabel(appointment.status)} />
      </Box>
      <DetailList
        items={[
          [t`Confirmation number`, confirmationNumberText(appointment.appointmentId)],
          [t`Service`, appointment.service.name],
          [t`Provider`, appointment.provider.name],
          [t`Location`, appointment.location.name],
          [
            t`Time`,
            `${formatZonedTime(appointment.startUtc, appointment.timeZone)} – ${formatZonedTime(
              appointment.endUtc,
              appointment.timeZone,
            )} (${appointment.timeZone})`,
          ],
          [t`Status`, appointmentStatusLabel(appointment.status)],
          ...(appointment.cancelReason
            ? ([[t`Cancellation reason`, cancelReasonLabel(appointment.cancelReason)]] as [string, string][])
            : []),
          ...selfServiceLines(details.data.selfService, appointment.timeZone, i18n),
          [t`Patient`, appointment.isNewPatient ? t`New patient` : t`Existing patient`],
          [t`Reason for visit`, appointment.reasonForVisit ?? t`Not given`],
          ...(appointment.patientNotes
            ? ([[t`Patient notes`, appointment.patientNotes]] as [string, string][])
            : []),
          [t`Channel`, appointment.channel ?? t`Staff or unknown`],
          [t`Booked`, formatZonedDateTime(appointment.createdAt, appointment.timeZone)],
        ]}
      />
      <ResendManageLink details={details.data} access={access} />
      <MoveOrCancel details={details.data} access={access} clientId={clientId} />
      <StatusChangeForm
        key={`${appointment.appointmentId}-${appointment.version}`}
        details={details.data}
        access={access}
        onReload={() => void details.refetch()}
        onChanged={(answer) => refreshAfterStatusChange(queryClient, clientId, answer)}
      />
      <StatusHistoryTable history={statusHistory} timeZone={appointment.timeZone} />
    </Box>
  );
}
