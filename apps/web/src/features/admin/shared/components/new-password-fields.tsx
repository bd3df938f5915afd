import { i18n } from '../../../../i18n/catalogs';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { PASSWORD_MIN_LENGTH } from '@scheduler/contract/admin/accounts';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from './form-fields';

/** The policy hint under every new-password field (the server also refuses common passwords). */
export function passwordHint(minLength: number): string {
  return i18n._(
    msg`At least ${minLength} characters. Common or breached passwords are refused; a few unrelated words make a strong one.`,
  );
}

/** A new password and its repetition must be equal (checked before anything is sent). */
export const PASSWORDS_DIFFER = msg`The two passwords are not the same`;

/** PASSWORDS_DIFFER in the active language (for a zod refinement's `error: () => passwordsDifferMessage()`). */
export function passwordsDifferMessage(): string {
  return i18n._(PASSWORDS_DIFFER);
}

/**
 * The English text, untranslated: kept only for the screens that still import it (use
 * `passwordsDifferMessage()` or `PASSWORDS_DIFFER`).
 */
export const PASSWORDS_DIFFER_MESSAGE = 'The two passwords are not the same';

/**
 * A new password and its repetition (sign-in steps, reset, invitation, account): both
 * `autocomplete="new-password"`, the policy hint under the first, errors under each field.
 */
export function NewPasswordFields<T extends FieldValues, TOut = T>({
  control,
  names,
  labels,
}: {
  control: Control<T, unknown, TOut>;
  /** The form fields of the new password and of its repetition. */
  names: readonly [FieldPath<T>, FieldPath<T>];
  labels?: readonly [string, string];
}) {
  const { t } = useLingui();
  const [newLabel, repeatLabel] = labels ?? [t`New password`, t`Repeat the new password`];
  return (
    <>
      <FormTextField
        control={control}
        name={names[0]}
        label={newLabel}
        type="password"
        autoComplete="new-password"
        required
        fullWidth
        helperText={passwordHint(PASSWORD_MIN_LENGTH)}
      />
      <FormTextField
        control={control}
        name={names[1]}
        label={repeatLabel}
        type="password"
        autoComplete="new-password"
        required
        fullWidth
      />
    </>
  );
}
