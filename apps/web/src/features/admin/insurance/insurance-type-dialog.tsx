import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { createInsuranceTypeRequestSchema, type InsuranceTypeAdmin } from '@scheduler/contract/admin-config';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { configKeys, createInsuranceType, updateInsuranceType } from '../api/config-api';
import { FormTextField } from '../components/form-fields';
import {
  applyServerFieldErrors,
  notifySaved,
  SaveErrorAlert,
  validatedAs,
} from '../components/save-feedback';
import { useAdminParams } from '../use-admin-params';

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
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  const titleId = useId();
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
      notifySaved(insuranceType ? `${saved.name} saved` : `${saved.name} added`);
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
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={titleId}>
          {insuranceType ? `Edit ${insuranceType.name}` : 'Add an insurance type'}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField
              control={control}
              name="name"
              label="Type name"
              required
              maxLength={60}
              fullWidth
            />
            <FormTextField
              control={control}
              name="sortOrder"
              label="Display order"
              helperText="Lower numbers are listed first."
              type="number"
              min={0}
            />
            <SaveErrorAlert error={save.error} onReload={insuranceType ? onReload : undefined} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving…' : insuranceType ? 'Save type' : 'Add type'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
