import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ProviderDetail } from '@scheduler/contract/admin/providers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import {
  assignProviderLocations,
  assignProviderPlans,
  assignProviderServices,
  fetchProviderAppointmentMap,
  fetchProviderInsurance,
} from './providers-api';
import { configKeys } from '../shared/api/config-keys';
import { fetchProviderLocationMap } from '../shared/api/provider-location-map-api';
import { ChecklistField } from '../shared/components/checklist-field';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { notifySaved, SaveErrorAlert } from '../shared/components/save-feedback';
import { useAdminParams } from '../shared/use-admin-params';

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

/**
 * After a map changes, the provider (its locations, services, plans) and the lists are stale.
 * Each editor sends the version of its set from the provider's detail (read before the set); a
 * stale one answers 409, shown in the form with a Reload that reads the provider again.
 */
function useRefreshProvider(providerId: string) {
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: configKeys.provider(clientId, providerId) }),
      queryClient.invalidateQueries({ queryKey: configKeys.providerMaps(clientId, providerId) }),
      queryClient.invalidateQueries({ queryKey: configKeys.providers(clientId) }),
    ]);
}

export function ProviderLocationsEditor({ provider }: { provider: ProviderDetail }) {
  const { clientId } = useAdminParams();
  const refresh = useRefreshProvider(provider.providerId);
  const reload = async (reset: () => void) => {
    reset();
    await refresh();
  };
  const map = useQuery({
    queryKey: [...configKeys.providerMaps(clientId, provider.providerId), 'locations'],
    queryFn: ({ signal }) => fetchProviderLocationMap(clientId, provider.providerId, signal),
  });
  const current = useMemo(() => provider.locations.map((location) => location.locationId), [provider]);
  const [value, setValue] = useState<string[]>(current);
  useEffect(() => setValue(current), [current]);
  const save = useMutation({
    mutationFn: (locationIds: string[]) =>
      assignProviderLocations(clientId, provider.providerId, locationIds, provider.locationsVersion),
    onSuccess: async () => {
      await refresh();
      notifySaved('Locations saved');
    },
  });

  if (map.isPending) return <LoadingBlock label="Loading locations…" />;
  if (map.isError)
    return <ErrorBlock error={map.error} what="the locations" onRetry={() => void map.refetch()} />;
  return (
    <Box
      component="form"
      aria-label="Provider locations"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(value);
      }}
    >
      <ChecklistField
        legend="Locations"
        options={map.data.locations.map((location) => ({ id: location.locationId, label: location.name }))}
        value={value}
        onChange={setValue}
        helperText="Where this provider works. Working hours are set per location."
      />
      <SaveErrorAlert error={save.error} onReload={() => void reload(save.reset)} />
      <Button
        type="submit"
        variant="contained"
        disabled={save.isPending || sameSet(value, current)}
        sx={{ mt: 1 }}
      >
        Save locations
      </Button>
    </Box>
  );
}

interface ServiceChoice {
  appointmentTypeId: string;
  /** '' = the service's own duration. */
  duration: string;
}

export function ProviderServicesEditor({ provider }: { provider: ProviderDetail }) {
  const { clientId } = useAdminParams();
  const refresh = useRefreshProvider(provider.providerId);
  const reload = async (reset: () => void) => {
    reset();
    await refresh();
  };
  const map = useQuery({
    queryKey: [...configKeys.providerMaps(clientId, provider.providerId), 'services'],
    queryFn: ({ signal }) => fetchProviderAppointmentMap(clientId, provider.providerId, signal),
  });
  const current = useMemo<ServiceChoice[]>(
    () =>
      provider.services.map((service) => ({
        appointmentTypeId: service.appointmentTypeId,
        duration: service.customDurationMinutes === null ? '' : String(service.customDurationMinutes),
      })),
    [provider],
  );
  const [value, setValue] = useState<ServiceChoice[]>(current);
  const [durationError, setDurationError] = useState<string | null>(null);
  useEffect(() => setValue(current), [current]);
  const save = useMutation({
    mutationFn: (services: { appointmentTypeId: string; durationMinutes: number | null }[]) =>
      assignProviderServices(clientId, provider.providerId, services, provider.servicesVersion),
    onSuccess: async () => {
      await refresh();
      notifySaved('Services saved');
    },
  });

  if (map.isPending) return <LoadingBlock label="Loading services…" />;
  if (map.isError)
    return <ErrorBlock error={map.error} what="the services" onRetry={() => void map.refetch()} />;

  const chosen = new Map(value.map((choice) => [choice.appointmentTypeId, choice]));
  const onSubmit = () => {
    const bad = value.find(
      (choice) =>
        choice.duration !== '' &&
        !(/^\d+$/.test(choice.duration) && Number(choice.duration) >= 5 && Number(choice.duration) <= 480),
    );
    if (bad) {
      setDurationError('Enter a duration from 5 to 480 minutes, or leave it empty for the service’s own.');
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

  return (
    <Box
      component="form"
      aria-label="Provider services"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <FormControl component="fieldset" sx={{ width: '100%' }}>
        <FormLabel component="legend" sx={{ mb: 1 }}>
          Services ({value.length} of {map.data.services.length} offered)
        </FormLabel>
        <Stack spacing={1}>
          {map.data.services.map((service) => {
            const choice = chosen.get(service.appointmentTypeId);
            return (
              <Stack
                key={service.appointmentTypeId}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={2}
                sx={{ alignItems: { sm: 'center' } }}
              >
                <FormControlLabel
                  sx={{ flexGrow: 1 }}
                  label={`${service.name} (${service.durationMinutes} min)`}
                  control={
                    <Checkbox
                      checked={choice !== undefined}
                      onChange={(_event, checked) =>
                        setValue((previous) =>
                          checked
                            ? [...previous, { appointmentTypeId: service.appointmentTypeId, duration: '' }]
                            : previous.filter(
                                (entry) => entry.appointmentTypeId !== service.appointmentTypeId,
                              ),
                        )
                      }
                    />
                  }
                />
                {choice ? (
                  <TextField
                    size="small"
                    type="number"
                    label={`Own duration for ${service.name} (minutes)`}
                    value={choice.duration}
                    placeholder={String(service.durationMinutes)}
                    onChange={(event) =>
                      setValue((previous) =>
                        previous.map((entry) =>
                          entry.appointmentTypeId === service.appointmentTypeId
                            ? { ...entry, duration: event.target.value }
                            : entry,
                        ),
                      )
                    }
                    slotProps={{ htmlInput: { min: 5, max: 480 } }}
                    sx={{ width: { sm: 280 } }}
                  />
                ) : null}
              </Stack>
            );
          })}
        </Stack>
      </FormControl>
      {durationError ? (
        <Box role="alert" sx={{ color: 'error.main', mt: 1 }}>
          {durationError}
        </Box>
      ) : null}
      <SaveErrorAlert error={save.error} onReload={() => void reload(save.reset)} />
      <Button type="submit" variant="contained" disabled={save.isPending} sx={{ mt: 1 }}>
        Save services
      </Button>
    </Box>
  );
}

export function ProviderPlansEditor({ provider }: { provider: ProviderDetail }) {
  const { clientId } = useAdminParams();
  const refresh = useRefreshProvider(provider.providerId);
  const reload = async (reset: () => void) => {
    reset();
    await refresh();
  };
  const map = useQuery({
    queryKey: [...configKeys.providerMaps(clientId, provider.providerId), 'plans'],
    queryFn: ({ signal }) => fetchProviderInsurance(clientId, provider.providerId, signal),
  });
  const current = useMemo(() => provider.insurancePlans.map((plan) => plan.planId), [provider]);
  const [value, setValue] = useState<string[]>(current);
  useEffect(() => setValue(current), [current]);
  const save = useMutation({
    mutationFn: (planIds: string[]) =>
      assignProviderPlans(clientId, provider.providerId, planIds, provider.plansVersion),
    onSuccess: async () => {
      await refresh();
      notifySaved('Insurance plans saved');
    },
  });

  if (map.isPending) return <LoadingBlock label="Loading insurance plans…" />;
  if (map.isError)
    return <ErrorBlock error={map.error} what="the insurance plans" onRetry={() => void map.refetch()} />;
  return (
    <Box
      component="form"
      aria-label="Provider insurance plans"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(value);
      }}
    >
      <ChecklistField
        legend="Insurance plans"
        options={map.data.plans.map((plan) => ({
          id: plan.planId,
          label: plan.name,
          group: plan.carrierName,
        }))}
        value={value}
        onChange={setValue}
        helperText="The plans this provider is in-network with."
      />
      <SaveErrorAlert error={save.error} onReload={() => void reload(save.reset)} />
      <Button
        type="submit"
        variant="contained"
        disabled={save.isPending || sameSet(value, current)}
        sx={{ mt: 1 }}
      >
        Save insurance plans
      </Button>
    </Box>
  );
}
