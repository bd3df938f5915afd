import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { i18n } from '../../../i18n/catalogs';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { OVERRIDE_REASON_MAX_LENGTH, type FrontDeskAppointment } from '@scheduler/contract/admin/front-desk';
import { localDateOf } from '@scheduler/domain/time-zone';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { errorMessageOf } from '../shared/api/admin-request';
import { AppointmentFields, zoneOfLocation, type AppointmentChoice } from './appointment-fields';
import { LoadedAppointment } from './appointment-summary';
import { FreeTimePicker, type ChosenTime } from './free-time-picker';
import {
  needsOverrideReason,
  useBookingChoices,
  useFrontDeskAppointment,
  useRescheduleAppointment,
} from './front-desk-api';
import { OVERRIDE_REASON_REQUIRED, OverrideReasonField } from './override-reason-prompt';

export interface RescheduleDialogProps {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
  clientId: string;
  appointmentId: string;
}

const MOVE_FAILED = msg`The appointment could not be moved. Please try again.`;

function moveSchema(reasonNeeded: boolean) {
  return z
    .object({ overrideReason: z.string().trim().max(OVERRIDE_REASON_MAX_LENGTH) })
    .superRefine((values, ctx) => {
      if (reasonNeeded && values.overrideReason === '')
        ctx.addIssue({
          code: 'custom',
          path: ['overrideReason'],
          message: i18n._(msg`Give the reason for booking this time`),
        });
    });
}

/** The new time: another day, provider or location; the appointment's own time counts as free. */
function MoveForm({
  clientId,
  appointment,
  formId,
  onDone,
}: {
  clientId: string;
  appointment: FrontDeskAppointment;
  formId: string;
  onDone: () => void;
}) {
  const choices = useBookingChoices(clientId);
  const move = useRescheduleAppointment(clientId);
  const [choice, setChoice] = useState<AppointmentChoice>({
    appointmentTypeId: appointment.service.appointmentTypeId,
    locationId: appointment.location.locationId,
    providerId: appointment.provider.providerId,
  });
  const timeZone = choices.data ? zoneOfLocation(choices.data, choice.locationId) : appointment.timeZone;
  const [date, setDate] = useState(() => localDateOf(Date.parse(appointment.startUtc), appointment.timeZone));
  const [time, setTime] = useState<ChosenTime | null>(null);
  const [serverWantsReason, setServerWantsReason] = useState(false);
  const reasonNeeded = serverWantsReason || (time?.overrides.length ?? 0) > 0;
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(moveSchema(reasonNeeded)),
    defaultValues: { overrideReason: '' },
  });
  const [missingTime, setMissingTime] = useState(false);
  const onSubmit = handleSubmit(async ({ overrideReason }) => {
    if (time === null) {
      setMissingTime(true);
      return;
    }
    try {
      await move.mutateAsync({
        appointmentId: appointment.appointmentId,
        providerId: time.providerId,
        locationId: choice.locationId,
        startUtc: time.startUtc,
        ...(overrideReason ? { overrideReason } : {}),
      });
      onDone();
    } catch (error) {
      if (needsOverrideReason(error)) setServerWantsReason(true);
    }
  });
  return (
    <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)}>
      <AppointmentFields
        choices={choices.data}
        value={choice}
        serviceFixed
        onChange={(next) => {
          setChoice(next);
          setTime(null);
        }}
      />
      <FreeTimePicker
        clientId={clientId}
        appointmentTypeId={choice.appointmentTypeId}
        locationId={choice.locationId}
        providerId={choice.providerId}
        date={date}
        onDate={(next) => {
          setDate(next);
          setTime(null);
        }}
        timeZone={timeZone}
        value={time}
        onChange={(next) => {
          setTime(next);
          setMissingTime(false);
        }}
        appointmentId={appointment.appointmentId}
      />
      {missingTime ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          <Trans>Choose the new time.</Trans>
        </Alert>
      ) : null}
      {reasonNeeded ? (
        <>
          <Alert severity="warning" sx={{ my: 2 }}>
            {i18n._(OVERRIDE_REASON_REQUIRED)}
          </Alert>
          <OverrideReasonField control={control} />
        </>
      ) : null}
      {move.error && !needsOverrideReason(move.error) ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessageOf(move.error, i18n._(MOVE_FAILED))}
        </Alert>
      ) : null}
    </form>
  );
}

/**
 * Moves an appointment to another time, provider or location (one transaction on the server, as
 * the patient's own reschedule; the patient gets the same "rescheduled" notice). Keyboard
 * accessible everywhere: the schedule's drag and drop has this dialog as its equivalent.
 */
function RescheduleDialogBody(props: RescheduleDialogProps) {
  const titleId = useId();
  const formId = useId();
  const appointment = useFrontDeskAppointment(props.clientId, props.appointmentId, props.open);
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>
        <Trans>Reschedule appointment</Trans>
      </DialogTitle>
      <DialogContent dividers>
        <LoadedAppointment appointment={appointment}>
          {(loaded) => (
            <MoveForm clientId={props.clientId} appointment={loaded} formId={formId} onDone={props.onDone} />
          )}
        </LoadedAppointment>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={!appointment.isSuccess}>
          <Trans>Move appointment</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Mounted while open, so that each opening starts afresh (pre-filled from its props). */
export function RescheduleDialog(props: RescheduleDialogProps) {
  return props.open ? <RescheduleDialogBody {...props} /> : null;
}
