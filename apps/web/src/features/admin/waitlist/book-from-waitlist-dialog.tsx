import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { WaitlistEntry } from '@scheduler/contract/admin/waitlist';
import type { GetFiltersResponse } from '@scheduler/contract/patient-management/patients';
import { useId } from 'react';
import { errorMessageOf } from '../shared/api/admin-request';
import { LocationSelect, ServiceSelect } from '../shared/components/service-location-selects';
import { FreeTimesField } from './free-times-field';
import { OtherTimeFields } from './other-time-fields';
import { BOOKING_FAILED, useBookFromWaitlist } from './use-book-from-waitlist';
import { ConsentAndNotes, DateOfBirthField, WaitlistPatientSummary } from './waitlist-patient-fields';

export interface BookFromWaitlistDialogProps {
  clientId: string;
  entry: WaitlistEntry;
  clientSlug: string;
  schedulerSlug: string;
  options: GetFiltersResponse | undefined;
  onClose: () => void;
  onBooked: (summary: string) => void;
}

type AppointmentChoice = ReturnType<typeof useBookFromWaitlist>['appointment'];

/** The service and the location to book (the entry's by default), and the entry's provider. */
function AppointmentFields({
  entry,
  options,
  choice,
}: {
  entry: WaitlistEntry;
  options: GetFiltersResponse | undefined;
  choice: AppointmentChoice;
}) {
  const { t } = useLingui();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <ServiceSelect
        options={options?.services ?? (entry.service ? [entry.service] : [])}
        value={choice.appointmentTypeId}
        onChange={choice.setAppointmentTypeId}
      />
      <LocationSelect
        options={options?.locations ?? (entry.location ? [entry.location] : [])}
        value={choice.locationId}
        onChange={choice.setLocationId}
      />
      <TextField
        size="small"
        label={t`Provider`}
        value={entry.provider?.name ?? t`Any provider`}
        slotProps={{ htmlInput: { readOnly: true } }}
        sx={{ minWidth: 200 }}
      />
    </Stack>
  );
}

/**
 * Books a waitlisted patient: one of the free times of the entry's provider (or any provider) for
 * its service at its location, or another time staff enter (today, or beyond the patient booking
 * window; the server still refuses a past time, a time outside the provider's working hours and a
 * taken time). The patient is the entry's; staff confirm the contact permissions, and enter the
 * date of birth when the entry has none (the patient record is matched or created by it). POST
 * bookFromWaitList books it and marks the entry booked in one transaction.
 */
export function BookFromWaitlistDialog({ entry, options, onClose, ...props }: BookFromWaitlistDialogProps) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const slotsLabelId = useId();
  const name = `${entry.firstName} ${entry.lastName}`;
  const preferredTimes = entry.preferredTimes;
  const form = useBookFromWaitlist({ ...props, entry, options, slotsLabelId });
  const { book } = form;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>
        <Trans>Book {name}</Trans>
      </DialogTitle>
      <DialogContent dividers>
        <Box component="form" id={`${titleId}-form`} noValidate onSubmit={form.onSubmit}>
          <Typography variant="subtitle1" component="h3" gutterBottom>
            <Trans>Appointment</Trans>
          </Typography>
          <AppointmentFields entry={entry} options={options} choice={form.appointment} />
          {preferredTimes ? (
            <Typography variant="body2" sx={{ mb: 1 }}>
              <Trans>Preferred times: {preferredTimes}</Trans>
            </Typography>
          ) : null}
          <FreeTimesField
            labelId={slotsLabelId}
            openSlots={form.openSlots}
            slot={form.freeTime.slot}
            error={form.freeTime.error}
            showProvider={!entry.provider}
            onChoose={form.freeTime.choose}
            timeZone={form.timeZone}
          />
          <OtherTimeFields
            {...form.otherTime}
            entryProviderId={entry.provider?.providerId ?? null}
            providers={options?.providers ?? []}
          />
          <Typography variant="subtitle1" component="h3" gutterBottom>
            <Trans>Patient</Trans>
          </Typography>
          <WaitlistPatientSummary entry={entry} />
          {form.dateOfBirth.needed ? <DateOfBirthField {...form.dateOfBirth} /> : null}
          <ConsentAndNotes {...form.consent} />
          {book.error ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessageOf(book.error, i18n._(BOOKING_FAILED))}
            </Alert>
          ) : null}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={book.isPending}>
          {book.isPending ? t`Booking…` : t`Book appointment`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
