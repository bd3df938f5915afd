import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { Trans, useLingui } from '@lingui/react/macro';
import { CANCEL_REASON_MAX_LENGTH, frontDeskCancelRequestSchema } from '@scheduler/contract/admin/front-desk';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessageOf } from '../shared/api/admin-request';
import { FormTextField } from '../shared/components/form-fields';
import { applyServerFieldErrors } from '../shared/components/save-feedback';
import { LoadedAppointment } from './appointment-summary';
import { useCancelAppointment, useFrontDeskAppointment } from './front-desk-api';

export interface CancelAppointmentDialogProps {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
  clientId: string;
  appointmentId: string;
}

const cancelFormSchema = frontDeskCancelRequestSchema.pick({ reason: true });

/**
 * Cancels an appointment with a reason (required): the time is freed and offered to the
 * waitlist, the patient gets the same cancellation notice as when they cancel themselves.
 */
function CancelAppointmentDialogBody(props: CancelAppointmentDialogProps) {
  const { t } = useLingui();
  const titleId = useId();
  const formId = useId();
  const appointment = useFrontDeskAppointment(props.clientId, props.appointmentId, props.open);
  const cancel = useCancelAppointment(props.clientId);
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(cancelFormSchema),
    defaultValues: { reason: '' },
  });
  const onSubmit = handleSubmit(async ({ reason }) => {
    try {
      await cancel.mutateAsync({ appointmentId: props.appointmentId, reason });
      props.onDone();
    } catch (error) {
      applyServerFieldErrors(error, setError, (path) => (path === 'reason' ? 'reason' : undefined));
    }
  });
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        <Trans>Cancel appointment</Trans>
      </DialogTitle>
      <DialogContent dividers>
        <LoadedAppointment appointment={appointment} />
        <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)}>
          <FormTextField
            control={control}
            name="reason"
            label={t`Reason for cancelling`}
            required
            multiline
            minRows={2}
            maxLength={CANCEL_REASON_MAX_LENGTH}
            fullWidth
            autoFocus
          />
        </form>
        {cancel.error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessageOf(cancel.error, t`The appointment could not be cancelled. Please try again.`)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>
          <Trans>Keep appointment</Trans>
        </Button>
        <Button type="submit" form={formId} variant="contained" color="error" disabled={cancel.isPending}>
          {cancel.isPending ? <Trans>Cancelling…</Trans> : <Trans>Cancel appointment</Trans>}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Mounted while open, so that each opening starts afresh (pre-filled from its props). */
export function CancelAppointmentDialog(props: CancelAppointmentDialogProps) {
  return props.open ? <CancelAppointmentDialogBody {...props} /> : null;
}
