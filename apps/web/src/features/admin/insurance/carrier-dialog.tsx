import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { carrierRequestSchema } from '@scheduler/domain/schemas/admin-config';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { configKeys, createCarrier } from '../api/config-api';
import { FormTextField } from '../components/form-fields';
import { applyServerFieldErrors, notifySaved, SaveErrorAlert } from '../components/save-feedback';
import { useAdminParams } from '../use-admin-params';

const carrierFormSchema = carrierRequestSchema.pick({ name: true });

/** Adds an insurance carrier (its plans are added next). */
export function CarrierDialog({ onClose }: { onClose: () => void }) {
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  const titleId = useId();
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(carrierFormSchema),
    defaultValues: { name: '' },
  });
  const save = useMutation({
    mutationFn: (name: string) => createCarrier(clientId, name),
    onSuccess: async ({ carrier }) => {
      await queryClient.invalidateQueries({ queryKey: configKeys.insurance(clientId) });
      notifySaved(`${carrier.name} added`);
      onClose();
    },
  });
  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      await save.mutateAsync(name);
    } catch (error) {
      applyServerFieldErrors(error, setError);
    }
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={titleId}>Add an insurance carrier</DialogTitle>
        <DialogContent>
          <FormTextField
            control={control}
            name="name"
            label="Carrier name"
            required
            maxLength={120}
            fullWidth
            sx={{ mt: 1 }}
          />
          <SaveErrorAlert error={save.error} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            Add carrier
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
