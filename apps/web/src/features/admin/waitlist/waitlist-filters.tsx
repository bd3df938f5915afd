import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { WAITLIST_STATUSES } from '@scheduler/contract/admin/waitlist';
import type { GetFiltersResponse } from '@scheduler/contract/patient-management/patients';

const STATUS_OPTIONS = [
  { value: 'open', label: 'Waiting or contacted' },
  ...WAITLIST_STATUSES.map((status) => ({
    value: status,
    label: status[0]?.toUpperCase() + status.slice(1),
  })),
  { value: 'all', label: 'All' },
];

const fieldSx = { minWidth: 170, flex: '1 1 170px' } as const;

export interface WaitlistFilters {
  status: string;
  locationId: string;
  providerId: string;
  appointmentTypeId: string;
}

export const OPEN_ENTRIES: WaitlistFilters = {
  status: 'open',
  locationId: '',
  providerId: '',
  appointmentTypeId: '',
};

export interface WaitlistFiltersBarProps {
  filters: WaitlistFilters;
  /** The choices (get_filters); the location, provider and service filters wait for them. */
  options: GetFiltersResponse | undefined;
  onChange: (patch: Partial<WaitlistFilters>) => void;
}

/** The waitlist's filters: location, provider, service and status. */
export function WaitlistFiltersBar({ filters, options, onChange }: WaitlistFiltersBarProps) {
  return (
    <Box role="group" aria-label="Filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, width: '100%' }}>
      <TextField
        select
        size="small"
        label="Location"
        value={filters.locationId}
        disabled={!options}
        onChange={(event) => onChange({ locationId: event.target.value })}
        sx={fieldSx}
      >
        <MenuItem value="">Any location</MenuItem>
        {options?.locations.map((location) => (
          <MenuItem key={location.locationId} value={location.locationId}>
            {location.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Provider"
        value={filters.providerId}
        disabled={!options}
        onChange={(event) => onChange({ providerId: event.target.value })}
        sx={fieldSx}
      >
        <MenuItem value="">Any provider</MenuItem>
        {options?.providers.map((provider) => (
          <MenuItem key={provider.providerId} value={provider.providerId}>
            {provider.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Service"
        value={filters.appointmentTypeId}
        disabled={!options}
        onChange={(event) => onChange({ appointmentTypeId: event.target.value })}
        sx={fieldSx}
      >
        <MenuItem value="">Any service</MenuItem>
        {options?.services.map((service) => (
          <MenuItem key={service.appointmentTypeId} value={service.appointmentTypeId}>
            {service.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Status"
        value={filters.status}
        onChange={(event) => onChange({ status: event.target.value })}
        sx={fieldSx}
      >
        {STATUS_OPTIONS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
