import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { WAITLIST_STATUSES } from '@scheduler/contract/admin/waitlist';
import type { GetFiltersResponse } from '@scheduler/contract/patient-management/patients';
import { ChoiceFilter, filterChoices, filterFieldSx as fieldSx } from '../shared/components/choice-filter';

const STATUS_LABELS = {
  waiting: msg`Waiting`,
  contacted: msg`Contacted`,
  booked: msg`Booked`,
  removed: msg`Removed`,
} as const;

const STATUS_OPTIONS = [
  { value: 'open', label: msg`Waiting or contacted` },
  ...WAITLIST_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
  { value: 'all', label: msg`All` },
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
  const { t, i18n } = useLingui();
  const choices = filterChoices(options);
  return (
    <Box
      role="group"
      aria-label={t`Filters`}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, width: '100%' }}
    >
      <ChoiceFilter
        label={t`Location`}
        anyLabel={t`Any location`}
        value={filters.locationId}
        choices={choices.locations}
        onChange={(next) => onChange({ locationId: next })}
      />
      <ChoiceFilter
        label={t`Provider`}
        anyLabel={t`Any provider`}
        value={filters.providerId}
        choices={choices.providers}
        onChange={(next) => onChange({ providerId: next })}
      />
      <ChoiceFilter
        label={t`Service`}
        anyLabel={t`Any service`}
        value={filters.appointmentTypeId}
        choices={choices.services}
        onChange={(next) => onChange({ appointmentTypeId: next })}
      />
      <TextField
        select
        size="small"
        label={t`Status`}
        value={filters.status}
        onChange={(event) => onChange({ status: event.target.value })}
        sx={fieldSx}
      >
        {STATUS_OPTIONS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {i18n._(option.label)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
