import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import Typography from '@mui/material/Typography';
import { createProviderRequestSchema, type CreateProviderRequest } from '@scheduler/contract/admin/providers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { configKeys } from '../shared/api/config-keys';
import { FormDialog, submitWithFieldErrors } from '../shared/components/form-dialog';
import { notifySaved, validatedAs } from '../shared/components/save-feedback';
import { useAdminParams } from '../shared/use-admin-params';
import {
  genderOrNull,
  ProviderCredentialFields,
  ProviderFlagFields,
  ProviderGenderField,
  ProviderNameFields,
  providerProfileShape,
  type ProviderProfileValues,
} from './provider-profile-fields';
import { createProvider } from './providers-api';

type AddProviderValues = ProviderProfileValues;

const INITIAL: AddProviderValues = {
  prefix: '',
  firstName: '',
  lastName: '',
  credentials: '',
  specialty: '',
  gender: '',
  onlineBookable: true,
  acceptingNewPatients: true,
};

/** The form's text values become the create request, validated by the contract's schema. */
const addProviderSchema = z
  .object(providerProfileShape)
  .transform((values) => ({ ...values, gender: genderOrNull(values.gender) }))
  .transform(validatedAs(createProviderRequestSchema));

export interface AddProviderDialogProps {
  onClose: () => void;
  /** After the provider is created: its id (the screen then opens its editor to finish the set-up). */
  onAdded: (providerId: string) => void;
}

/**
 * "Add provider": the new provider's profile. Its locations, services, working hours and plans are
 * set on its edit screen, which opens next (a provider with none of them is offered nowhere yet).
 */
export function AddProviderDialog({ onClose, onAdded }: AddProviderDialogProps) {
  const { t } = useLingui();
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  const { control, handleSubmit, setError, formState } = useForm<
    AddProviderValues,
    unknown,
    CreateProviderRequest
  >({ resolver: zodResolver(addProviderSchema), defaultValues: INITIAL });

  const save = useMutation({
    mutationFn: (request: CreateProviderRequest) => createProvider(clientId, request),
    onSuccess: async ({ provider }) => {
      await queryClient.invalidateQueries({ queryKey: configKeys.providers(clientId) });
      const name = provider.name;
      notifySaved(t`${name} added. Next: locations, services, working hours and plans.`);
      onAdded(provider.providerId);
    },
  });

  const onSubmit = submitWithFieldErrors(handleSubmit, setError, (values) => save.mutateAsync(values));

  return (
    <FormDialog
      title={t`Add a provider`}
      maxWidth="sm"
      submitLabel={t`Add provider`}
      submitting={formState.isSubmitting}
      saveError={save.error}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Typography variant="body2" color="text.secondary">
        <Trans>
          Start with the profile. Next, on the provider’s page, choose the locations and services, set the
          weekly working hours and the insurance plans accepted.
        </Trans>
      </Typography>
      <ProviderNameFields control={control} />
      <ProviderCredentialFields control={control} />
      <ProviderGenderField control={control} />
      <ProviderFlagFields
        control={control}
        onlineBookableHint={t`Patients can book this provider online once it has services, locations and hours.`}
      />
    </FormDialog>
  );
}
