import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessageOf } from '../shared/api/admin-request';
import { LoadingBlock } from '../shared/components/query-state';
import { formatZonedTime } from '../../../lib/zoned-time';
import { dayHeading, type OpenSlot } from './slot-model';
import type { OpenSlots } from './use-open-slots';

export interface FreeTimesFieldProps {
  labelId: string;
  openSlots: OpenSlots;
  slot: OpenSlot | null;
  error: string | null;
  /** The entry names no provider: each time shows whose it is. */
  showProvider: boolean;
  onChoose: (slot: OpenSlot | null) => void;
  /** The location's zone: each time on its clock, zone named ('8:00 AM CT'). */
  timeZone: string;
}

/** The free times of the search, day by day, with paging to earlier and later days. */
export function FreeTimesField({
  labelId,
  openSlots,
  slot,
  error,
  showProvider,
  onChoose,
  timeZone,
}: FreeTimesFieldProps) {
  const { t } = useLingui();
  const { slots, days, unavailable } = openSlots;
  const chosenDay = slot ? dayHeading(slot.dateLocal) : '';
  const chosenTime = slot ? formatZonedTime(slot.startUtc, timeZone) : '';
  return (
    <FormControl component="fieldset" error={error !== null} sx={{ width: '100%', mb: 2 }}>
      <FormLabel component="legend" id={labelId}>
        {slot ? t`Free times: ${chosenDay} at ${chosenTime}` : t`Free times`}
      </FormLabel>
      <Stack direction="row" spacing={1} sx={{ my: 1, alignItems: 'center' }}>
        <Button size="small" onClick={openSlots.earlier} disabled={openSlots.earlierDisabled}>
          <Trans>Earlier times</Trans>
        </Button>
        <Button size="small" onClick={openSlots.later} disabled={openSlots.laterDisabled}>
          <Trans>Later times</Trans>
        </Button>
      </Stack>
      {error ? <FormHelperText>{error}</FormHelperText> : null}
      {openSlots.searching ? null : (
        <Typography color="text.secondary">
          <Trans>Choose the service and the location first.</Trans>
        </Typography>
      )}
      {slots.isPending && openSlots.searching ? <LoadingBlock label={t`Looking for free times…`} /> : null}
      {slots.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void slots.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          }
        >
          {errorMessageOf(slots.error)}
        </Alert>
      ) : null}
      {slots.data && days.length === 0 ? (
        <Typography color="text.secondary">
          {unavailable ?? t`No free times in these days. Try later times.`}
        </Typography>
      ) : null}
      <RadioGroup
        aria-labelledby={labelId}
        value={slot?.key ?? ''}
        onChange={(event) => {
          const chosen = days
            .flatMap((day) => day.slots)
            .find((candidate) => candidate.key === event.target.value);
          onChoose(chosen ?? null);
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
                  label={`${formatZonedTime(candidate.startUtc, timeZone)}${showProvider ? ` · ${candidate.providerName}` : ''}`}
                />
              ))}
            </Box>
          </Box>
        ))}
      </RadioGroup>
    </FormControl>
  );
}
