import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { i18n } from '../../../i18n/catalogs';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FrontDeskAppointment } from '@scheduler/contract/admin/front-desk';
import { formatZonedDateTime, zoneLongName } from '../../../lib/zoned-time';
import { errorMessageOf } from '../shared/api/admin-request';

/** One sentence for the appointment a dialog changes: who, what, when (the location's clock, zone named), where. */
export function appointmentSentence(appointment: FrontDeskAppointment): string {
  const when = formatZonedDateTime(appointment.startUtc, appointment.timeZone, { weekday: true });
  const patient = appointment.patient.name;
  const service = appointment.service.name;
  const provider = appointment.provider.name;
  const location = appointment.location.name;
  const zone = zoneLongName(appointment.timeZone);
  const confirmation = appointment.confirmationNumber;
  return i18n._(
    msg`${patient}: ${service} with ${provider} at ${location}, ${when} (${zone}). Confirmation number ${confirmation}.`,
  );
}

export function AppointmentSummary({ appointment }: { appointment: FrontDeskAppointment }) {
  return (
    <Typography variant="body2" sx={{ mb: 2 }}>
      {appointmentSentence(appointment)}
    </Typography>
  );
}

/**
 * The appointment a dialog changes, as it loads: a spinner, the load error, or its summary
 * followed by what the dialog shows for it (`children`, given the loaded appointment).
 */
export function LoadedAppointment({
  appointment,
  children,
}: {
  appointment: UseQueryResult<FrontDeskAppointment>;
  children?: (appointment: FrontDeskAppointment) => ReactNode;
}) {
  const { t } = useLingui();
  if (appointment.isPending) return <CircularProgress size={24} aria-label={t`Loading the appointment`} />;
  if (appointment.isError)
    return (
      <Alert severity="error">
        {errorMessageOf(appointment.error, t`The appointment could not be loaded.`)}
      </Alert>
    );
  return (
    <>
      <AppointmentSummary appointment={appointment.data} />
      {children?.(appointment.data)}
    </>
  );
}
