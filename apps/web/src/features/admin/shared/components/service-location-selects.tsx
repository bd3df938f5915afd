import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useLingui } from '@lingui/react/macro';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * The required "Service" and "Location" selects of the dialogs that book or move an appointment
 * (the front desk's and the waitlist's): small outlined selects of the brand's services and locations.
 */

interface SelectProps<T> {
  options: readonly T[];
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  sx?: SxProps<Theme>;
}

export function ServiceSelect({
  options,
  value,
  onChange,
  disabled,
  sx = { minWidth: 220 },
}: SelectProps<{ appointmentTypeId: string; name: string }>) {
  const { t } = useLingui();
  return (
    <TextField
      select
      size="small"
      label={t`Service`}
      required
      disabled={disabled}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={sx}
    >
      {options.map((service) => (
        <MenuItem key={service.appointmentTypeId} value={service.appointmentTypeId}>
          {service.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function LocationSelect({
  options,
  value,
  onChange,
  disabled,
  sx = { minWidth: 220 },
}: SelectProps<{ locationId: string; name: string }>) {
  const { t } = useLingui();
  return (
    <TextField
      select
      size="small"
      label={t`Location`}
      required
      disabled={disabled}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={sx}
    >
      {options.map((location) => (
        <MenuItem key={location.locationId} value={location.locationId}>
          {location.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
