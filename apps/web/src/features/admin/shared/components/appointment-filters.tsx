import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { i18n } from '../../../../i18n/catalogs';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { isAppointmentStatus } from '@scheduler/domain/appointment-status';
import type { GetFiltersResponse } from '@scheduler/contract/patient-management/patients';
import type { ReactNode } from 'react';
import { NO_FILTERS, type AppointmentFilters } from '../api/patient-management-api';
import { appointmentStatusLabel } from '../status-labels';
import { ChoiceFilter, filterChoices, filterFieldSx as fieldSx } from './choice-filter';

/** Why the date range cannot be searched, or null. */
export function dateRangeError(filters: Pick<AppointmentFilters, 'from' | 'to'>): string | null {
  if (filters.from && filters.to && filters.from > filters.to) {
    return i18n._(msg`The start date must be on or before the end date`);
  }
  return null;
}

export function hasFilters(filters: AppointmentFilters): boolean {
  return (
    filters.locationId !== '' ||
    filters.providerId !== '' ||
    filters.appointmentTypeId !== '' ||
    filters.statuses.length > 0 ||
    filters.from !== '' ||
    filters.to !== ''
  );
}

export interface AppointmentFiltersBarProps {
  /** The choices (GET get_filters); undefined while they load. */
  options: GetFiltersResponse | undefined;
  value: AppointmentFilters;
  onChange: (next: AppointmentFilters) => void;
  /** Labels the date fields ('Appointments from' / 'Booked from' …). */
  dateLabel?: string;
  /** Extra controls after the standard ones (the reports' channel). */
  children?: ReactNode;
  /** Shown with "Clear filters" when something else is filtered too. */
  extraActive?: boolean;
  onClear?: () => void;
}

/** Location, provider, service, status and date-range filters of appointments (a labelled group). */
export function AppointmentFiltersBar({
  options,
  value,
  onChange,
  dateLabel,
  children,
  extraActive = false,
  onClear,
}: AppointmentFiltersBarProps) {
  const { t } = useLingui();
  const dates = dateLabel ?? t`Appointments`;
  const rangeError = dateRangeError(value);
  const choices = filterChoices(options);
  const set = (patch: Partial<AppointmentFilters>) => onChange({ ...value, ...patch });
  const loading = options === undefined;
  const statusLabel = (status: string) =>
    isAppointmentStatus(status)
      ? appointmentStatusLabel(status)
      : (options?.statuses.find((option) => option.value === status)?.label ?? status);

  return (
    <Box
      role="group"
      aria-label={t`Filters`}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', width: '100%' }}
    >
      <ChoiceFilter
        label={t`Location`}
        anyLabel={t`Any location`}
        value={value.locationId}
        choices={choices.locations}
        onChange={(next) => set({ locationId: next })}
      />
      <ChoiceFilter
        label={t`Provider`}
        anyLabel={t`Any provider`}
        value={value.providerId}
        choices={choices.providers}
        onChange={(next) => set({ providerId: next })}
      />
      <ChoiceFilter
        label={t`Service`}
        anyLabel={t`Any service`}
        value={value.appointmentTypeId}
        choices={choices.services}
        onChange={(next) => set({ appointmentTypeId: next })}
      />
      <TextField
        select
        size="small"
        label={t`Status`}
        value={value.statuses}
        disabled={loading}
        onChange={(event) => {
          const raw: unknown = event.target.value;
          const list: unknown[] = Array.isArray(raw) ? raw : String(raw).split(',');
          set({ statuses: list.filter(isAppointmentStatus) });
        }}
        slotProps={{
          select: {
            multiple: true,
            displayEmpty: true,
            renderValue: (selected) =>
              Array.isArray(selected) && selected.length > 0
                ? selected.map((status) => statusLabel(String(status))).join(', ')
                : t`Any status`,
          },
          inputLabel: { shrink: true },
        }}
        sx={fieldSx}
      >
        {options?.statuses.map((status) => (
          <MenuItem key={status.value} value={status.value}>
            <ListItemText primary={statusLabel(status.value)} />
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="date"
        size="small"
        label={t`${dates} from`}
        value={value.from}
        onChange={(event) => set({ from: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={fieldSx}
      />
      <TextField
        type="date"
        size="small"
        label={t`${dates} to`}
        value={value.to}
        error={rangeError !== null}
        helperText={rangeError ?? undefined}
        onChange={(event) => set({ to: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={fieldSx}
      />
      {children}
      {hasFilters(value) || extraActive ? (
        <Button
          onClick={() => {
            onChange(NO_FILTERS);
            onClear?.();
          }}
          sx={{ alignSelf: 'center' }}
        >
          <Trans>Clear filters</Trans>
        </Button>
      ) : null}
    </Box>
  );
}
