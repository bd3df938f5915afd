import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { updateProviderInfoRequestSchema, type ProviderDetail } from '@scheduler/contract/admin/providers';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { FormTextField } from '../shared/components/form-fields';
import {
  applyServerFieldErrors,
  notifySaved,
  SaveErrorAlert,
  validatedAs,
} from '../shared/components/save-feedback';
import {
  genderOrNull,
  ProviderCredentialFields,
  ProviderFlagFields,
  ProviderGenderField,
  ProviderNameFields,
  providerProfileShape,
  type ProviderProfileValues,
} from './provider-profile-fields';
import { useSaveProvider } from './use-save-provider';
import { useSyncProviderForm } from './use-sync-provider-form';
import { i18n } from '../../../i18n/catalogs';

interface ProfileFormValues extends ProviderProfileValues {
  providerId: string;
  version: number;
  middleName: string;
  bio: string;
  photoUrl: string;
  sortOrder: string;
}

/** The form's text values become the update request, validated by the domain's schema. */
const profileFormSchema = z
  .object({
    ...providerProfileShape,
    providerId: z.string(),
    version: z.number(),
    middleName: z.string(),
    bio: z.string(),
    photoUrl: z.string(),
    sortOrder: z
      .string()
      .trim()
      .regex(/^\d{1,6}$/, { error: () => i18n._(msg`Enter a whole number`) }),
  })
  .transform((values) => ({
    ...values,
    gender: genderOrNull(values.gender),
    photoUrl: values.photoUrl.trim() === '' ? null : values.photoUrl,
    sortOrder: Number(values.sortOrder),
  }))
  .transform(validatedAs(updateProviderInfoRequestSchema));

function valuesOf(provider: ProviderDetail): ProfileFormValues {
  return {
    providerId: provider.providerId,
    version: provider.version,
    prefix: provider.prefix ?? '',
    firstName: provider.firstName,
    middleName: provider.middleName ?? '',
    lastName: provider.lastName,
    credentials: provider.credentials ?? '',
    specialty: provider.specialty ?? '',
    gender: provider.gender ?? '',
    bio: provider.bio ?? '',
    photoUrl: provider.photoUrl ?? '',
    onlineBookable: provider.onlineBookable,
    acceptingNewPatients: provider.acceptingNewPatients,
    sortOrder: String(provider.sortOrder),
  };
}

/** Name, gender, credentials, bio, photo and the online flags of one provider (PATCH updateProviderInfo). */
export function ProviderProfileForm({
  provider,
  onReload,
}: {
  provider: ProviderDetail;
  onReload: () => void;
}) {
  const { t } = useLingui();
  const initial = useMemo(() => valuesOf(provider), [provider]);
  const form = useForm({
    resolver: zodResolver(profileFormSchema),
    defaultValues: initial,
  });
  const { control, handleSubmit, setError, formState } = form;
  const save = useSaveProvider();

  useSyncProviderForm(form, initial);

  const onSubmit = handleSubmit(async (request) => {
    try {
      await save.mutateAsync(request);
      notifySaved(t`Provider details saved`);
    } catch (error) {
      applyServerFieldErrors(error, setError);
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={t`Provider details`}
    >
      <Stack spacing={2}>
        <ProviderNameFields control={control} withMiddleName />
        <ProviderCredentialFields control={control}>
          <ProviderGenderField control={control} />
        </ProviderCredentialFields>
        <FormTextField
          control={control}
          name="bio"
          label={t`Bio`}
          multiline
          minRows={3}
          maxLength={4000}
          fullWidth
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="photoUrl"
            label={t`Photo URL`}
            helperText={t`An https:// address or a path on this site; leave empty for none.`}
            maxLength={500}
            fullWidth
          />
          <FormTextField
            control={control}
            name="sortOrder"
            label={t`Display order`}
            type="number"
            min={0}
            sx={{ maxWidth: { sm: 160 } }}
          />
        </Stack>
        <ProviderFlagFields
          control={control}
          onlineBookableHint={t`Patients can book this provider online.`}
        />
        <SaveErrorAlert error={save.error} onReload={onReload} />
        <Box>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? t`Saving…` : t`Save details`}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
