import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import * as z from 'zod';
import { FormSelect, FormSwitch, FormTextField } from '../shared/components/form-fields';

/**
 * The profile fields the "Add provider" dialog and the provider's details form share: the name,
 * credentials, specialty, gender and the two online flags (their form values and their inputs).
 */

/** The form values of the shared fields. */
export interface ProviderProfileValues {
  prefix: string;
  firstName: string;
  lastName: string;
  credentials: string;
  specialty: string;
  gender: '' | 'M' | 'F';
  onlineBookable: boolean;
  acceptingNewPatients: boolean;
}

/** The zod shape of the shared form values (each form adds its own and validates the request). */
export const providerProfileShape = {
  prefix: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  credentials: z.string(),
  specialty: z.string(),
  gender: z.enum(['', 'M', 'F']),
  onlineBookable: z.boolean(),
  acceptingNewPatients: z.boolean(),
};

/** "Not stated" is no gender in the request. */
export function genderOrNull(gender: ProviderProfileValues['gender']): 'M' | 'F' | null {
  return gender === '' ? null : gender;
}

const GENDER_OPTIONS = [
  { value: '', label: msg`Not stated` },
  { value: 'M', label: msg`Male` },
  { value: 'F', label: msg`Female` },
] as const;

interface FieldsProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
}

/** Prefix, first name, (middle name, when the form has one) and last name, in a row. */
export function ProviderNameFields<T extends FieldValues & ProviderProfileValues, TOut>({
  control,
  withMiddleName = false,
}: FieldsProps<T, TOut> & { withMiddleName?: boolean }) {
  const { t } = useLingui();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <FormTextField
        control={control}
        name={'prefix' as Path<T>}
        label={t`Prefix`}
        helperText={t`e.g. Dr.`}
        maxLength={20}
        sx={{ maxWidth: { sm: 120 } }}
      />
      <FormTextField
        control={control}
        name={'firstName' as Path<T>}
        label={t`First name`}
        required
        maxLength={60}
        fullWidth
      />
      {withMiddleName ? (
        <FormTextField
          control={control}
          name={'middleName' as Path<T>}
          label={t`Middle name`}
          maxLength={60}
          fullWidth
        />
      ) : null}
      <FormTextField
        control={control}
        name={'lastName' as Path<T>}
        label={t`Last name`}
        required
        maxLength={60}
        fullWidth
      />
    </Stack>
  );
}

/** Credentials and specialty in a row (and what the form adds after them, e.g. the gender). */
export function ProviderCredentialFields<T extends FieldValues & ProviderProfileValues, TOut>({
  control,
  children,
}: FieldsProps<T, TOut> & { children?: ReactNode }) {
  const { t } = useLingui();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <FormTextField
        control={control}
        name={'credentials' as Path<T>}
        label={t`Credentials`}
        helperText={t`e.g. DDS`}
        maxLength={60}
        fullWidth
      />
      <FormTextField
        control={control}
        name={'specialty' as Path<T>}
        label={t`Specialty`}
        maxLength={100}
        fullWidth
      />
      {children}
    </Stack>
  );
}

export function ProviderGenderField<T extends FieldValues & ProviderProfileValues, TOut>({
  control,
}: FieldsProps<T, TOut>) {
  const { t, i18n } = useLingui();
  return (
    <FormSelect
      control={control}
      name={'gender' as Path<T>}
      label={t`Gender`}
      options={GENDER_OPTIONS.map((option) => ({ value: option.value, label: i18n._(option.label) }))}
      fullWidth
    />
  );
}

/** "Online bookable" (its hint said by the form) and "Accepting new patients". */
export function ProviderFlagFields<T extends FieldValues & ProviderProfileValues, TOut>({
  control,
  onlineBookableHint,
}: FieldsProps<T, TOut> & { onlineBookableHint: string }) {
  const { t } = useLingui();
  return (
    <>
      <FormSwitch
        control={control}
        name={'onlineBookable' as Path<T>}
        label={t`Online bookable`}
        helperText={onlineBookableHint}
      />
      <FormSwitch
        control={control}
        name={'acceptingNewPatients' as Path<T>}
        label={t`Accepting new patients`}
        helperText={t`New patients can book this provider.`}
      />
    </>
  );
}
