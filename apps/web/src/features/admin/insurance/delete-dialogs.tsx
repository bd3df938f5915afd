import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  const titleId = useId();
  const remove = useMutation({
    mutationFn: () => deleteInsuranceType(clientId, insuranceType.insuranceTypeId),
    onSuccess: () => notifySaved(t`${insuranceType.name} deleted`),
    onError: notifySaveFailed,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: configKeys.insurance(clientId) });
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        <Trans>Delete {insuranceType.name}?</Trans>
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {insuranceType.planCount > 0
            ? t`${insuranceType.planCount} plan(s) use this type, so it cannot be deleted until they have another type.`
            : t`No plan uses this type.`}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button color="error" variant="contained" onClick={() => remove.mutate()} disabled={remove.isPending}>
          <Trans>Delete type</Trans>
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
  const { t } = useLingui();
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  const titleId = useId();
  const textId = useId();
  const remove = useMutation({
    mutationFn: () => deleteCarrier(clientId, carrier.carrierId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: configKeys.insurance(clientId) });
      notifySaved(t`${carrier.name} deleted`);
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>
        <Trans>Delete {carrier.name}?</Trans>
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {carrier.planCount > 0
            ? t`Its ${carrier.planCount} plan(s) are deleted with it, and no provider takes them any more. This cannot be undone.`
            : t`It has no plans. This cannot be undone.`}
        </DialogContentText>
        <SaveErrorAlert error={remove.error} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          <Trans>Cancel</Trans>
        </Button>
        <Button color="error" variant="contained" onClick={() => remove.mutate()} disabled={remove.isPending}>
          {remove.isPending ? t`Deleting…` : t`Delete carrier`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
