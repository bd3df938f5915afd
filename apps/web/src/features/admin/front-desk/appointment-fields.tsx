import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Trans, useLingui } from '@lingui/react/macro';
import type { GetFiltersResponse } from '@scheduler/contract/patient-management/patients';
import { LocationSelect, ServiceSelect } from '../shared/components/service-location-selects';

/** What is booked where: the service, the location and the provider ('' = every provider). */
export interface AppointmentChoice {
  appointmentTypeId: string;
  locationId: string;
  providerId: string;
}

/** The service, location and provider selects of the booking and reschedule dialogs. */
export function AppointmentFields({
  choices,
  value,
  onChange,
  serviceFixed = false,
}: {
  choices: GetFiltersResponse | undefined;
  value: AppointmentChoice;
  onChange: (value: AppointmentChoice) => void;
  /** A reschedule keeps the service. */
  serviceFixed?: boolean;
}) {
  const { t } = useLingui();
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <ServiceSelect
        options={choices?.services ?? []}
        value={choices ? value.appointmentTypeId : ''}
        onChange={(appointmentTypeId) => onChange({ ...value, appointmentTypeId })}
        disabled={serviceFixed}
      />
      <LocationSelect
        options={choices?.locations ?? []}
        value={choices ? value.locationId : ''}
        onChange={(locationId) => onChange({ ...value, locationId })}
        sx={{ minWidth: 200 }}
      />
      <TextField
        select
        size="small"
        label={t`Provider`}
        value={choices ? value.providerId : ''}
        onChange={(event) => onChange({ ...value, providerId: event.target.value })}
        sx={{ minWidth: 200 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">
          <Trans>Any provider</Trans>
        </MenuItem>
        {(choices?.providers ?? []).map((provider) => (
          <MenuItem key={provider.providerId} value={provider.providerId}>
            {provider.name}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

/** The zone of a location (the brand's default zone until the choices are loaded). */
export function zoneOfLocation(choices: GetFiltersResponse | undefined, locationId: string): string {
  return (
    choices?.locations.find((location) => location.locationId === locationId)?.timeZone ??
    choices?.defaultTimeZone ??
    'UTC'
  );
}
