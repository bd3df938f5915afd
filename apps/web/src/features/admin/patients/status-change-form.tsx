import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { STATUS_REASON_MAX_LENGTH, type AppointmentStatus } from '@scheduler/domain/appointment-status';
import type { GetAppointmentDetailsResponse } from '@scheduler/contract/patient-management/appointments';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { notifySaveFailed, notifySaved, SaveErrorAlert } from '../shared/components/save-feedback';
import { useAdminParams } from '../shared/use-admin-params';
import { updateAppointmentStatus } from './patients-api';
import {
  reasonRequired,
  statusChoiceHints,
  statusChoices,
  validateStatusChange,
  type StatusFormErrors,
} from './status-options';
import type { StaffAccess } from '../shared/use-staff-access';
import { StatusHints } from './status-hints';
import { APPOINTMENT_STATUS_MESSAGES, appointmentStatusLabel } from '../shared/status-labels';

export interface StatusChangeFormProps {
  details: GetAppointmentDetailsResponse;
  access: StaffAccess;
  /** The server's answer after a change (it carries the new status and history). */
  onChanged: (details: GetAppointmentDetailsResponse) => void | Promise<void>;
  /** Reloads the appointment (after a conflict). */
  onReload: () => void;
}

/** POST update_appointment_status with the status chosen; `onDone` clears the form after a change. */
function useStatusChange(
  details: GetAppointmentDetailsResponse,
  onChanged: StatusChangeFormProps['onChanged'],
  onDone: () => void,
) {
  const { t } = useLingui();
  const { clientId } = useAdminParams();
  const { appointment } = details;
  return useMutation({
    mutationFn: ({ to, reason }: { to: AppointmentStatus; reason: string }) =>
      updateAppointmentStatus(clientId, {
        appointmentId: appointment.appointmentId,
        status: to,
        version: appointment.version,
        reason,
      }),
    onSuccess: async (answer) => {
      const label = appointmentStatusLabel(answer.appointment.status);
      notifySaved(t`Status changed to ${label}`);
      onDone();
      await onChanged(answer);
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) return; // the alert offers to reload
      notifySaveFailed(error);
    },
  });
}

/**
 * Changes the status of the selected appointment, offering only the moves the workflow allows this
 * role now. Cancelling asks for a reason. A user without patients:write sees no control.
 */
export function StatusChangeForm({ details, access, onChanged, onReload }: StatusChangeFormProps) {
  const { t, i18n } = useLingui();
  const { appointment } = details;
  const [to, setTo] = useState<AppointmentStatus | ''>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<StatusFormErrors>({});
  const formId = useId();
  const canWrite = access.can('patients:write');
  const choiceInput = {
    from: appointment.status,
    role: access.role,
    canWrite,
    startUtc: appointment.startUtc,
    timeZone: appointment.timeZone,
    now: Date.now(),
    serverAllowed: details.allowedStatuses,
  };
  const choices = statusChoices(choiceInput);
  const hints = statusChoiceHints(choiceInput);

  const change = useStatusChange(details, onChanged, () => {
    setTo('');
    setReason('');
    setErrors({});
  });

  if (!canWrite || access.role === null) return null;
  if (choices.length === 0) {
    return (
      <Box sx={{ mt: 1 }}>
        <Typography color="text.secondary">
          <Trans>No status change is possible for this appointment now.</Trans>
        </Typography>
        <StatusHints hints={hints} />
      </Box>
    );
  }

  const needsReason = reasonRequired(to);
  const reasonLength = reason.length;
  const maxLength = STATUS_REASON_MAX_LENGTH;
  const submit = () => {
    const role = access.role;
    if (role === null) return;
    const found = validateStatusChange({
      from: appointment.status,
      to,
      role,
      startUtc: appointment.startUtc,
      timeZone: appointment.timeZone,
      now: Date.now(),
      reason,
    });
    setErrors(found);
    if (found.status) document.getElementById(`${formId}-status`)?.focus();
    else if (found.reason) document.getElementById(`${formId}-reason`)?.focus();
    else change.mutate({ to: to as AppointmentStatus, reason });
  };

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby={`${formId}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ mt: 2 }}
    >
      <Typography id={`${formId}-title`} variant="subtitle1" component="h4" gutterBottom>
        <Trans>Change status</Trans>
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          select
          id={`${formId}-status`}
          size="small"
          label={t`New status`}
          required
          value={to}
          error={errors.status !== undefined}
          helperText={errors.status}
          onChange={(event) => {
            setTo(event.target.value as AppointmentStatus | '');
            setErrors({});
            change.reset();
          }}
          sx={{ minWidth: 220 }}
        >
          {choices.map((status) => (
            <MenuItem key={status} value={status}>
              {i18n._(APPOINTMENT_STATUS_MESSAGES[status])}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id={`${formId}-reason`}
          size="small"
          label={needsReason ? t`Reason for cancellation` : t`Reason (optional)`}
          required={needsReason}
          multiline
          minRows={1}
          maxRows={4}
          value={reason}
          error={errors.reason !== undefined}
          helperText={errors.reason ?? t`${reasonLength}/${maxLength} characters`}
          onChange={(event) => {
            setReason(event.target.value);
            if (errors.reason) setErrors({});
          }}
          slotProps={{ htmlInput: { maxLength: STATUS_REASON_MAX_LENGTH } }}
          sx={{ flex: 1, minWidth: 220 }}
        />
        <Button type="submit" variant="contained" disabled={change.isPending} sx={{ flexShrink: 0 }}>
          <Trans>Update status</Trans>
        </Button>
      </Stack>
      <StatusHints hints={hints} />
      <SaveErrorAlert error={change.error} onReload={onReload} />
    </Box>
  );
}
