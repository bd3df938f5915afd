import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import {
  createLocationRequestSchema,
  type CreateLocationRequest,
  type LocationAdmin,
} from '@scheduler/contract/admin/locations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import * as z from 'zod';
import { assignLocationProviders, createLocation, updateLocation } from './locations-api';
import { configKeys } from '../shared/api/config-keys';
import { ChecklistField, type ChecklistOption } from '../shared/components/checklist-field';
import { FormSelect, FormSwitch, FormTextField, type SelectOption } from '../shared/components/form-fields';
import { notifySaved, validatedAs } from '../shared/components/save-feedback';
import { FormDialog, submitWithFieldErrors } from '../shared/components/form-dialog';
import { useAdminParams } from '../shared/use-admin-params';

/** The time zones offered for a location (labels as descriptors: rendered with `i18n._`). */
export const US_TIME_ZONES = [
  { value: 'America/New_York', label: msg`Eastern (America/New_York)` },
  { value: 'America/Chicago', label: msg`Central (America/Chicago)` },
  { value: 'America/Denver', label: msg`Mountain (America/Denver)` },
  { value: 'America/Phoenix', label: msg`Mountain, no DST (America/Phoenix)` },
  { value: 'America/Los_Angeles', label: msg`Pacific (America/Los_Angeles)` },
  { value: 'America/Anchorage', label: msg`Alaska (America/Anchorage)` },
  { value: 'Pacific/Honolulu', label: msg`Hawaii (Pacific/Honolulu)` },
  { value: 'America/Puerto_Rico', label: msg`Atlantic (America/Puerto_Rico)` },
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

/** Name, booking-link name, address, time zone, phone and display order. */
function LocationAddressFields({
  control,
  zones,
}: {
  control: Control<LocationFormValues, unknown, LocationFormOutput>;
  zones: readonly SelectOption[];
}) {
  const { t } = useLingui();
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="name" label={t`Name`} required maxLength={120} fullWidth />
        <FormTextField
          control={control}
          name="slug"
          label={t`Short name in booking links`}
          helperText={t`Letters, digits and hyphens, e.g. main-street`}
          required
          maxLength={64}
          fullWidth
        />
      </Stack>
      <FormTextField
        control={control}
        name="addressLine1"
        label={t`Street address`}
        required
        maxLength={200}
        fullWidth
      />
      <FormTextField
        control={control}
        name="addressLine2"
        label={t`Address line 2`}
        maxLength={200}
        fullWidth
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="city"
          label={t`City`}
          helperText={t`Empty: from the ZIP code`}
          maxLength={100}
          fullWidth
        />
        <FormTextField
          control={control}
          name="state"
          label={t`State`}
          helperText={t`Two letters; empty: from the ZIP code`}
          maxLength={2}
        />
        <FormTextField control={control} name="postalCode" label={t`ZIP code`} required maxLength={10} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormSelect control={control} name="timeZone" label={t`Time zone`} options={zones} fullWidth />
        <FormTextField control={control} name="phone" label={t`Phone`} type="tel" maxLength={40} fullWidth />
        <FormTextField control={control} name="sortOrder" label={t`Display order`} type="number" min={0} />
      </Stack>
    </>
  );
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
  const { t, i18n } = useLingui();
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  const initial = useMemo(() => valuesOf(location, providerIds), [location, providerIds]);
  const { control, handleSubmit, setError, formState } = useForm<
    LocationFormValues,
    unknown,
    LocationFormOutput
  >({
    resolver: zodResolver(locationFormSchema),
    defaultValues: initial,
  });
  const zones = useMemo(() => {
    const known = US_TIME_ZONES.map((zone) => ({ value: zone.value, label: i18n._(zone.label) }));
    return US_TIME_ZONES.some((zone) => zone.value === initial.timeZone)
      ? known
      : [...known, { value: initial.timeZone, label: initial.timeZone }];
  }, [initial.timeZone, i18n]);

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
      const name = saved.name;
      notifySaved(location ? t`${name} saved` : t`${name} added`);
      onClose();
    },
  });

  const onSubmit = submitWithFieldErrors(handleSubmit, setError, (values) => save.mutateAsync(values));

  return (
    <FormDialog
      title={location ? t`Edit ${location.name}` : t`Add a location`}
      maxWidth="md"
      submitLabel={location ? t`Save location` : t`Add location`}
      submitting={formState.isSubmitting}
      saveError={save.error}
      onReload={onReload}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <LocationAddressFields control={control} zones={zones} />
      <FormSwitch
        control={control}
        name="onlineEnabled"
        label={t`Online booking`}
        helperText={t`Off: patients are asked to call to schedule at this location.`}
      />
      <FormSwitch
        control={control}
        name="waitlistEnabled"
        label={t`Waitlist`}
        helperText={t`Patients may join the waitlist here.`}
      />
      <Controller
        control={control}
        name="providerIds"
        render={({ field }) => (
          <ChecklistField
            legend={t`Providers working here`}
            options={providers}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
    </FormDialog>
  );
}
