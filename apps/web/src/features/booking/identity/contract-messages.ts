import type { I18n } from '@lingui/core';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { translateKnown } from '../../../lib/error-texts';

/*
 * The contract's validation messages (packages/contract: the patient, insurance and details
 * schemas, run in the browser by the forms) in the patient's language (issue 21): the contract
 * stays English and its messages are looked up by their English where they are shown, in the one
 * lookup of the texts written outside the web app (lib/error-texts.ts).
 */

function isFieldError(value: unknown): value is FieldError {
  return typeof value === 'object' && value !== null && 'type' in value;
}

function translateErrors(errors: Record<string, unknown>, i18n: I18n): Record<string, unknown> {
  const translated: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (isFieldError(value))
      translated[key] =
        typeof value.message === 'string'
          ? { ...value, message: translateKnown(i18n, value.message) }
          : value;
    else if (typeof value === 'object' && value !== null)
      translated[key] = translateErrors(value as Record<string, unknown>, i18n);
    else translated[key] = value;
  }
  return translated;
}

/**
 * `resolver` (a zod resolver of a contract schema) whose error messages are in the active
 * language. Built in the component (`useLingui().i18n`), so each validation reads the language
 * of the moment.
 */
export function translatedResolver<TValues extends FieldValues, TContext, TOutput>(
  resolver: Resolver<TValues, TContext, TOutput>,
  i18n: I18n,
): Resolver<TValues, TContext, TOutput> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    return { values: {}, errors: translateErrors(result.errors, i18n) as FieldErrors<TValues> };
  };
}
