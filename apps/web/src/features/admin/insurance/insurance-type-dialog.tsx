import { useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  createInsuranceTypeRequestSchema,
  type InsuranceTypeAdmin,
} from '@scheduler/contract/admin/insurance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { configKeys } from '../shared/api/config-keys';
import { createInsuranceType, updateInsuranceType } from './insurance-api';
import { FormTextField } from '../shared/components/form-fields';
import { notifySaved, validatedAs } from '../shared/components/save-feedback';
import { FormDialog, submitWithFieldErrors } from '../shared/components/form-dialog';
import { useAdminParams } from '../shared/use-admin-params';

interface TypeFormValues {
  name: string;
  sortOrder: string;
}

type TypeFormOutput = { name: string; sortOrder?: number | undefined };

const typeFormSchema = z
  .object({ name: z.string(), sortOrder: z.string() })
  .transform((values) => ({
    name: values.name,
    sortOrder: /^\s*\d+\s*$/.test(values.sortOrder) ? Number(values.sortOrder) : Number.NaN,
  }))
  .transform(validatedAs(createInsuranceTypeRequestSchema.omit({ clientId: true })));

export interface InsuranceTypeDialogProps {
  /** null: a new type. */
  insuranceType: InsuranceTypeAdmin | null;
  onClose: () => void;
  /** After a conflict: reads the type again (the dialog then shows the latest version). */
  onReload: () => void;
}

/** Adds or edits an insurance type (e.g. Dental, Vision): its name and display order. */
export function InsuranceTypeDialog({ insuranceType, onClose, onReload }: InsuranceTypeDialogProps) {
  const { t } = useLingui();
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  const { control, handleSubmit, setError, formState } = useForm<TypeFormValues, unknown, TypeFormOutput>({
    resolver: zodResolver(typeFormSchema),
    defaultValues: {
      name: insuranceType?.name ?? '',
      sortOrder: String(insuranceType?.sortOrder ?? 0),
    },
  });
  const save = useMutation({
    mutationFn: async (fields: TypeFormOutput) =>
      insuranceType
        ? (
            await updateInsuranceType(clientId, insuranceType.insuranceTypeId, {
              ...fields,
              version: insuranceType.version,
            })
          ).insuranceType
        : (await createInsuranceType(clientId, fields)).insuranceType,
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: configKeys.insurance(clientId) });
      const name = saved.name;
      notifySaved(insuranceType ? t`${name} saved` : t`${name} added`);
      onClose();
    },
  });
  const onSubmit = submitWithFieldErrors(handleSubmit, setError, (values) => save.mutateAsync(values));
  return (
    <FormDialog
      title={insuranceType ? t`Edit ${insuranceType.name}` : t`Add an insurance type`}
      maxWidth="sm"
      submitLabel={insuranceType ? t`Save type` : t`Add type`}
      submitting={formState.isSubmitting}
      saveError={save.error}
      onReload={insuranceType ? onReload : undefined}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <FormTextField control={control} name="name" label={t`Type name`} required maxLength={60} fullWidth />
      <FormTextField
        control={control}
        name="sortOrder"
        label={t`Display order`}
        helperText={t`Lower numbers are listed first.`}
        type="number"
        min={0}
      />
    </FormDialog>
  );
}
