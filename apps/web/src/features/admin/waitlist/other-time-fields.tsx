import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GetFiltersResponse } from '@scheduler/contract/patient-management/patients';
import { useId } from 'react';

export interface OtherTimeFieldsProps {
  date: string;
  time: string;
  providerId: string;
  /** null: the entry names no provider, so staff choose one for this time. */
  entryProviderId: string | null;
  providers: GetFiltersResponse['providers'];
  onDate: (date: string) => void;
  onTime: (time: string) => void;
  onProvider: (providerId: string) => void;
}

/** A time staff enter instead of a free time (today, or beyond the online booking window). */
export function OtherTimeFields(props: OtherTimeFieldsProps) {
  const { t } = useLingui();
  const helpId = useId();
  return (
    <Box
      component="fieldset"
      aria-describedby={helpId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mb: 2 }}
    >
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        <Trans>Another time</Trans>
      </Typography>
      <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        <Trans>
          Staff may book today or beyond the online booking window, within the provider&apos;s working hours
          at this location. Times are the location&apos;s local time.
        </Trans>
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          size="small"
          label={t`Date`}
          type="date"
          value={props.date}
          onChange={(event) => props.onDate(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          label={t`Time`}
          type="time"
          value={props.time}
          onChange={(event) => props.onTime(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
        />
        {props.entryProviderId ? null : (
          <TextField
            select
            size="small"
            label={t`Provider for this time`}
            value={props.providerId}
            onChange={(event) => props.onProvider(event.target.value)}
            sx={{ minWidth: 220 }}
          >
            {props.providers.map((provider) => (
              <MenuItem key={provider.providerId} value={provider.providerId}>
                {provider.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
    </Box>
  );
}
