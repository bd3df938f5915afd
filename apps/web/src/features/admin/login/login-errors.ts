import { t } from '@lingui/core/macro';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../../lib/api-client';
import { fieldErrorsOf } from '../../../lib/api-errors';
import { staffErrorText, staffText } from '../shared/contract-texts';
import { lockoutMessage } from './login-helpers';

/** Fields of a refusal that are about the link or the step itself, not a form field. */
const LINK_FIELDS = new Set(['token', 'challenge']);

/**
 * What a failed call shows above a form: the message about the link or step when the refusal
 * names one (an expired or used link is a VALIDATION error on `token`), the wait of a lock-out or
 * delay, else the server's message.
 */
export function signInErrorMessage(error: unknown): string {
  if (!isApiError(error)) return t`Something went wrong. Please try again.`;
  const aboutLink = fieldErrorsOf(error.body).find((field) => LINK_FIELDS.has(field.path));
  if (aboutLink) return staffText(aboutLink.message);
  if (error.status === 429 || error.status === 401) return lockoutMessage(error);
  return error.message
    ? staffErrorText(error.code, error.message)
    : t`Something went wrong. Please try again.`;
}

/**
 * Puts the refusal's messages on the form's own `fields`; true when it did. A refusal about the
 * link (or anything else) is left to the alert (signInErrorMessage).
 */
export function applyFormFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!isApiError(error)) return false;
  const errors = fieldErrorsOf(error.body);
  if (errors.some((field) => LINK_FIELDS.has(field.path))) return false;
  let applied = false;
  for (const { path, message } of errors) {
    const name = fields.find((field) => field === path);
    if (name === undefined) continue;
    setError(name, { type: 'server', message });
    applied = true;
  }
  return applied;
}
