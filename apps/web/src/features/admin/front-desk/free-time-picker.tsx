import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FreeTime } from '@scheduler/contract/admin/front-desk';
import { addCalendarDays, isValidIsoDate } from '@scheduler/domain/local-date';
import { useEffect, useId } from 'react';
import { formatZonedTime, todayIn, zoneLongName, zonedTimeLabel } from '../../../lib/zoned-time';
import { errorMessageOf } from '../shared/api/admin-request';
import { useFreeTimes } from './front-desk-api';

/** The time chosen: a provider's free time (its overrides say whether a reason is needed). */
export interface ChosenTime {
  providerId: string;
  providerName: string;
  startUtc: string;
  overrides: FreeTime['overrides'];
}

export interface FreeTimePickerProps {
  clientId: string;
  appointmentTypeId: string;
  locationId: string;
  /** '' for every provider. */
  providerId: string;
  /** 'YYYY-MM-DD' at the location. */
  date: string;
  onDate: (date: string) => void;
  /** The location's zone: every time is shown on its clock, with the zone named. */
  timeZone: string;
  value: ChosenTime | null;
  onChange: (value: ChosenTime) => void;
  /** A reschedule: the appointment's own time counts as free. */
  appointmentId?: string | undefined;
  /** The chosen time is not among the free times shown (another service, a taken time). */
  onUnavailable?: (() => void) | undefined;
}

/** 'Tuesday, December 1, 2026': a day (no zone: a date, not a time). */
export function dayHeading(date: string): string {
  return zonedTimeLabel(Date.parse(`${date}T12:00:00.000Z`), 'UTC').longDate;
}

/** One provider's free times as buttons (pressed: chosen). */
function ProviderTimes({
  name,
  onlineBookable,
  times,
  timeZone,
  chosen,
  onChoose,
}: {
  name: string;
  onlineBookable: boolean;
  times: readonly FreeTime[];
  timeZone: string;
  chosen: string | null;
  onChoose: (time: FreeTime) => void;
}) {
  const { t } = useLingui();
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 2 }}>
      <Typography id={headingId} variant="subtitle2" component="h4" gutterBottom>
        {onlineBookable ? name : t`${name} (not bookable online)`}
      </Typography>
      {times.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          <Trans>No free time on this day.</Trans>
        </Typography>
      ) : (
        <Box role="group" aria-labelledby={headingId} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {times.map((time) => {
            const label = formatZonedTime(time.startUtc, timeZone);
            const needsReason = time.overrides.length > 0;
            return (
              <Button
                key={time.startUtc}
                size="small"
                variant={chosen === time.startUtc ? 'contained' : 'outlined'}
                color={needsReason ? 'warning' : 'primary'}
                aria-pressed={chosen === time.startUtc}
                aria-label={
                  needsReason
                    ? t`${label} with ${name}, needs a reason (sooner than the minimum notice)`
                    : t`${label} with ${name}`
                }
                onClick={() => onChoose(time)}
              >
                {label}
                {needsReason ? ' *' : ''}
              </Button>
            );
          })}
        </Box>
      )}
    </Box>
  );
}

/**
 * The free times of one day at a location (staff rules: offline providers included, no online
 * booking window), with day navigation. Times are the location's, with its zone named.
 */
export function FreeTimePicker(props: FreeTimePickerProps) {
  const { clientId, appointmentTypeId, locationId, providerId, date, timeZone, value } = props;
  const { t } = useLingui();
  const dateId = useId();
  const ready = appointmentTypeId !== '' && locationId !== '' && isValidIsoDate(date);
  const times = useFreeTimes(
    clientId,
    ready
      ? {
          appointmentTypeId,
          locationId,
          date,
          ...(providerId ? { providerId } : {}),
          ...(props.appointmentId ? { appointmentId: props.appointmentId } : {}),
        }
      : null,
  );
  const chosenStart = value?.startUtc ?? null;
  const providers = times.data?.providers ?? [];
  // A chosen time (a clicked one, or one kept across a change of service) as the list has it.
  const { onChange, onUnavailable } = props;
  const listed = times.data?.providers
    .find((provider) => provider.providerId === value?.providerId)
    ?.times.find((time) => time.startUtc === value?.startUtc);
  const loaded = times.isSuccess && !times.isFetching;
  useEffect(() => {
    if (!loaded || value === null) return;
    if (listed === undefined) onUnavailable?.();
    else if (value.providerName === '' || value.overrides.join() !== listed.overrides.join()) {
      const provider = times.data.providers.find((p) => p.providerId === value.providerId);
      onChange({ ...value, providerName: provider?.name ?? '', overrides: listed.overrides });
    }
  }, [loaded, value, listed, onChange, onUnavailable, times.data]);
  const anyTime = providers.some((provider) => provider.times.length > 0);
  const zoneName = zoneLongName(timeZone);
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <Button onClick={() => props.onDate(addCalendarDays(date, -1))} disabled={!isValidIsoDate(date)}>
          <Trans>Previous day</Trans>
        </Button>
        <TextField
          id={dateId}
          type="date"
          size="small"
          label={t`Day`}
          value={date}
          onChange={(event) => {
            if (isValidIsoDate(event.target.value)) props.onDate(event.target.value);
          }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button onClick={() => props.onDate(addCalendarDays(date, 1))} disabled={!isValidIsoDate(date)}>
          <Trans>Next day</Trans>
        </Button>
        <Button onClick={() => props.onDate(todayIn(timeZone))}>
          <Trans>Today</Trans>
        </Button>
      </Stack>
      <Typography variant="subtitle1" component="h3" aria-live="polite">
        {isValidIsoDate(date) ? dayHeading(date) : t`Choose a day`}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        <Trans>
          Times in {zoneName} ({timeZone}). * needs a reason: sooner than the practice’s minimum notice.
        </Trans>
      </Typography>
      {!ready ? (
        <Typography variant="body2">
          <Trans>Choose the service and the location first.</Trans>
        </Typography>
      ) : times.isPending ? (
        <CircularProgress size={24} aria-label={t`Loading free times`} />
      ) : times.isError ? (
        <Alert severity="error">{errorMessageOf(times.error, t`The free times could not be loaded.`)}</Alert>
      ) : (
        <>
          {anyTime ? null : (
            <Typography variant="body2" role="status" sx={{ mb: 1 }}>
              <Trans>No free times on this day. Try another day.</Trans>
            </Typography>
          )}
          {providers
            .filter((provider) => provider.times.length > 0)
            .map((provider) => (
              <ProviderTimes
                key={provider.providerId}
                name={provider.name}
                onlineBookable={provider.onlineBookable}
                times={provider.times}
                timeZone={timeZone}
                chosen={value?.providerId === provider.providerId ? chosenStart : null}
                onChoose={(time) =>
                  props.onChange({
                    providerId: provider.providerId,
                    providerName: provider.name,
                    startUtc: time.startUtc,
                    overrides: time.overrides,
                  })
                }
              />
            ))}
        </>
      )}
    </Box>
  );
}
