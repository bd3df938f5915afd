import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { updateProviderInfoRequestSchema, type ProviderDetail } from '@scheduler/contract/admin/providers';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { FormSelect, FormSwitch, FormTextField } from '../shared/components/form-fields';
import {
  applyServerFieldErrors,
  notifySaved,
  SaveErrorAlert,
  validatedAs,
} from '../shared/components/save-feedback';
import { useSaveProvider } from './use-save-provider';
import { useSyncProviderForm } from './use-sync-provider-form';

interface ProfileFormValues {
  providerId: string;
  version: number;
  prefix: string;
  firstName: string;
  middleName: string;
  lastName: string;
  credentials: string;
  specialty: string;
  gender: '' | 'M' | 'F';
  bio: string;
  photoUrl: string;
  onlineBookable: boolean;
  acceptingNewPatients: boolean;
  sortOrder: string;
}

/** The form's text values become the update request, validated by the domain's schema. */
const profileFormSchema = z
  .object({
    providerId: z.string(),
    version: z.number(),
    prefix: z.string(),
    firstName: z.string(),
    middleName: z.string(),
    lastName: z.string(),
    credentials: z.string(),
    specialty: z.string(),
    gender: z.enum(['', 'M', 'F']),
    bio: z.string(),
    photoUrl: z.string(),
    onlineBookable: z.boolean(),
    acceptingNewPatients: z.boolean(),
    sortOrder: z
      .string()
      .trim()
      .regex(/^\d{1,6}$/, { error: 'Enter a whole number' }),
  })
  .transform((values) => ({
    ...values,
    gender: values.gender === '' ? null : values.gender,
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

const GENDER_OPTIONS = [
  { value: '', label: 'Not stated' },
  { value: 'M', label: 'Male' },
  { value: 'F', label: 'Female' },
] as const;

/** Name, gender, credentials, bio, photo and the online flags of one provider (PATCH updateProviderInfo). */
export function ProviderProfileForm({
  provider,
  onReload,
}: {
  provider: ProviderDetail;
  onReload: () => void;
}) {
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
      notifySaved('Provider details saved');
    } catch (error) {
      applyServerFieldErrors(error, setError);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Provider details">
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="prefix"
            label="Prefix"
            helperText="e.g. Dr."
            maxLength={20}
            sx={{ maxWidth: { sm: 120 } }}
          />
          <FormTextField
            control={control}
            name="firstName"
            label="First name"
            required
            maxLength={60}
            fullWidth
          />
          <FormTextField control={control} name="middleName" label="Middle name" maxLength={60} fullWidth />
          <FormTextField
            control={control}
            name="lastName"
            label="Last name"
            required
            maxLength={60}
            fullWidth
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="credentials"
            label="Credentials"
            helperText="e.g. DDS"
            maxLength={60}
            fullWidth
          />
          <FormTextField control={control} name="specialty" label="Specialty" maxLength={100} fullWidth />
          <FormSelect control={control} name="gender" label="Gender" options={GENDER_OPTIONS} fullWidth />
        </Stack>
        <FormTextField
          control={control}
          name="bio"
          label="Bio"
          multiline
          minRows={3}
          maxLength={4000}
          fullWidth
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="photoUrl"
            label="Photo URL"
            helperText="An https:// address or a path on this site; leave empty for none."
            maxLength={500}
            fullWidth
          />
          <FormTextField
            control={control}
            name="sortOrder"
            label="Display order"
            type="number"
            min={0}
            sx={{ maxWidth: { sm: 160 } }}
          />
        </Stack>
        <FormSwitch
          control={control}
          name="onlineBookable"
          label="Online bookable"
          helperText="Patients can book this provider online."
        />
        <FormSwitch
          control={control}
          name="acceptingNewPatients"
          label="Accepting new patients"
          helperText="New patients can book this provider."
        />
        <SaveErrorAlert error={save.error} onReload={onReload} />
        <Box>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving…' : 'Save details'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
