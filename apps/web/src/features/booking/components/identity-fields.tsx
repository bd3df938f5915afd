import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import type { Control } from 'react-hook-form';
import type { IdentityDraft } from '../lib/flow-state';
import { FormCheckbox, FormTextField } from './form-fields';

export type IdentityFormValues = IdentityDraft;

export const EMPTY_IDENTITY: IdentityFormValues = {
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  phone: '',
  email: '',
  smsPermission: false,
  emailPermission: false,
};

export interface IdentityFieldsProps {
  // Any form whose values include the identity fields.
  control: Control<IdentityFormValues>;
  /** patientIntake 1: whether both permissions are required to book. */
  permissionsRequired: boolean;
  /** Today's date ('YYYY-MM-DD'): the latest date of birth the picker offers. */
  today: string;
}

/** First and last name, date of birth, phone, e-mail and the SMS / e-mail permissions. */
export function IdentityFields({ control, permissionsRequired, today }: IdentityFieldsProps) {
  const { t } = useLingui();
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2 }}>
        <FormTextField
          control={control}
          name="firstName"
          label={t`First name`}
          required
          autoComplete="given-name"
          maxLength={50}
        />
        <FormTextField
          control={control}
          name="lastName"
          label={t`Last name`}
          required
          autoComplete="family-name"
          maxLength={50}
        />
        <FormTextField
          control={control}
          name="dateOfBirth"
          label={t`Date of birth`}
          type="date"
          required
          autoComplete="bday"
          slotProps={{ inputLabel: { shrink: true } }}
          max={today}
        />
        <FormTextField
          control={control}
          name="phone"
          label={t`Mobile phone`}
          type="tel"
          required
          autoComplete="tel"
          inputMode="tel"
          maxLength={40}
          helperText={t`Digits, spaces and + ( ) - are fine`}
        />
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
          <FormTextField
            control={control}
            name="email"
            label={t`E-mail`}
            type="email"
            required
            autoComplete="email"
            inputMode="email"
            maxLength={254}
          />
        </Box>
      </Box>
      <FormCheckbox
        control={control}
        name="smsPermission"
        label={
          permissionsRequired
            ? t`I agree to receive text messages about my appointment (required to book online)`
            : t`I agree to receive text messages about my appointment`
        }
      />
      <FormCheckbox
        control={control}
        name="emailPermission"
        label={
          permissionsRequired
            ? t`I agree to receive e-mails about my appointment (required to book online)`
            : t`I agree to receive e-mails about my appointment`
        }
      />
    </>
  );
}
