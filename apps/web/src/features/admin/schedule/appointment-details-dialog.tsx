import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { Link as RouterLink } from '../../../components/app-link';
import { formatZonedDateTime, formatZonedTime } from '../../../lib/zoned-time';
import { patientDetailsPath } from '../patients/patient-paths';
import { StatusActions } from '../patients/status-actions';
import { sectionPath } from '../shared/admin-paths';
import type { AppointmentBlock } from './schedule-model';

export interface AppointmentDetailsDialogProps {
  clientId: string;
  ruleId: string;
  timeZone: string;
  block: AppointmentBlock;
  /** patients:write: may reschedule (cancelling is one of the status actions, offered while the workflow allows it). */
  canWrite: boolean;
  onClose: () => void;
  onReschedule: () => void;
  /** Opens the front desk's cancel dialog (asks a reason): the status actions' cancel button calls it. */
  onCancel: () => void;
  /** After a status change: reload the schedule. */
  onChanged: () => void;
}

/** Which statuses may still be moved from the schedule. */
const OPEN_STATUSES = new Set(['pending', 'booked']);

/**
 * An appointment opened from the schedule (click, Enter or Space on its block): who, what, when
 * (the location's time, zone named), its confirmation number, the status moves the workflow allows
 * now (StatusActions, whose one cancel button opens the front desk's cancel dialog), and Reschedule.
 */
export function AppointmentDetailsDialog({
  clientId,
  ruleId,
  timeZone,
  block,
  canWrite,
  onClose,
  onReschedule,
  onCancel,
  onChanged,
}: AppointmentDetailsDialogProps) {
  const id = useId();
  const { appointment } = block;
  const open = OPEN_STATUSES.has(appointment.status);
  const startText = formatZonedDateTime(appointment.startUtc, timeZone, { weekday: true });
  const endText = formatZonedTime(appointment.endUtc, timeZone);
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`}>{appointment.patientName}</DialogTitle>
      <DialogContent>
        <Stack
          component="dl"
          spacing={0.5}
          sx={{ m: 0, '& dt': { fontWeight: 600 }, '& dd': { m: 0, mb: 1 } }}
        >
          <Typography component="dt">
            <Trans>When</Trans>
          </Typography>
          <Typography component="dd">
            <Trans>
              {startText} to {endText}
            </Trans>
          </Typography>
          <Typography component="dt">
            <Trans>Service</Trans>
          </Typography>
          <Typography component="dd">{appointment.serviceName}</Typography>
          <Typography component="dt">
            <Trans>Provider</Trans>
          </Typography>
          <Typography component="dd">{block.providerName}</Typography>
          <Typography component="dt">
            <Trans>Confirmation number</Trans>
          </Typography>
          <Typography component="dd">{appointment.confirmationNumber}</Typography>
        </Stack>
        <Link
          component={RouterLink}
          to={sectionPath(
            clientId,
            ruleId,
            patientDetailsPath(appointment.patientId, appointment.appointmentId),
          )}
        >
          <Trans>Open the patient&apos;s record</Trans>
        </Link>
        <Divider sx={{ my: 2 }} />
        <StatusActions
          clientId={clientId}
          appointment={{
            id: appointment.appointmentId,
            status: appointment.status,
            startUtc: appointment.startUtc,
            timeZone,
          }}
          onChanged={onChanged}
          onCancel={onCancel}
        />
      </DialogContent>
      <DialogActions>
        {canWrite && open ? (
          <Button onClick={onReschedule}>
            <Trans>Reschedule</Trans>
          </Button>
        ) : null}
        <Button variant="contained" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
