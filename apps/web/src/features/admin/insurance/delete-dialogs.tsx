import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { CarrierAdmin, InsuranceTypeAdmin } from '@scheduler/contract/admin/insurance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { configKeys } from '../shared/api/config-keys';
import { deleteCarrier, deleteInsuranceType } from './insurance-api';
import { notifySaveFailed, notifySaved, SaveErrorAlert } from '../shared/components/save-feedback';
import { useAdminParams } from '../shared/use-admin-params';

/** Asks before deleting an insurance type. */
export function DeleteTypeDialog({
  insuranceType,
  onClose,
}: {
  insuranceType: InsuranceTypeAdmin;
  onClose: () => void;
}) {
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  const titleId = useId();
  const remove = useMutation({
    mutationFn: () => deleteInsuranceType(clientId, insuranceType.insuranceTypeId),
    onSuccess: () => notifySaved(`${insuranceType.name} deleted`),
    onError: notifySaveFailed,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: configKeys.insurance(clientId) });
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Delete {insuranceType.name}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {insuranceType.planCount > 0
            ? `${insuranceType.planCount} plan(s) use this type, so it cannot be deleted until they have another type.`
            : 'No plan uses this type.'}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={() => remove.mutate()} disabled={remove.isPending}>
          Delete type
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Asks before deleting a carrier (its plans go with it). The API refuses a carrier that patients'
 * insurance records use: its message shows in the dialog, which stays open.
 */
export function DeleteCarrierDialog({ carrier, onClose }: { carrier: CarrierAdmin; onClose: () => void }) {
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  const titleId = useId();
  const textId = useId();
  const remove = useMutation({
    mutationFn: () => deleteCarrier(clientId, carrier.carrierId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: configKeys.insurance(clientId) });
      notifySaved(`${carrier.name} deleted`);
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>Delete {carrier.name}?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {carrier.planCount > 0
            ? `Its ${carrier.planCount} plan(s) are deleted with it, and no provider takes them any more. This cannot be undone.`
            : 'It has no plans. This cannot be undone.'}
        </DialogContentText>
        <SaveErrorAlert error={remove.error} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={() => remove.mutate()} disabled={remove.isPending}>
          {remove.isPending ? 'Deleting…' : 'Delete carrier'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
