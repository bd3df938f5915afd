import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import {
  createServiceRequestSchema,
  type CreateServiceRequest,
  type ServiceAdmin,
} from '@scheduler/contract/admin/services';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import * as z from 'zod';
import { assignServiceLocations, createService, updateService } from './services-api';
import { configKeys } from '../shared/api/config-keys';
import { ChecklistField, type ChecklistOption } from '../shared/components/checklist-field';
import { FormSwitch, FormTextField } from '../shared/components/form-fields';
import { notifySaved, validatedAs } from '../shared/components/save-feedback';
import { FormDialog, submitWithFieldErrors } from '../shared/components/form-dialog';
import { useAdminParams } from '../shared/use-admin-params';
import { SelfServiceFields, selfServiceValuesOf, type SelfServiceFormValues } from './self-service-fields';

interface ServiceFormValues extends SelfServiceFormValues {
  name: string;
  description: string;
  durationMinutes: string;
  onlineEnabled: boolean;
  callToSchedule: boolean;
  newPatients: boolean;
  existingPatients: boolean;
  sortOrder: string;
  locationIds: string[];
}

type ServiceFormOutput = CreateServiceRequest & { locationIds: string[] };

const wholeNumber = (value: string) => (/^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN);

const serviceFormSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    durationMinutes: z.string(),
    onlineEnabled: z.boolean(),
    callToSchedule: z.boolean(),
    newPatients: z.boolean(),
    existingPatients: z.boolean(),
    sortOrder: z.string(),
    locationIds: z.array(z.string()),
    patientCancelCutoffHours: z.string(),
    patientRescheduleCutoffHours: z.string(),
    patientRescheduleLimit: z.string(),
  })
  .transform((values) => ({
    ...values,
    durationMinutes: wholeNumber(values.durationMinutes),
    sortOrder: wholeNumber(values.sortOrder),
    patientCancelCutoffHours: wholeNumber(values.patientCancelCutoffHours),
    patientRescheduleCutoffHours: wholeNumber(values.patientRescheduleCutoffHours),
    patientRescheduleLimit: wholeNumber(values.patientRescheduleLimit),
  }))
  .transform(validatedAs(createServiceRequestSchema.extend({ locationIds: z.array(z.string()) })));

function valuesOf(service: ServiceAdmin | null): ServiceFormValues {
  return {
    name: service?.name ?? '',
    description: service?.description ?? '',
    durationMinutes: String(service?.durationMinutes ?? 30),
    onlineEnabled: service?.onlineEnabled ?? true,
    callToSchedule: service?.callToSchedule ?? false,
    newPatients: service?.newPatients ?? true,
    existingPatients: service?.existingPatients ?? true,
    sortOrder: String(service?.sortOrder ?? 0),
    locationIds: service?.locationIds ?? [],
    ...selfServiceValuesOf(service),
  };
}

export interface ServiceDialogProps {
  /** null: a new service. */
  service: ServiceAdmin | null;
  locations: readonly ChecklistOption[];
  onClose: () => void;
  /** After a conflict: reads the service again (the dialog then shows the latest version). */
  onReload: () => void;
}

/** Adds or edits a service: duration, online / call-to-schedule flags, patient eligibility and its locations. */
export function ServiceDialog({ service, locations, onClose, onReload }: ServiceDialogProps) {
  const { t } = useLingui();
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  const initial = useMemo(() => valuesOf(service), [service]);
  const serviceName = service?.name ?? '';
  const { control, handleSubmit, setError, formState } = useForm<
    ServiceFormValues,
    unknown,
    ServiceFormOutput
  >({
    resolver: zodResolver(serviceFormSchema),
    defaultValues: initial,
  });

  const save = useMutation({
    mutationFn: async ({ locationIds, ...fields }: ServiceFormOutput) => {
      const saved = service
        ? (await updateService(clientId, service.appointmentTypeId, { ...fields, version: service.version }))
            .service
        : (await createService(clientId, fields)).service;
      const before = service?.locationIds ?? [];
      if (before.length !== locationIds.length || before.some((id) => !locationIds.includes(id))) {
        // The version of the set as the list read it with the service (a new service's is its first).
        await assignServiceLocations(
          clientId,
          saved.appointmentTypeId,
          locationIds,
          service?.locationsVersion ?? saved.locationsVersion,
        );
      }
      return saved;
    },
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: configKeys.services(clientId) });
      const name = saved.name;
      notifySaved(service ? t`${name} saved` : t`${name} added`);
      onClose();
    },
  });

  const onSubmit = submitWithFieldErrors(handleSubmit, setError, (values) => save.mutateAsync(values));

  return (
    <FormDialog
      title={service ? t`Edit ${serviceName}` : t`Add a service`}
      maxWidth="md"
      submitLabel={service ? t`Save service` : t`Add service`}
      submitting={formState.isSubmitting}
      saveError={save.error}
      onReload={onReload}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <FormTextField control={control} name="name" label={t`Name`} required maxLength={120} fullWidth />
      <FormTextField
        control={control}
        name="description"
        label={t`Description`}
        multiline
        minRows={2}
        maxLength={1000}
        fullWidth
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="durationMinutes"
          label={t`Duration (minutes)`}
          type="number"
          min={5}
          max={480}
          required
        />
        <FormTextField control={control} name="sortOrder" label={t`Display order`} type="number" min={0} />
      </Stack>
      <FormSwitch
        control={control}
        name="onlineEnabled"
        label={t`Bookable online`}
        helperText={t`Off: patients are told this service cannot be booked online.`}
      />
      <FormSwitch
        control={control}
        name="callToSchedule"
        label={t`Call to schedule`}
        helperText={t`On: patients choosing this service are asked to call the office.`}
      />
      <FormSwitch control={control} name="newPatients" label={t`New patients may book`} />
      <FormSwitch control={control} name="existingPatients" label={t`Existing patients may book`} />
      <SelfServiceFields control={control} />
      <Controller
        control={control}
        name="locationIds"
        render={({ field }) => (
          <ChecklistField
            legend={t`Locations offering it`}
            options={locations}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
    </FormDialog>
  );
}
