import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { WaitlistEntry } from '@scheduler/contract/admin/waitlist';
import { NOTES_MAX_LENGTH } from '@scheduler/contract/booking';
import type { GetFiltersResponse } from '@scheduler/contract/patient-management/patients';
import { staffDateOfBirthIssue, type BookFromWaitListRequestInput } from '@scheduler/contract/waitlist';
import { localDateOf } from '@scheduler/domain/time-zone';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { errorMessageOf } from '../shared/api/admin-request';
import { staffText } from '../shared/contract-texts';
import { dayHeading, localTimeToUtc, type OpenSlot } from './slot-model';
import { formatZonedTime } from '../../../lib/zoned-time';
import { useOpenSlots } from './use-open-slots';
import { bookFromWaitlist } from './waitlist-api';
import { i18n } from '../../../i18n/catalogs';

export const BOOKING_FAILED = msg`The appointment could not be booked. Please try again.`;

export interface BookFromWaitlistOptions {
  clientId: string;
  entry: WaitlistEntry;
  clientSlug: string;
  schedulerSlug: string;
  options: GetFiltersResponse | undefined;
  onBooked: (summary: string) => void;
  /** The id of the free times' label (scrolled to when no time is chosen). */
  slotsLabelId: string;
}

type Chosen = { providerId: string; locationId: string; startUtc: string };

/** A time staff entered, else the chosen free time: the booking's time, or what is missing. */
function chosenTime(input: {
  usingOtherTime: boolean;
  otherStartUtc: string | null;
  otherProviderId: string;
  locationId: string;
  slot: OpenSlot | null;
}): { chosen: Chosen } | { error: string } {
  if (input.usingOtherTime) {
    if (!input.otherStartUtc) return { error: i18n._(msg`Enter both the date and the time`) };
    if (!input.otherProviderId) return { error: i18n._(msg`Choose the provider`) };
    return {
      chosen: {
        providerId: input.otherProviderId,
        locationId: input.locationId,
        startUtc: input.otherStartUtc,
      },
    };
  }
  const { slot } = input;
  if (slot)
    return { chosen: { providerId: slot.providerId, locationId: slot.locationId, startUtc: slot.startUtc } };
  return { error: i18n._(msg`Choose a time`) };
}

/** POST bookFromWaitList; a refused request is not replayed (`onRefused` gives the next one a new key). */
function useBookMutation(
  clientId: string,
  entry: WaitlistEntry,
  onBooked: (summary: string) => void,
  onConflict: () => void,
  onRefused: () => void,
) {
  const { t, i18n: active } = useLingui();
  return useMutation({
    mutationFn: (booking: BookFromWaitListRequestInput) => bookFromWaitlist(clientId, booking),
    onSuccess: (answer) => {
      const name = `${entry.firstName} ${entry.lastName}`;
      const provider = answer.provider.name;
      const day = dayHeading(answer.dateLocal);
      const time = formatZonedTime(answer.startUtc, answer.timeZone);
      const confirmationNumber = answer.confirmationNumber;
      onBooked(
        t`Booked ${name} with ${provider} on ${day} at ${time}. Confirmation number: ${confirmationNumber}`,
      );
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) onConflict();
      // A refused request is not replayed: the next attempt is a new booking request.
      if (isApiError(error) && error.status !== null && error.status < 500) onRefused();
      void notify(errorMessageOf(error, active._(BOOKING_FAILED)), 'error');
    },
  });
}

/**
 * The date of birth staff enter when the entry has none (the patient record is matched or created
 * by it). `check` answers the entered date, undefined when none is asked, or null (focused) when invalid.
 */
function useDateOfBirth(entry: WaitlistEntry) {
  const needed = entry.dateOfBirth === null;
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const check = (timeZone: string): string | undefined | null => {
    if (!needed) return undefined;
    const issue = staffDateOfBirthIssue(value, localDateOf(new Date(), timeZone));
    setError(issue === null ? null : staffText(issue));
    if (issue !== null) {
      inputRef.current?.focus();
      return null;
    }
    return value.trim();
  };
  const onChange = (next: string) => {
    setValue(next);
    setError(null);
  };
  return { check, field: { needed, value, error, inputRef, onChange } };
}

/** A free time, or a time staff enter (date, time and, when the entry names none, the provider). */
function useTimeChoice(entry: WaitlistEntry) {
  const [slot, setSlot] = useState<OpenSlot | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [otherDate, setOtherDate] = useState('');
  const [otherTime, setOtherTime] = useState('');
  const [otherProviderId, setOtherProviderId] = useState(entry.provider?.providerId ?? '');
  const changeOtherTime = (set: (value: string) => void) => (value: string) => {
    set(value);
    setSlot(null);
    setError(null);
  };
  return {
    clearSlot: () => setSlot(null),
    setError,
    usingOtherTime: otherDate !== '' || otherTime !== '',
    chosen: (locationId: string, timeZone: string) =>
      chosenTime({
        usingOtherTime: otherDate !== '' || otherTime !== '',
        otherStartUtc: localTimeToUtc(otherDate, otherTime, timeZone),
        otherProviderId,
        locationId,
        slot,
      }),
    freeTime: {
      slot,
      error,
      choose: (chosen: OpenSlot | null) => {
        setSlot(chosen);
        setError(null);
        setOtherDate('');
        setOtherTime('');
      },
    },
    otherTime: {
      date: otherDate,
      time: otherTime,
      providerId: otherProviderId,
      onDate: changeOtherTime(setOtherDate),
      onTime: changeOtherTime(setOtherTime),
      onProvider: setOtherProviderId,
    },
  };
}

/** The contact permissions staff confirm and the appointment's notes (the entry's by default). */
function useConsent(entry: WaitlistEntry) {
  const [notes, setNotes] = useState(entry.notes ?? '');
  const [sms, setSms] = useState(false);
  const [email, setEmail] = useState(false);
  return { sms, email, notes, onSms: setSms, onEmail: setEmail, onNotes: setNotes };
}

/**
 * The state of the book-from-waitlist form: service and location, a free time or another time,
 * the date of birth when the entry has none, the contact permissions and the notes.
 */
export function useBookFromWaitlist({
  clientId,
  entry,
  clientSlug,
  schedulerSlug,
  options,
  onBooked,
  slotsLabelId,
}: BookFromWaitlistOptions) {
  const [locationId, setLocationId] = useState(entry.location?.locationId ?? '');
  const [appointmentTypeId, setAppointmentTypeId] = useState(entry.service?.appointmentTypeId ?? '');
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const time = useTimeChoice(entry);
  const consent = useConsent(entry);
  const dateOfBirth = useDateOfBirth(entry);

  const openSlots = useOpenSlots(
    locationId && appointmentTypeId
      ? {
          clientSlug,
          schedulerSlug,
          appointmentTypeId,
          locationId,
          providerId: entry.provider?.providerId ?? null,
          isExistingPatient: entry.patientId !== null,
        }
      : null,
    time.clearSlot,
  );
  const timeZone =
    options?.locations.find((location) => location.locationId === locationId)?.timeZone ??
    options?.defaultTimeZone ??
    'UTC';

  const book = useBookMutation(
    clientId,
    entry,
    onBooked,
    () => {
      time.clearSlot();
      void openSlots.slots.refetch();
    },
    () => setIdempotencyKey(crypto.randomUUID()),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (consent.notes.trim().length > NOTES_MAX_LENGTH) return;
    const enteredDateOfBirth = dateOfBirth.check(timeZone);
    if (enteredDateOfBirth === null) return;
    const choice = time.chosen(locationId, timeZone);
    if ('error' in choice) {
      time.setError(choice.error);
      if (!time.usingOtherTime) document.getElementById(slotsLabelId)?.scrollIntoView({ block: 'center' });
      return;
    }
    book.mutate({
      waitlistEntryId: entry.waitlistEntryId,
      appointmentTypeId,
      ...choice.chosen,
      smsPermission: consent.sms,
      emailPermission: consent.email,
      notes: consent.notes.trim(),
      ...(enteredDateOfBirth === undefined ? {} : { dateOfBirth: enteredDateOfBirth }),
      idempotencyKey,
    });
  };

  return {
    book,
    onSubmit,
    openSlots,
    appointment: {
      appointmentTypeId,
      locationId,
      setAppointmentTypeId: (value: string) => {
        setAppointmentTypeId(value);
        time.clearSlot();
      },
      setLocationId: (value: string) => {
        setLocationId(value);
        time.clearSlot();
      },
    },
    freeTime: time.freeTime,
    otherTime: time.otherTime,
    dateOfBirth: dateOfBirth.field,
    consent,
    /** The chosen location's zone: its free times are shown on its clock, zone named. */
    timeZone,
  };
}
