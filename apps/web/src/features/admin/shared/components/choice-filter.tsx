import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export const filterFieldSx = { minWidth: 170, flex: '1 1 170px' } as const;

export interface ChoiceFilterProps {
  label: string;
  /** The first choice, meaning "no filter" ('Any location'). */
  anyLabel: string;
  value: string;
  /** undefined while the choices load (the filter is disabled then). */
  choices: readonly { value: string; label: string }[] | undefined;
  onChange: (value: string) => void;
}

/** One filter of a list: a select of the choices, or any of them. */
export function ChoiceFilter({ label, anyLabel, value, choices, onChange }: ChoiceFilterProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      disabled={choices === undefined}
      onChange={(event) => onChange(event.target.value)}
      sx={filterFieldSx}
    >
      <MenuItem value="">{anyLabel}</MenuItem>
      {choices?.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

interface FilterOptions {
  locations: readonly { locationId: string; name: string }[];
  providers: readonly { providerId: string; name: string }[];
  services: readonly { appointmentTypeId: string; name: string }[];
}

/** The location, provider and service choices of get_filters, as ChoiceFilter choices. */
export function filterChoices(options: FilterOptions | undefined) {
  return {
    locations: options?.locations.map((location) => ({ value: location.locationId, label: location.name })),
    providers: options?.providers.map((provider) => ({ value: provider.providerId, label: provider.name })),
    services: options?.services.map((service) => ({ value: service.appointmentTypeId, label: service.name })),
  };
}
