import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { STATUS_REASON_MAX_LENGTH, type AppointmentStatus } from '@scheduler/domain/appointment-status';
import { hasPermission } from '@scheduler/domain/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessageOf, isConflict } from '../shared/api/admin-request';
import { notifySaved } from '../shared/components/save-feedback';
import { useClientSession } from '../shared/use-admin-session';
import { moveAppointmentStatus, refreshAfterStatusChange, StatusChangedMeanwhileError } from './status-api';
import {
  reasonRequired,
  STATUS_ACTION_LABELS,
  statusChoiceHints,
  statusChoices,
  validateStatusChange,
} from './status-options';
import { StatusHints } from './status-hints';
import { APPOINTMENT_STATUS_MESSAGES, appointmentStatusLabel } from '../shared/status-labels';

export interface StatusActionsProps {
  clientId: string;
  appointment: {
    id: string;
    status: AppointmentStatus;
    startUtc: string;
    /** The IANA zone of the appointment's location. */
    timeZone: string;
    /** The version the screen showed, if it has it; read from the server before the change otherwise. */
    version?: number;
  };
  /** Called after a change (or after finding the appointment changed meanwhile): reload what shows it. */
  onChanged: () => void;
  /**
   * Optional: the screen's own cancel dialog (the front desk's CancelAppointmentDialog). When given,
   * the cancel action (offered only while the workflow allows it) opens it instead of this
   * component's reason dialog, so that a screen shows one "Cancel appointment" button.
   */
  onCancel?: (() => void) | undefined;
}

/** Statuses that open a dialog first: cancelling asks why; entered-in-error asks to confirm. */
const CONFIRMED_MOVES: readonly AppointmentStatus[] = ['cancelled', 'entered-in-error'];

/** A refused or failed change, as the user reads it. */
function ChangeErrorAlert({ error }: { error: unknown }) {
  const { t } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) ref.current?.focus();
  }, [error]);
  if (!error) return null;
  const changedMeanwhile = error instanceof StatusChangedMeanwhileError;
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      severity={changedMeanwhile || isConflict(error) ? 'warning' : 'error'}
      sx={{ mt: 1 }}
    >
      {changedMeanwhile
        ? error.message
        : errorMessageOf(error, t`The status could not be changed. Please try again.`)}
    </Alert>
  );
}

function ReasonDialog({
  to,
  pending,
  error,
  onClose,
  onConfirm,
}: {
  to: AppointmentStatus;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  /** Sends the change; answers the reason field's error when the reason is refused. */
  onConfirm: (reason: string) => string | undefined;
}) {
  const { t, i18n } = useLingui();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const id = useId();
  const needsReason = reasonRequired(to);
  const cancelling = to === 'cancelled';
  const reasonLength = reason.length;
  const maxLength = STATUS_REASON_MAX_LENGTH;
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth="sm"
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setReasonError(onConfirm(reason));
        }}
      >
        <DialogTitle id={`${id}-title`}>
          {cancelling ? t`Cancel this appointment?` : t`Mark this appointment entered in error?`}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {cancelling
              ? t`The time is freed at once and the patient is told. Say why it is cancelled.`
              : t`Use this for an appointment that should never have existed. The time is freed at once.`}
          </DialogContentText>
          <TextField
            id={`${id}-reason`}
            label={needsReason ? t`Reason for cancellation` : t`Reason (optional)`}
            required={needsReason}
            autoFocus
            fullWidth
            multiline
            minRows={2}
            maxRows={5}
            value={reason}
            error={reasonError !== undefined}
            helperText={reasonError ?? t`${reasonLength}/${maxLength} characters`}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(undefined);
            }}
            slotProps={{ htmlInput: { maxLength: STATUS_REASON_MAX_LENGTH } }}
          />
          <ChangeErrorAlert error={error} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            <Trans>Keep it</Trans>
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={pending}>
            {i18n._(STATUS_ACTION_LABELS[to])}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * Buttons for the status moves this user may make on the appointment now (the domain's workflow in
 * the appointment's location zone: arrived and checked in on its day, no-show after its start,
 * completed after arrival …), with a line on why the next steps are not offered yet. Cancelling asks
 * for a reason; entered-in-error asks to confirm. Renders nothing without patients:write.
 */
export function StatusActions({ clientId, appointment, onChanged, onCancel }: StatusActionsProps) {
  const { t, i18n } = useLingui();
  const session = useClientSession(clientId);
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<AppointmentStatus | null>(null);
  const groupId = useId();
  const role = session.data?.role ?? null;
  const canWrite = hasPermission(session.data?.permissions ?? [], 'patients:write');
  const input = {
    from: appointment.status,
    role,
    canWrite,
    startUtc: appointment.startUtc,
    timeZone: appointment.timeZone,
    now: Date.now(),
  };
  const choices = statusChoices(input);
  const hints = statusChoiceHints(input);
  const statusName = i18n._(APPOINTMENT_STATUS_MESSAGES[appointment.status]);

  const change = useMutation({
    mutationFn: ({ to, reason }: { to: AppointmentStatus; reason: string }) =>
      moveAppointmentStatus(clientId, {
        appointmentId: appointment.id,
        from: appointment.status,
        to,
        reason,
        version: appointment.version,
      }),
    onSuccess: async (answer) => {
      const label = appointmentStatusLabel(answer.appointment.status);
      notifySaved(t`Status changed to ${label}`);
      setAsking(null);
      await refreshAfterStatusChange(queryClient, clientId, answer);
      onChanged();
    },
    onError: (error) => {
      if (error instanceof StatusChangedMeanwhileError || isConflict(error)) onChanged();
    },
  });

  if (!canWrite || role === null) return null;

  const start = (to: AppointmentStatus) => {
    change.reset();
    if (to === 'cancelled' && onCancel !== undefined) onCancel();
    else if (CONFIRMED_MOVES.includes(to)) setAsking(to);
    else change.mutate({ to, reason: '' });
  };

  return (
    <Box>
      <Typography id={`${groupId}-label`} variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
        <Trans>Status: {statusName}</Trans>
      </Typography>
      {choices.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          <Trans>No status change is possible for this appointment now.</Trans>
        </Typography>
      ) : (
        <Stack
          role="group"
          aria-labelledby={`${groupId}-label`}
          direction="row"
          useFlexGap
          spacing={1}
          sx={{ flexWrap: 'wrap' }}
        >
          {choices.map((to) => (
            <Button
              key={to}
              size="small"
              variant={CONFIRMED_MOVES.includes(to) ? 'outlined' : 'contained'}
              color={CONFIRMED_MOVES.includes(to) ? 'error' : 'primary'}
              disabled={change.isPending}
              onClick={() => {
                start(to);
              }}
            >
              {i18n._(STATUS_ACTION_LABELS[to])}
            </Button>
          ))}
        </Stack>
      )}
      <StatusHints hints={hints} />
      {asking === null ? <ChangeErrorAlert error={change.error} /> : null}
      {asking === null ? null : (
        <ReasonDialog
          to={asking}
          pending={change.isPending}
          error={change.error}
          onClose={() => {
            setAsking(null);
            change.reset();
          }}
          onConfirm={(reason) => {
            if (role === null) return undefined;
            const found = validateStatusChange({ ...input, role, to: asking, reason });
            if (found.reason !== undefined) return found.reason;
            change.mutate({ to: asking, reason });
            return undefined;
          }}
        />
      )}
    </Box>
  );
}
