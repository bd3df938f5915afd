import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import type { ManageAppointmentResponse } from '@scheduler/contract/manage';
import type { GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { request } from '../../../lib/api-client';
import { contractSchema } from '../api/contract-validation';
import { providersQueryParams } from '../api/get-providers';
import { formatDayLabel } from '../lib/slot-format';
import { labelOf, whenText } from './appointment-facts';

/**
 * The find-a-time step of a reschedule: the same service and location (and the same provider
 * unless the practice lets patients change it), through the public slot search (GET getProviders)
 * with the booking window's rules. A day list (the days that have times), then that day's times.
 * Small and plain on purpose: a native select for the day and radio buttons for the time.
 */

type Scope = { clientName: string; scheduler: string };

export interface ChosenTime {
  startUtc: string;
  providerId: string;
  providerName: string;
}

function searchParams(appointment: ManageAppointmentResponse, scope: Scope, fromDate: string | null) {
  const params = providersQueryParams(scope, {
    appointmentTypeId: appointment.service.appointmentTypeId,
    locationId: appointment.location.id,
    genders: ['M', 'F'],
    postalCode: '',
    maxDistance: 30,
    insurancePlanId: null,
    isExistingPatient: appointment.isExistingPatient,
    fromDate,
    days: 1,
  });
  if (!appointment.reschedule.anyProvider) params.providerId = appointment.provider.providerId;
  return params;
}

/** One slot search, told to no tracking hook (the page's address carries the manage token). */
function searchSlots(
  appointment: ManageAppointmentResponse,
  scope: Scope,
  fromDate: string | null,
  signal: AbortSignal,
): Promise<GetProvidersResponse> {
  return request({
    path: 'getProviders',
    params: searchParams(appointment, scope, fromDate),
    signal,
    report: false,
    schema: contractSchema('getProvidersResponseSchema'),
  });
}

export const rescheduleSlotsKey = (token: string) => ['manage', token, 'slots'] as const;

interface TimeOption {
  value: string;
  time: ChosenTime;
  label: string;
}

/** The times of one day, by provider (only the appointment's provider unless any is allowed). */
function timesOf(
  i18n: I18n,
  answer: GetProvidersResponse | undefined,
  appointment: ManageAppointmentResponse,
  day: string,
): { providerName: string; options: TimeOption[] }[] {
  if (!answer) return [];
  const providers = appointment.reschedule.anyProvider
    ? answer.providers
    : answer.providers.filter((provider) => provider.providerId === appointment.provider.providerId);
  return providers
    .map((provider) => ({
      providerName: provider.name,
      options: provider.slots
        .filter(
          (slot) =>
            slot.dateLocal === day &&
            slot.locationId === appointment.location.id &&
            slot.startUtc !== appointment.startUtc,
        )
        .map((slot) => {
          const label = labelOf(slot.startUtc, appointment.timeZone);
          const time = label ? label.full : slot.timeLocal;
          const providerName = provider.name;
          return {
            value: `${provider.providerId}|${slot.startUtc}`,
            time: { startUtc: slot.startUtc, providerId: provider.providerId, providerName: provider.name },
            label: appointment.reschedule.anyProvider ? i18n._(msg`${time}, ${providerName}`) : time,
          };
        }),
    }))
    .filter((group) => group.options.length > 0);
}

interface TimeChoicesProps {
  slots: { isPending: boolean; isError: boolean; refetch: () => unknown };
  day: string | null;
  groups: { providerName: string; options: TimeOption[] }[];
  picked: string;
  missing: boolean;
  onPick: (value: string) => void;
}

/** The free times of the chosen day as radio buttons (or why there are none). */
function TimeChoices({ slots, day, groups, picked, missing, onPick }: TimeChoicesProps) {
  if (slots.isPending)
    return (
      <p role="status">
        <Trans>Looking for free times…</Trans>
      </p>
    );
  if (slots.isError)
    return (
      <div role="alert">
        <p>
          <Trans>We could not load the times of this day.</Trans>
        </p>
        <Button variant="outlined" onClick={() => void slots.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  if (groups.length === 0)
    return (
      <p role="status">
        <Trans>No free times left on this day. Please choose another day.</Trans>
      </p>
    );
  const dayLabel = day ? formatDayLabel(day) : '';
  return (
    <FormControl component="fieldset" error={missing} sx={{ mb: 2, display: 'block' }}>
      <FormLabel component="legend">
        <Trans>Free times on {dayLabel}</Trans>
      </FormLabel>
      <RadioGroup
        name="new-time"
        value={picked}
        onChange={(event) => onPick(event.target.value)}
        sx={{ display: 'flex', flexDirection: 'row', flexWrap: 'wrap', columnGap: 2 }}
      >
        {groups.map((group) =>
          group.options.map((option) => (
            <FormControlLabel
              key={option.value}
              value={option.value}
              label={option.label}
              control={<Radio />}
              sx={{ minWidth: 150, minHeight: 44 }}
            />
          )),
        )}
      </RadioGroup>
      {missing ? (
        <p role="alert" style={{ margin: '4px 0 0' }}>
          <Trans>Choose a time</Trans>
        </p>
      ) : null}
    </FormControl>
  );
}

/** What is moved, on whose clock, and the practice's rules (cut-off and changes left). */
function RescheduleRules({ appointment }: { appointment: ManageAppointmentResponse }) {
  const { limit, used, cutoffHours } = appointment.reschedule;
  const left = Math.max(limit - used, 0);
  const serviceName = appointment.service.name;
  const locationName = appointment.location.name;
  const providerName = appointment.provider.name;
  return (
    <p style={{ marginTop: 0 }}>
      {appointment.reschedule.anyProvider ? (
        <Trans>
          {serviceName} at {locationName}. Times are shown in the location&apos;s time zone. You can
          reschedule online until <Plural value={cutoffHours} one="# hour" other="# hours" /> before the
          appointment ({left} of <Plural value={limit} one="# change" other="# changes" /> left).
        </Trans>
      ) : (
        <Trans>
          {serviceName} at {locationName} with {providerName}. Times are shown in the location&apos;s time
          zone. You can reschedule online until <Plural value={cutoffHours} one="# hour" other="# hours" />{' '}
          before the appointment ({left} of <Plural value={limit} one="# change" other="# changes" /> left).
        </Trans>
      )}
    </p>
  );
}

export interface ReschedulePickerProps {
  token: string;
  scope: Scope;
  appointment: ManageAppointmentResponse;
  submitting: boolean;
  onConfirm: (time: ChosenTime) => void;
  onBack: () => void;
}

export function ReschedulePicker({
  token,
  scope,
  appointment,
  submitting,
  onConfirm,
  onBack,
}: ReschedulePickerProps) {
  const headingId = useId();
  const [pickedDay, setPickedDay] = useState<string | null>(null);
  const [picked, setPicked] = useState<string>('');
  const [missing, setMissing] = useState(false);
  const { t, i18n } = useLingui();

  const dates = useQuery({
    queryKey: [...rescheduleSlotsKey(token), 'dates'],
    queryFn: ({ signal }) => searchSlots(appointment, scope, null, signal),
    staleTime: 15_000,
  });
  const availableDates = useMemo(() => dates.data?.availableDates ?? [], [dates.data]);
  const day =
    pickedDay !== null && availableDates.includes(pickedDay) ? pickedDay : (availableDates[0] ?? null);
  const slots = useQuery({
    queryKey: [...rescheduleSlotsKey(token), 'day', day],
    queryFn: ({ signal }) => searchSlots(appointment, scope, day, signal),
    enabled: day !== null,
    staleTime: 15_000,
  });
  const groups = day ? timesOf(i18n, slots.data, appointment, day) : [];
  const options = groups.flatMap((group) => group.options);
  const chosen = options.find((option) => option.value === picked) ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setMissing(true);
      return;
    }
    onConfirm(chosen.time);
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} style={{ fontSize: '1.25rem', margin: '24px 0 8px' }}>
        <Trans>Choose a new time</Trans>
      </h2>
      <RescheduleRules appointment={appointment} />
      {dates.isPending ? (
        <p role="status">
          <Trans>Looking for free times…</Trans>
        </p>
      ) : dates.isError ? (
        <div role="alert">
          <p>
            <Trans>We could not load the free times.</Trans>
          </p>
          <Button variant="outlined" onClick={() => void dates.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : availableDates.length === 0 ? (
        <p role="status">
          <Trans>There are no free times online for this appointment. Please call our office.</Trans>
        </p>
      ) : (
        <form noValidate onSubmit={submit}>
          <TextField
            select
            label={t`Day`}
            value={day ?? ''}
            onChange={(event) => {
              setPickedDay(event.target.value);
              setPicked('');
              setMissing(false);
            }}
            slotProps={{ select: { native: true } }}
            sx={{ mb: 2, minWidth: 240 }}
          >
            {availableDates.map((date) => (
              <option key={date} value={date}>
                {formatDayLabel(date)}
              </option>
            ))}
          </TextField>
          <TimeChoices
            slots={slots}
            day={day}
            groups={groups}
            picked={picked}
            missing={missing}
            onPick={(value) => {
              setPicked(value);
              setMissing(false);
            }}
          />
          {chosen ? <NewTime chosen={chosen.time} appointment={appointment} /> : null}
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
            <Button type="submit" variant="contained" disabled={submitting}>
              {submitting ? t`Moving your appointment…` : t`Confirm new time`}
            </Button>
            <Button type="button" variant="outlined" color="inherit" onClick={onBack} disabled={submitting}>
              <Trans>Keep my current time</Trans>
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

/** 'New time: Friday, … at 9:00 AM ET' (with the provider when any provider may be chosen). */
function NewTime({ chosen, appointment }: { chosen: ChosenTime; appointment: ManageAppointmentResponse }) {
  const { i18n } = useLingui();
  const when = whenText(i18n, chosen.startUtc, appointment.timeZone);
  const providerName = chosen.providerName;
  return (
    <p>
      {appointment.reschedule.anyProvider ? (
        <Trans>
          New time: {when} with {providerName}
        </Trans>
      ) : (
        <Trans>New time: {when}</Trans>
      )}
    </p>
  );
}
