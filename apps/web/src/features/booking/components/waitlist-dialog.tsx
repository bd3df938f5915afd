import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { NOTES_MAX_LENGTH } from '@scheduler/contract/booking';
import { optionalTextSchema } from '@scheduler/contract/common';
import { patientIdentitySchema, withPatientIdentityRules } from '@scheduler/contract/patient';
import { PREFERRED_TIMES, type PreferredTime } from '@scheduler/contract/waitlist';
import type { SchedulerSettings } from '@scheduler/domain/settings';
import { useMemo, useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import * as z from 'zod';
import { useBookingSelector } from '../state/hooks';
import { notify } from '../../../lib/notify';
import { joinWaitlist } from '../api/booking-calls';
import { shownErrorOf } from '../api/contract';
import type { BookingScope } from '../api/scope';
import { newUuid } from '../lib/ids';
import { translatedResolver } from '../identity/contract-messages';
import { FormTextField } from './form-fields';
import { EMPTY_IDENTITY, IdentityFields, type IdentityFormValues } from './identity-fields';
import { OfficeMessage } from './office-message';

export interface WaitlistTarget {
  /** Null: any provider of the location. */
  providerId: string | null;
  locationId: string;
  /** Who or where the patient waits for ('Dr. Emily Carter' or a location name). */
  label: string;
  phone: string | null;
}

interface WaitlistDialogProps {
  scope: Pick<BookingScope, 'clientName' | 'scheduler'>;
  target: WaitlistTarget;
  appointmentTypeId: string;
  settings: SchedulerSettings;
  today: string;
  onClose: () => void;
}

type WaitlistFormValues = IdentityFormValues & { preferredTimes: PreferredTime[]; notes: string };

const TIME_LABELS: Record<PreferredTime, MessageDescriptor> = {
  morning: msg`Morning`,
  afternoon: msg`Afternoon`,
  evening: msg`Evening`,
};

/** The join-the-waitlist form (POST createWaitList) for a provider or location without online availability. */
export function WaitlistDialog({
  scope,
  target,
  appointmentTypeId,
  settings,
  today,
  onClose,
}: WaitlistDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const sessionId = useBookingSelector((state) => state.patientdetails.sessionId);
  const isExistingPatient = useBookingSelector((state) => state.patientdetails.isExistingPatient);
  const [idempotencyKey] = useState(newUuid);
  const [failure, setFailure] = useState<string | null>(null);
  const { t, i18n } = useLingui();
  const waitFor = target.label;

  const schema = useMemo(
    () =>
      withPatientIdentityRules(
        patientIdentitySchema.extend({
          preferredTimes: z.array(z.enum(PREFERRED_TIMES)),
          notes: optionalTextSchema(NOTES_MAX_LENGTH),
        }),
        { smsEmailPermissions: settings.smsEmailPermissions, today },
        (value) => value,
      ),
    [settings.smsEmailPermissions, today],
  );
  const form = useForm({
    // The contract's checks in the patient's language (identity/contract-messages.ts).
    resolver: translatedResolver(zodResolver(schema), i18n),
    defaultValues: { ...EMPTY_IDENTITY, preferredTimes: [], notes: '' } satisfies WaitlistFormValues,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const { preferredTimes, notes, ...patient } = values;
    try {
      await joinWaitlist({
        clientSlug: scope.clientName,
        schedulerSlug: scope.scheduler,
        locationId: target.locationId,
        providerId: target.providerId,
        appointmentTypeId,
        patient,
        isExistingPatient,
        preferredTimes,
        notes: notes ?? null,
        sessionId: sessionId ?? newUuid(),
        idempotencyKey,
      });
      onClose();
      void notify(t`You are on the waitlist. Our office will contact you when a time opens up.`, 'success');
    } catch (error) {
      setFailure(shownErrorOf(error).message);
    }
  });

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      aria-labelledby="waitlist-title"
      maxWidth="sm"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id="waitlist-title" component="h2">
          <Trans>Join the waitlist for {waitFor}</Trans>
        </DialogTitle>
        <DialogContent>
          <Box component="p" sx={{ mt: 0 }}>
            <Trans>Leave your details and our office will contact you when a time becomes available.</Trans>
          </Box>
          {failure ? <OfficeMessage severity="error" message={failure} phone={target.phone} /> : null}
          <IdentityFields
            control={form.control as unknown as Control<IdentityFormValues>}
            permissionsRequired={settings.smsEmailPermissions === 'required'}
            today={today}
          />
          <Controller
            control={form.control}
            name="preferredTimes"
            render={({ field }) => <PreferredTimes value={field.value} onChange={field.onChange} />}
          />
          <Box sx={{ mt: 2 }}>
            <FormTextField
              control={form.control}
              name="notes"
              label={t`Notes for the office (optional)`}
              multiline
              minRows={2}
              maxLength={NOTES_MAX_LENGTH}
            />
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            <Trans>Join the waitlist</Trans>
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The times of day the patient prefers (optional checkboxes). */
function PreferredTimes({
  value,
  onChange,
}: {
  value: PreferredTime[];
  onChange: (next: PreferredTime[]) => void;
}) {
  const { i18n } = useLingui();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
      <FormLabel component="legend" sx={{ color: 'text.primary', fontWeight: 600 }}>
        <Trans>Preferred times (optional)</Trans>
      </FormLabel>
      <FormGroup row>
        {PREFERRED_TIMES.map((time) => (
          <FormControlLabel
            key={time}
            label={i18n._(TIME_LABELS[time])}
            control={
              <Checkbox
                checked={value.includes(time)}
                onChange={(event) =>
                  onChange(event.target.checked ? [...value, time] : value.filter((other) => other !== time))
                }
              />
            }
          />
        ))}
      </FormGroup>
    </Box>
  );
}
