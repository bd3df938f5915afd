import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { carrierRequestSchema, type CarrierAdmin } from '@scheduler/contract/admin/insurance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { configKeys } from '../shared/api/config-keys';
import { createCarrier, renameCarrier } from './insurance-api';
import { FormTextField } from '../shared/components/form-fields';
import { applyServerFieldErrors, notifySaved, SaveErrorAlert } from '../shared/components/save-feedback';
import { useAdminParams } from '../shared/use-admin-params';

const carrierFormSchema = carrierRequestSchema.pick({ name: true });

export interface CarrierDialogProps {
  /** null: a new carrier. */
  carrier: CarrierAdmin | null;
  onClose: () => void;
  /** After a conflict: reads the carrier again (the dialog then shows the latest version). */
  onReload?: () => void;
}

/** Adds an insurance carrier (its plans are added next) or renames one. */
export function CarrierDialog({ carrier, onClose, onReload }: CarrierDialogProps) {
  const { t } = useLingui();
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  const titleId = useId();
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(carrierFormSchema),
    defaultValues: { name: carrier?.name ?? '' },
  });
  const save = useMutation({
    mutationFn: (name: string) =>
      carrier
        ? renameCarrier(clientId, carrier.carrierId, name, carrier.version)
        : createCarrier(clientId, name),
    onSuccess: async ({ carrier: saved }) => {
      await queryClient.invalidateQueries({ queryKey: configKeys.insurance(clientId) });
      const name = saved.name;
      notifySaved(carrier ? t`${name} saved` : t`${name} added`);
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
        <DialogTitle id={titleId}>
          {carrier ? t`Rename ${carrier.name}` : t`Add an insurance carrier`}
        </DialogTitle>
        <DialogContent>
          <FormTextField
            control={control}
            name="name"
            label={t`Carrier name`}
            required
            maxLength={120}
            fullWidth
            sx={{ mt: 1 }}
          />
          <SaveErrorAlert error={save.error} onReload={onReload} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {carrier ? t`Save carrier` : t`Add carrier`}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
