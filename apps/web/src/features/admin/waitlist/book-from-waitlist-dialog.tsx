import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { WaitlistEntry } from '@scheduler/domain/schemas/admin-config';
import { NOTES_MAX_LENGTH } from '@scheduler/domain/schemas/booking';
import { patientIdentitySchema } from '@scheduler/domain/schemas/patient';
import type { GetFiltersResponse } from '@scheduler/domain/schemas/patient-management';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { errorMessageOf } from '../api/admin-request';
import { FormSwitch, FormTextField } from '../components/form-fields';
import { LoadingBlock } from '../components/query-state';
import { addDays } from '../patients/format';
import { dayHeading, openSlotsByDay, twelveHour, type OpenSlot } from './slot-model';
import {
  bookFromWaitlist,
  fetchOpenSlots,
  SLOT_SEARCH_DAYS,
  updateWaitlistEntry,
  type SlotSearch,
  type WaitlistBooking,
} from './waitlist-api';

export interface BookFromWaitlistDialogProps {
  clientId: string;
  entry: WaitlistEntry;
  clientSlug: string;
  schedulerSlug: string;
  options: GetFiltersResponse | undefined;
  onClose: () => void;
  onBooked: (summary: string) => void;
}

const identityFormSchema = patientIdentitySchema;

/**
 * Books a waitlisted patient: the free times of the entry's provider (or any provider) for its
 * service at its location, then the patient's details as the entry has them (staff confirm the
 * contact permissions), then PUT bookAppointment; the entry is then marked booked (PATCH updateWaitList).
 */
export function BookFromWaitlistDialog({
  clientId,
  entry,
  clientSlug,
  schedulerSlug,
  options,
  onClose,
  onBooked,
}: BookFromWaitlistDialogProps) {
  const titleId = useId();
  const slotsLabelId = useId();
  const [locationId, setLocationId] = useState(entry.location?.locationId ?? '');
  const [appointmentTypeId, setAppointmentTypeId] = useState(entry.service?.appointmentTypeId ?? '');
  const [fromDate, setFromDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<OpenSlot | null>(null);
  const [slotError, setSlotError] = useState<string | null>(null);
  const [notes, setNotes] = useState(entry.notes ?? '');
  const [idempotencyKey] = useState(() => crypto.randomUUID());

  const search: SlotSearch | null =
    locationId && appointmentTypeId
      ? {
          clientSlug,
          schedulerSlug,
          appointmentTypeId,
          locationId,
          providerId: entry.provider?.providerId ?? null,
          isExistingPatient: entry.patientId !== null,
          fromDate,
        }
      : null;
  const slots = useQuery({
    queryKey: ['admin', 'waitlist-slots', search],
    queryFn: ({ signal }) => {
      if (!search) throw new Error('no search');
      return fetchOpenSlots(search, signal);
    },
    enabled: search !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const days = useMemo(() => (slots.data ? openSlotsByDay(slots.data, SLOT_SEARCH_DAYS) : []), [slots.data]);
  const firstDay = slots.data?.window.earliest.slice(0, 10) ?? null;
  const windowEnd = slots.data?.window.latestDate ?? null;
  const unavailable =
    slots.data?.providers.find((provider) => provider.noCapacity && provider.message)?.message ??
    slots.data?.locations.find((location) => location.noCapacity && location.message)?.message ??
    null;

  const { control, handleSubmit } = useForm({
    resolver: zodResolver(identityFormSchema),
    defaultValues: {
      firstName: entry.firstName,
      lastName: entry.lastName,
      dateOfBirth: entry.dateOfBirth ?? '',
      phone: entry.phone ?? '',
      email: entry.email ?? '',
      smsPermission: false,
      emailPermission: false,
    },
  });

  const book = useMutation({
    mutationFn: async (booking: WaitlistBooking) => {
      const answer = await bookFromWaitlist(booking);
      // The appointment stands even when the entry cannot be marked: say so, do not fail the booking.
      const marked = await updateWaitlistEntry(clientId, {
        waitlistEntryId: entry.waitlistEntryId,
        status: 'booked',
        appointmentId: answer.appointmentId,
      }).then(
        () => true,
        () => false,
      );
      return { answer, marked };
    },
    onSuccess: ({ answer, marked }) => {
      onBooked(
        `Booked ${entry.firstName} ${entry.lastName} with ${answer.provider.name} on ${dayHeading(
          answer.dateLocal,
        )} at ${twelveHour(answer.timeLocal)}${
          marked ? '' : '. The waitlist entry could not be marked as booked; please remove it.'
        }`,
      );
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) {
        setSlot(null);
        void slots.refetch();
      }
      void notify(errorMessageOf(error, 'The appointment could not be booked. Please try again.'), 'error');
    },
  });

  const onSubmit = handleSubmit((patient) => {
    if (!slot) {
      setSlotError('Choose a time');
      document.getElementById(slotsLabelId)?.scrollIntoView({ block: 'center' });
      return;
    }
    if (notes.trim().length > NOTES_MAX_LENGTH) return;
    book.mutate({
      clientSlug,
      schedulerSlug,
      appointmentTypeId,
      locationId: slot.locationId,
      providerId: slot.providerId,
      startUtc: slot.startUtc,
      patient,
      isExistingPatient: entry.patientId !== null,
      notes: notes.trim(),
      idempotencyKey,
    });
  });

  const shiftDays = (days: number) => {
    const base = fromDate ?? firstDay;
    if (!base) return;
    const next = addDays(base, days);
    setFromDate(firstDay && next < firstDay ? null : next);
    setSlot(null);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>
        Book {entry.firstName} {entry.lastName}
      </DialogTitle>
      <DialogContent dividers>
        <Box component="form" id={`${titleId}-form`} noValidate onSubmit={(event) => void onSubmit(event)}>
          <Typography variant="subtitle1" component="h3" gutterBottom>
            Appointment
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
            <TextField
              select
              size="small"
              label="Service"
              required
              value={appointmentTypeId}
              onChange={(event) => {
                setAppointmentTypeId(event.target.value);
                setSlot(null);
              }}
              sx={{ minWidth: 220 }}
            >
              {(options?.services ?? (entry.service ? [entry.service] : [])).map((service) => (
                <MenuItem key={service.appointmentTypeId} value={service.appointmentTypeId}>
                  {service.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Location"
              required
              value={locationId}
              onChange={(event) => {
                setLocationId(event.target.value);
                setSlot(null);
              }}
              sx={{ minWidth: 220 }}
            >
              {(options?.locations ?? (entry.location ? [entry.location] : [])).map((location) => (
                <MenuItem key={location.locationId} value={location.locationId}>
                  {location.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label="Provider"
              value={entry.provider?.name ?? 'Any provider'}
              slotProps={{ htmlInput: { readOnly: true } }}
              sx={{ minWidth: 200 }}
            />
          </Stack>
          {entry.preferredTimes ? (
            <Typography variant="body2" sx={{ mb: 1 }}>
              Preferred times: {entry.preferredTimes}
            </Typography>
          ) : null}

          <FormControl component="fieldset" error={slotError !== null} sx={{ width: '100%', mb: 2 }}>
            <FormLabel component="legend" id={slotsLabelId}>
              Free times{slot ? `: ${dayHeading(slot.dateLocal)} at ${twelveHour(slot.timeLocal)}` : ''}
            </FormLabel>
            <Stack direction="row" spacing={1} sx={{ my: 1, alignItems: 'center' }}>
              <Button
                size="small"
                onClick={() => shiftDays(-SLOT_SEARCH_DAYS)}
                disabled={fromDate === null || slots.isFetching}
              >
                Earlier times
              </Button>
              <Button
                size="small"
                onClick={() => shiftDays(SLOT_SEARCH_DAYS)}
                disabled={
                  !slots.data ||
                  slots.isFetching ||
                  (windowEnd !== null &&
                    addDays(fromDate ?? firstDay ?? windowEnd, SLOT_SEARCH_DAYS) > windowEnd)
                }
              >
                Later times
              </Button>
            </Stack>
            {slotError ? <FormHelperText>{slotError}</FormHelperText> : null}
            {search === null ? (
              <Typography color="text.secondary">Choose the service and the location first.</Typography>
            ) : null}
            {slots.isPending && search !== null ? <LoadingBlock label="Looking for free times…" /> : null}
            {slots.isError ? (
              <Alert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={() => void slots.refetch()}>
                    Try again
                  </Button>
                }
              >
                {errorMessageOf(slots.error)}
              </Alert>
            ) : null}
            {slots.data && days.length === 0 ? (
              <Typography color="text.secondary">
                {unavailable ?? 'No free times in these days. Try later times.'}
              </Typography>
            ) : null}
            <RadioGroup
              aria-labelledby={slotsLabelId}
              value={slot?.key ?? ''}
              onChange={(event) => {
                const chosen = days
                  .flatMap((day) => day.slots)
                  .find((candidate) => candidate.key === event.target.value);
                setSlot(chosen ?? null);
                setSlotError(null);
              }}
            >
              {days.map((day) => (
                <Box key={day.dateLocal} sx={{ mb: 1 }}>
                  <Typography variant="body2" component="p" sx={{ fontWeight: 600 }}>
                    {dayHeading(day.dateLocal)}
                  </Typography>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
                    {day.slots.map((candidate) => (
                      <FormControlLabel
                        key={candidate.key}
                        value={candidate.key}
                        control={<Radio size="small" />}
                        label={`${twelveHour(candidate.timeLocal)}${
                          entry.provider ? '' : ` · ${candidate.providerName}`
                        }`}
                      />
                    ))}
                  </Box>
                </Box>
              ))}
            </RadioGroup>
          </FormControl>

          <Typography variant="subtitle1" component="h3" gutterBottom>
            Patient
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mb: 2 }}>
            <FormTextField control={control} name="firstName" label="First name" required size="small" />
            <FormTextField control={control} name="lastName" label="Last name" required size="small" />
            <FormTextField
              control={control}
              name="dateOfBirth"
              label="Date of birth"
              type="date"
              required
              size="small"
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormTextField control={control} name="phone" label="Phone" type="tel" required size="small" />
            <FormTextField control={control} name="email" label="E-mail" type="email" required size="small" />
          </Box>
          <FormSwitch
            control={control}
            name="smsPermission"
            label="The patient agrees to text messages about the appointment"
          />
          <FormSwitch
            control={control}
            name="emailPermission"
            label="The patient agrees to e-mails about the appointment"
          />
          <TextField
            label="Notes for the appointment"
            multiline
            minRows={2}
            fullWidth
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            error={notes.trim().length > NOTES_MAX_LENGTH}
            helperText={
              notes.trim().length > NOTES_MAX_LENGTH
                ? `Keep the notes to ${NOTES_MAX_LENGTH} characters or fewer`
                : `${notes.length}/${NOTES_MAX_LENGTH} characters`
            }
            sx={{ mt: 2 }}
          />
          {book.error ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessageOf(book.error, 'The appointment could not be booked. Please try again.')}
            </Alert>
          ) : null}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={book.isPending}>
          {book.isPending ? 'Booking…' : 'Book appointment'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
