import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ProviderDetail } from '@scheduler/contract/admin/providers';
import { useMemo, useState } from 'react';
import { fetchProviderLocationMap } from '../shared/api/provider-location-map-api';
import {
  ChecklistMapEditor,
  MapEditorForm,
  mapPlaceholder,
  useMapEditor,
  useSyncedValue,
} from './map-editor';
import {
  assignProviderLocations,
  assignProviderPlans,
  assignProviderServices,
  fetchProviderAppointmentMap,
  fetchProviderInsurance,
} from './providers-api';

export function ProviderLocationsEditor({ provider }: { provider: ProviderDetail }) {
  const { t } = useLingui();
  const { map, save, reload } = useMapEditor({
    provider,
    kind: 'locations',
    fetchMap: fetchProviderLocationMap,
    assign: (clientId, locationIds: string[]) =>
      assignProviderLocations(clientId, provider.providerId, locationIds, provider.locationsVersion),
    savedMessage: t`Locations saved`,
  });
  const current = useMemo(() => provider.locations.map((location) => location.locationId), [provider]);
  if (!map.isSuccess) return mapPlaceholder(map, t`Loading locations…`, t`the locations`);
  return (
    <ChecklistMapEditor
      label={t`Provider locations`}
      legend={t`Locations`}
      helperText={t`Where this provider works. Working hours are set per location.`}
      submitLabel={t`Save locations`}
      options={map.data.locations.map((location) => ({ id: location.locationId, label: location.name }))}
      current={current}
      save={save}
      onReload={reload}
    />
  );
}

export function ProviderPlansEditor({ provider }: { provider: ProviderDetail }) {
  const { t } = useLingui();
  const { map, save, reload } = useMapEditor({
    provider,
    kind: 'plans',
    fetchMap: fetchProviderInsurance,
    assign: (clientId, planIds: string[]) =>
      assignProviderPlans(clientId, provider.providerId, planIds, provider.plansVersion),
    savedMessage: t`Insurance plans saved`,
  });
  const current = useMemo(() => provider.insurancePlans.map((plan) => plan.planId), [provider]);
  if (!map.isSuccess) return mapPlaceholder(map, t`Loading insurance plans…`, t`the insurance plans`);
  return (
    <ChecklistMapEditor
      label={t`Provider insurance plans`}
      legend={t`Insurance plans`}
      helperText={t`The plans this provider is in-network with.`}
      submitLabel={t`Save insurance plans`}
      options={map.data.plans.map((plan) => ({ id: plan.planId, label: plan.name, group: plan.carrierName }))}
      current={current}
      save={save}
      onReload={reload}
    />
  );
}

interface ServiceChoice {
  appointmentTypeId: string;
  /** '' = the service's own duration. */
  duration: string;
}

type ServiceOption = Awaited<ReturnType<typeof fetchProviderAppointmentMap>>['services'][number];

/** One service: offered or not, and the provider's own duration for it. */
function ServiceChoiceRow({
  service,
  choice,
  onOffered,
  onDuration,
}: {
  service: ServiceOption;
  choice: ServiceChoice | undefined;
  onOffered: (offered: boolean) => void;
  onDuration: (duration: string) => void;
}) {
  const { t } = useLingui();
  const name = service.name;
  const minutes = service.durationMinutes;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <FormControlLabel
        sx={{ flexGrow: 1 }}
        label={t`${name} (${minutes} min)`}
        control={
          <Checkbox checked={choice !== undefined} onChange={(_event, checked) => onOffered(checked)} />
        }
      />
      {choice ? (
        <TextField
          size="small"
          type="number"
          label={t`Own duration for ${name} (minutes)`}
          value={choice.duration}
          placeholder={String(service.durationMinutes)}
          onChange={(event) => onDuration(event.target.value)}
          slotProps={{ htmlInput: { min: 5, max: 480 } }}
          sx={{ width: { sm: 280 } }}
        />
      ) : null}
    </Stack>
  );
}

function validDuration(duration: string): boolean {
  return duration === '' || (/^\d+$/.test(duration) && Number(duration) >= 5 && Number(duration) <= 480);
}

export function ProviderServicesEditor({ provider }: { provider: ProviderDetail }) {
  const { t } = useLingui();
  const { map, save, reload } = useMapEditor({
    provider,
    kind: 'services',
    fetchMap: fetchProviderAppointmentMap,
    assign: (clientId, services: { appointmentTypeId: string; durationMinutes: number | null }[]) =>
      assignProviderServices(clientId, provider.providerId, services, provider.servicesVersion),
    savedMessage: t`Services saved`,
  });
  const current = useMemo<ServiceChoice[]>(
    () =>
      provider.services.map((service) => ({
        appointmentTypeId: service.appointmentTypeId,
        duration: service.customDurationMinutes === null ? '' : String(service.customDurationMinutes),
      })),
    [provider],
  );
  const [value, setValue] = useSyncedValue(current);
  const [durationError, setDurationError] = useState<string | null>(null);

  if (!map.isSuccess) return mapPlaceholder(map, t`Loading services…`, t`the services`);

  const chosen = new Map(value.map((choice) => [choice.appointmentTypeId, choice]));
  const offered = value.length;
  const total = map.data.services.length;
  const onSubmit = () => {
    if (value.some((choice) => !validDuration(choice.duration))) {
      setDurationError(t`Enter a duration from 5 to 480 minutes, or leave it empty for the service’s own.`);
      return;
    }
    setDurationError(null);
    save.mutate(
      value.map((choice) => ({
        appointmentTypeId: choice.appointmentTypeId,
        durationMinutes: choice.duration === '' ? null : Number(choice.duration),
      })),
    );
  };
  const offer = (id: string, offered: boolean) =>
    setValue((previous) =>
      offered
        ? [...previous, { appointmentTypeId: id, duration: '' }]
        : previous.filter((entry) => entry.appointmentTypeId !== id),
    );
  const setDuration = (id: string, duration: string) =>
    setValue((previous) =>
      previous.map((entry) => (entry.appointmentTypeId === id ? { ...entry, duration } : entry)),
    );

  return (
    <MapEditorForm
      label={t`Provider services`}
      noValidate
      onSubmit={onSubmit}
      saveError={save.error}
      onReload={reload}
      submitLabel={t`Save services`}
      submitDisabled={save.isPending}
    >
      <FormControl component="fieldset" sx={{ width: '100%' }}>
        <FormLabel component="legend" sx={{ mb: 1 }}>
          <Trans>
            Services ({offered} of {total} offered)
          </Trans>
        </FormLabel>
        <Stack spacing={1}>
          {map.data.services.map((service) => (
            <ServiceChoiceRow
              key={service.appointmentTypeId}
              service={service}
              choice={chosen.get(service.appointmentTypeId)}
              onOffered={(offered) => offer(service.appointmentTypeId, offered)}
              onDuration={(duration) => setDuration(service.appointmentTypeId, duration)}
            />
          ))}
        </Stack>
      </FormControl>
      {durationError ? (
        <Box role="alert" sx={{ color: 'error.main', mt: 1 }}>
          {durationError}
        </Box>
      ) : null}
    </MapEditorForm>
  );
}
