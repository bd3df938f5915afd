import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import {
  createLocationRequestSchema,
  type CreateLocationRequest,
  type LocationAdmin,
} from '@scheduler/contract/admin-config';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import * as z from 'zod';
import { assignLocationProviders, configKeys, createLocation, updateLocation } from '../api/config-api';
import { ChecklistField, type ChecklistOption } from '../components/checklist-field';
import { FormSelect, FormSwitch, FormTextField } from '../components/form-fields';
import {
  applyServerFieldErrors,
  notifySaved,
  SaveErrorAlert,
  validatedAs,
} from '../components/save-feedback';
import { useAdminParams } from '../use-admin-params';

export const US_TIME_ZONES = [
  { value: 'America/New_York', label: 'Eastern (America/New_York)' },
  { value: 'America/Chicago', label: 'Central (America/Chicago)' },
  { value: 'America/Denver', label: 'Mountain (America/Denver)' },
  { value: 'America/Phoenix', label: 'Mountain, no DST (America/Phoenix)' },
  { value: 'America/Los_Angeles', label: 'Pacific (America/Los_Angeles)' },
  { value: 'America/Anchorage', label: 'Alaska (America/Anchorage)' },
  { value: 'Pacific/Honolulu', label: 'Hawaii (Pacific/Honolulu)' },
  { value: 'America/Puerto_Rico', label: 'Atlantic (America/Puerto_Rico)' },
] as const;

interface LocationFormValues {
  name: string;
  slug: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  timeZone: string;
  phone: string;
  onlineEnabled: boolean;
  waitlistEnabled: boolean;
  sortOrder: string;
  providerIds: string[];
}

type LocationFormOutput = CreateLocationRequest & { providerIds: string[] };

const locationFormSchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    addressLine1: z.string(),
    addressLine2: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    timeZone: z.string(),
    phone: z.string(),
    onlineEnabled: z.boolean(),
    waitlistEnabled: z.boolean(),
    sortOrder: z.string(),
    providerIds: z.array(z.string()),
  })
  .transform((values) => ({
    ...values,
    city: values.city.trim() || undefined,
    state: values.state.trim() || undefined,
    sortOrder: /^\s*\d+\s*$/.test(values.sortOrder) ? Number(values.sortOrder) : Number.NaN,
  }))
  .transform(validatedAs(createLocationRequestSchema.extend({ providerIds: z.array(z.string()) })));

function valuesOf(location: LocationAdmin | null, providerIds: string[]): LocationFormValues {
  return {
    name: location?.name ?? '',
    slug: location?.slug ?? '',
    addressLine1: location?.addressLine1 ?? '',
    addressLine2: location?.addressLine2 ?? '',
    city: location?.city ?? '',
    state: location?.state ?? '',
    postalCode: location?.postalCode ?? '',
    timeZone: location?.timeZone ?? 'America/New_York',
    phone: location?.phone ?? '',
    onlineEnabled: location?.onlineEnabled ?? true,
    waitlistEnabled: location?.waitlistEnabled ?? false,
    sortOrder: String(location?.sortOrder ?? 0),
    providerIds,
  };
}

export interface LocationDialogProps {
  /** null: a new location. */
  location: LocationAdmin | null;
  /** The providers who work at the location now. */
  providerIds: string[];
  /** The version of that set (providerLocationMap), sent back with createLocationProviderConfig. */
  providersVersion: number;
  providers: readonly ChecklistOption[];
  onClose: () => void;
  /** After a conflict: reads the location again (the dialog then shows the latest version). */
  onReload: () => void;
}

/** Adds or edits a location: address, postal code, time zone, phone, online and waitlist switches, providers. */
export function LocationDialog({
  location,
  providerIds,
  providersVersion,
  providers,
  onClose,
  onReload,
}: LocationDialogProps) {
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  const titleId = useId();
  const initial = useMemo(() => valuesOf(location, providerIds), [location, providerIds]);
  const { control, handleSubmit, setError, formState } = useForm<
    LocationFormValues,
    unknown,
    LocationFormOutput
  >({
    resolver: zodResolver(locationFormSchema),
    defaultValues: initial,
  });
  const zones = useMemo(
    () =>
      US_TIME_ZONES.some((zone) => zone.value === initial.timeZone)
        ? US_TIME_ZONES
        : [...US_TIME_ZONES, { value: initial.timeZone, label: initial.timeZone }],
    [initial.timeZone],
  );

  const save = useMutation({
    mutationFn: async ({ providerIds: chosen, ...fields }: LocationFormOutput) => {
      const saved = location
        ? (await updateLocation(clientId, location.locationId, { ...fields, version: location.version }))
            .location
        : (await createLocation(clientId, fields)).location;
      if (providerIds.length !== chosen.length || providerIds.some((id) => !chosen.includes(id))) {
        // A new location's set starts at version 1.
        await assignLocationProviders(clientId, saved.locationId, chosen, location ? providersVersion : 1);
      }
      return saved;
    },
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: configKeys.locations(clientId) });
      void queryClient.invalidateQueries({ queryKey: configKeys.providers(clientId) });
      notifySaved(location ? `${saved.name} saved` : `${saved.name} added`);
      onClose();
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch (error) {
      applyServerFieldErrors(error, setError);
    }
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={titleId}>{location ? `Edit ${location.name}` : 'Add a location'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField control={control} name="name" label="Name" required maxLength={120} fullWidth />
              <FormTextField
                control={control}
                name="slug"
                label="Short name in booking links"
                helperText="Letters, digits and hyphens, e.g. main-street"
                required
                maxLength={64}
                fullWidth
              />
            </Stack>
            <FormTextField
              control={control}
              name="addressLine1"
              label="Street address"
              required
              maxLength={200}
              fullWidth
            />
            <FormTextField
              control={control}
              name="addressLine2"
              label="Address line 2"
              maxLength={200}
              fullWidth
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField
                control={control}
                name="city"
                label="City"
                helperText="Empty: from the ZIP code"
                maxLength={100}
                fullWidth
              />
              <FormTextField
                control={control}
                name="state"
                label="State"
                helperText="Two letters; empty: from the ZIP code"
                maxLength={2}
              />
              <FormTextField control={control} name="postalCode" label="ZIP code" required maxLength={10} />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormSelect control={control} name="timeZone" label="Time zone" options={zones} fullWidth />
              <FormTextField
                control={control}
                name="phone"
                label="Phone"
                type="tel"
                maxLength={40}
                fullWidth
              />
              <FormTextField control={control} name="sortOrder" label="Display order" type="number" min={0} />
            </Stack>
            <FormSwitch
              control={control}
              name="onlineEnabled"
              label="Online booking"
              helperText="Off: patients are asked to call to schedule at this location."
            />
            <FormSwitch
              control={control}
              name="waitlistEnabled"
              label="Waitlist"
              helperText="Patients may join the waitlist here."
            />
            <Controller
              control={control}
              name="providerIds"
              render={({ field }) => (
                <ChecklistField
                  legend="Providers working here"
                  options={providers}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
            <SaveErrorAlert error={save.error} onReload={onReload} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving…' : location ? 'Save location' : 'Add location'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
