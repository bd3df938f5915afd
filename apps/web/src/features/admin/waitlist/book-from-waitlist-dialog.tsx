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
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { WaitlistEntry } from '@scheduler/contract/admin-config';
import { NOTES_MAX_LENGTH } from '@scheduler/contract/booking';
import type { GetFiltersResponse } from '@scheduler/contract/patient-management';
import { staffDateOfBirthIssue } from '@scheduler/contract/waitlist';
import type { BookFromWaitListRequestInput } from '@scheduler/contract/waitlist';
import { localDateOf } from '@scheduler/domain/time-zone';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { errorMessageOf } from '../api/admin-request';
import { LoadingBlock } from '../components/query-state';
import { addDays, formatIsoDate } from '../patients/format';
import { dayHeading, localTimeToUtc, openSlotsByDay, twelveHour, type OpenSlot } from './slot-model';
import { bookFromWaitlist, fetchOpenSlots, SLOT_SEARCH_DAYS, type SlotSearch } from './waitlist-api';

export interface BookFromWaitlistDialogProps {
  clientId: string;
  entry: WaitlistEntry;
  clientSlug: string;
  schedulerSlug: string;
  options: GetFiltersResponse | undefined;
  onClose: () => void;
  onBooked: (summary: string) => void;
}

/**
 * Books a waitlisted patient: one of the free times of the entry's provider (or any provider) for
 * its service at its location, or another time staff enter (today, or beyond the patient booking
 * window; the server still refuses a past time, a time outside the provider's working hours and a
 * taken time). The patient is the entry's; staff confirm the contact permissions, and enter the
 * date of birth when the entry has none (the patient record is matched or created by it). POST
 * bookFromWaitList books it and marks the entry booked in one transaction.
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
  const [otherDate, setOtherDate] = useState('');
  const [otherTime, setOtherTime] = useState('');
  const [otherProviderId, setOtherProviderId] = useState(entry.provider?.providerId ?? '');
  const [smsPermission, setSmsPermission] = useState(false);
  const [emailPermission, setEmailPermission] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const otherHelpId = useId();
  // Asked only when the entry has no date of birth.
  const needsDateOfBirth = entry.dateOfBirth === null;
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [dateOfBirthError, setDateOfBirthError] = useState<string | null>(null);
  const dateOfBirthRef = useRef<HTMLInputElement>(null);

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

  const timeZone =
    options?.locations.find((location) => location.locationId === locationId)?.timeZone ??
    options?.defaultTimeZone ??
    'UTC';
  const otherStartUtc = localTimeToUtc(otherDate, otherTime, timeZone);
  const usingOtherTime = otherDate !== '' || otherTime !== '';

  const book = useMutation({
    mutationFn: (booking: BookFromWaitListRequestInput) => bookFromWaitlist(clientId, booking),
    onSuccess: (answer) => {
      onBooked(
        `Booked ${entry.firstName} ${entry.lastName} with ${answer.provider.name} on ${dayHeading(
          answer.dateLocal,
        )} at ${twelveHour(answer.timeLocal)}`,
      );
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) {
        setSlot(null);
        void slots.refetch();
      }
      // A refused request is not replayed: the next attempt is a new booking request.
      if (isApiError(error) && error.status !== null && error.status < 500)
        setIdempotencyKey(crypto.randomUUID());
      void notify(errorMessageOf(error, 'The appointment could not be booked. Please try again.'), 'error');
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (notes.trim().length > NOTES_MAX_LENGTH) return;
    let enteredDateOfBirth: string | undefined;
    if (needsDateOfBirth) {
      const issue = staffDateOfBirthIssue(dateOfBirth, localDateOf(new Date(), timeZone));
      setDateOfBirthError(issue);
      if (issue !== null) {
        dateOfBirthRef.current?.focus();
        return;
      }
      enteredDateOfBirth = dateOfBirth.trim();
    }
    let chosen: { providerId: string; locationId: string; startUtc: string } | null = null;
    if (usingOtherTime) {
      if (!otherStartUtc) {
        setSlotError('Enter both the date and the time');
        return;
      }
      if (!otherProviderId) {
        setSlotError('Choose the provider');
        return;
      }
      chosen = { providerId: otherProviderId, locationId, startUtc: otherStartUtc };
    } else if (slot) {
      chosen = { providerId: slot.providerId, locationId: slot.locationId, startUtc: slot.startUtc };
    }
    if (!chosen) {
      setSlotError('Choose a time');
      document.getElementById(slotsLabelId)?.scrollIntoView({ block: 'center' });
      return;
    }
    book.mutate({
      waitlistEntryId: entry.waitlistEntryId,
      appointmentTypeId,
      ...chosen,
      smsPermission,
      emailPermission,
      notes: notes.trim(),
      ...(enteredDateOfBirth === undefined ? {} : { dateOfBirth: enteredDateOfBirth }),
      idempotencyKey,
    });
  };

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
        <Box component="form" id={`${titleId}-form`} noValidate onSubmit={onSubmit}>
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
                setOtherDate('');
                setOtherTime('');
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

          <Box
            component="fieldset"
            aria-describedby={otherHelpId}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mb: 2 }}
          >
            <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
              Another time
            </Typography>
            <Typography id={otherHelpId} variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              Staff may book today or beyond the online booking window, within the provider&apos;s working
              hours at this location. Times are the location&apos;s local time.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                size="small"
                label="Date"
                type="date"
                value={otherDate}
                onChange={(event) => {
                  setOtherDate(event.target.value);
                  setSlot(null);
                  setSlotError(null);
                }}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                size="small"
                label="Time"
                type="time"
                value={otherTime}
                onChange={(event) => {
                  setOtherTime(event.target.value);
                  setSlot(null);
                  setSlotError(null);
                }}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
              />
              {entry.provider ? null : (
                <TextField
                  select
                  size="small"
                  label="Provider for this time"
                  value={otherProviderId}
                  onChange={(event) => setOtherProviderId(event.target.value)}
                  sx={{ minWidth: 220 }}
                >
                  {(options?.providers ?? []).map((provider) => (
                    <MenuItem key={provider.providerId} value={provider.providerId}>
                      {provider.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </Stack>
          </Box>

          <Typography variant="subtitle1" component="h3" gutterBottom>
            Patient
          </Typography>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'max-content 1fr',
              columnGap: 2,
              rowGap: 0.5,
              mt: 0,
              mb: 2,
            }}
          >
            <Typography component="dt" variant="body2" color="text.secondary">
              Name
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {entry.firstName} {entry.lastName}
            </Typography>
            {needsDateOfBirth ? null : (
              <>
                <Typography component="dt" variant="body2" color="text.secondary">
                  Date of birth
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {entry.dateOfBirth ? formatIsoDate(entry.dateOfBirth) : '—'}
                </Typography>
              </>
            )}
            <Typography component="dt" variant="body2" color="text.secondary">
              Phone
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {entry.phone ?? '—'}
            </Typography>
            <Typography component="dt" variant="body2" color="text.secondary">
              E-mail
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {entry.email ?? '—'}
            </Typography>
          </Box>
          {needsDateOfBirth ? (
            <TextField
              size="small"
              label="Date of birth"
              type="date"
              required
              value={dateOfBirth}
              inputRef={dateOfBirthRef}
              onChange={(event) => {
                setDateOfBirth(event.target.value);
                setDateOfBirthError(null);
              }}
              error={dateOfBirthError !== null}
              helperText={
                dateOfBirthError ??
                'The waitlist entry has no date of birth: it is needed to find or create the patient record.'
              }
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ mb: 2, minWidth: 220 }}
            />
          ) : null}
          <FormControlLabel
            control={
              <Switch checked={smsPermission} onChange={(event) => setSmsPermission(event.target.checked)} />
            }
            label="The patient agrees to text messages about the appointment"
          />
          <FormControlLabel
            control={
              <Switch
                checked={emailPermission}
                onChange={(event) => setEmailPermission(event.target.checked)}
              />
            }
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
