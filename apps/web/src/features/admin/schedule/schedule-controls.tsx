import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { Trans, useLingui } from '@lingui/react/macro';
import { dateParam, stepDate, type ScheduleViewName } from './schedule-range';

export interface ScheduleControlsProps {
  locations: readonly { locationId: string; name: string }[];
  locationId: string;
  providers: readonly { providerId: string; displayName: string }[];
  providerFilter: readonly string[];
  date: string;
  today: string;
  view: ScheduleViewName;
  showCancelled: boolean;
  onLocation: (locationId: string) => void;
  onProviderFilter: (providerIds: string[]) => void;
  onDate: (date: string) => void;
  onView: (view: ScheduleViewName) => void;
  onShowCancelled: (show: boolean) => void;
}

/**
 * The schedule's controls, all reachable by keyboard: location, providers shown, Previous / Today /
 * Next, a date field (jump to a date), Day / Week, and whether cancelled appointments show.
 */
export function ScheduleControls(props: ScheduleControlsProps) {
  const { t } = useLingui();
  const { view, date, today, onDate } = props;
  const providerCount = props.providers.length;
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={1.5}
      sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}
      role="group"
      aria-label={t`Schedule controls`}
    >
      <TextField
        select
        size="small"
        label={t`Location`}
        value={props.locationId}
        onChange={(event) => props.onLocation(event.target.value)}
        sx={{ minWidth: 220 }}
      >
        {props.locations.map((candidate) => (
          <MenuItem key={candidate.locationId} value={candidate.locationId}>
            {candidate.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t`Providers`}
        value={props.providerFilter}
        onChange={(event) => {
          const value = event.target.value as unknown;
          props.onProviderFilter(Array.isArray(value) ? value.map(String) : String(value).split(','));
        }}
        slotProps={{
          select: {
            multiple: true,
            displayEmpty: true,
            renderValue: (selected) =>
              Array.isArray(selected) && selected.length > 0
                ? t`${selected.length} of ${providerCount} providers`
                : t`All providers`,
          },
          inputLabel: { shrink: true },
        }}
        sx={{ minWidth: 200 }}
      >
        {props.providers.map((provider) => (
          <MenuItem key={provider.providerId} value={provider.providerId}>
            <Checkbox checked={props.providerFilter.includes(provider.providerId)} size="small" />
            <ListItemText primary={provider.displayName} />
          </MenuItem>
        ))}
      </TextField>
      <Button variant="outlined" onClick={() => onDate(stepDate(view, date, -1))}>
        {view === 'day' ? <Trans>Previous day</Trans> : <Trans>Previous week</Trans>}
      </Button>
      <Button variant="outlined" onClick={() => onDate(today)} disabled={date === today}>
        <Trans>Today</Trans>
      </Button>
      <Button variant="outlined" onClick={() => onDate(stepDate(view, date, 1))}>
        {view === 'day' ? <Trans>Next day</Trans> : <Trans>Next week</Trans>}
      </Button>
      <TextField
        type="date"
        size="small"
        label={t`Date`}
        value={date}
        onChange={(event) => {
          const picked = dateParam(event.target.value);
          if (picked) onDate(picked);
        }}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <ToggleButtonGroup
        size="small"
        exclusive
        value={view}
        aria-label={t`View`}
        onChange={(_event, value: ScheduleViewName | null) => {
          if (value) props.onView(value);
        }}
      >
        <ToggleButton value="day">
          <Trans>Day</Trans>
        </ToggleButton>
        <ToggleButton value="week">
          <Trans>Week</Trans>
        </ToggleButton>
      </ToggleButtonGroup>
      <FormControlLabel
        control={
          <Checkbox
            checked={props.showCancelled}
            onChange={(event) => props.onShowCancelled(event.target.checked)}
          />
        }
        label={t`Show cancelled`}
      />
    </Stack>
  );
}
