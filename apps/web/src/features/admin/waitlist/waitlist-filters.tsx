import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { WAITLIST_STATUSES } from '@scheduler/contract/admin/waitlist';
import type { GetFiltersResponse } from '@scheduler/contract/patient-management/patients';
import { ChoiceFilter, filterChoices, filterFieldSx as fieldSx } from '../shared/components/choice-filter';

const STATUS_OPTIONS = [
  { value: 'open', label: 'Waiting or contacted' },
  ...WAITLIST_STATUSES.map((status) => ({
    value: status,
    label: status[0]?.toUpperCase() + status.slice(1),
  })),
  { value: 'all', label: 'All' },
];

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
  const choices = filterChoices(options);
  return (
    <Box role="group" aria-label="Filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, width: '100%' }}>
      <ChoiceFilter
        label="Location"
        anyLabel="Any location"
        value={filters.locationId}
        choices={choices.locations}
        onChange={(next) => onChange({ locationId: next })}
      />
      <ChoiceFilter
        label="Provider"
        anyLabel="Any provider"
        value={filters.providerId}
        choices={choices.providers}
        onChange={(next) => onChange({ providerId: next })}
      />
      <ChoiceFilter
        label="Service"
        anyLabel="Any service"
        value={filters.appointmentTypeId}
        choices={choices.services}
        onChange={(next) => onChange({ appointmentTypeId: next })}
      />
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
