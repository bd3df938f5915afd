import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { NOTES_MAX_LENGTH, REASON_FOR_VISIT_MAX_LENGTH } from '@scheduler/contract/booking';
import { ISO_DATE_RANGE_MESSAGE, MAX_ISO_DATE, MIN_ISO_DATE } from '@scheduler/contract/common';
import { PERSON_NAME_MAX_LENGTH } from '@scheduler/contract/patient';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * The contract's validation messages (packages/contract: the patient, insurance and details
 * schemas, run in the browser by the forms and on the server, whose VALIDATION answers carry the
 * same English) in the patient's language (issue 21). The contract stays English: a message is
 * looked up by its English text when it is shown, and one this table does not know stays as is.
 */
const nameMax = PERSON_NAME_MAX_LENGTH;
const reasonMax = REASON_FOR_VISIT_MAX_LENGTH;
const notesMax = NOTES_MAX_LENGTH;
const minDate = MIN_ISO_DATE;
const maxDate = MAX_ISO_DATE;

const CONTRACT_MESSAGES: Record<string, MessageDescriptor> = {
  // Identity (contract/patient.ts, contract/common.ts)
  'Enter your first name': msg`Enter your first name`,
  'Enter your last name': msg`Enter your last name`,
  [`Keep your first name to ${nameMax} characters or fewer`]: msg`Keep your first name to ${nameMax} characters or fewer`,
  [`Keep your last name to ${nameMax} characters or fewer`]: msg`Keep your last name to ${nameMax} characters or fewer`,
  'Use letters, spaces, hyphens and apostrophes in your first name': msg`Use letters, spaces, hyphens and apostrophes in your first name`,
  'Use letters, spaces, hyphens and apostrophes in your last name': msg`Use letters, spaces, hyphens and apostrophes in your last name`,
  'Enter your date of birth': msg`Enter your date of birth`,
  'Enter a date': msg`Enter a date`,
  'Enter a valid date (YYYY-MM-DD)': msg`Enter a valid date (YYYY-MM-DD)`,
  [ISO_DATE_RANGE_MESSAGE]: msg`Enter a date between ${minDate} and ${maxDate}`,
  'Date of birth cannot be in the future': msg`Date of birth cannot be in the future`,
  'Check the year of your date of birth': msg`Check the year of your date of birth`,
  'Enter your phone number': msg`Enter your phone number`,
  'Enter a valid phone number': msg`Enter a valid phone number`,
  'Enter your e-mail address': msg`Enter your e-mail address`,
  'Enter a valid e-mail address': msg`Enter a valid e-mail address`,
  'Choose whether we may send you text messages': msg`Choose whether we may send you text messages`,
  'Choose whether we may send you e-mails': msg`Choose whether we may send you e-mails`,
  'Please agree to receive text messages to book online': msg`Please agree to receive text messages to book online`,
  'Please agree to receive e-mails to book online': msg`Please agree to receive e-mails to book online`,
  // Insurance (contract/booking.ts)
  'Choose your insurance carrier': msg`Choose your insurance carrier`,
  'Choose your insurance plan': msg`Choose your insurance plan`,
  'Enter your member ID': msg`Enter your member ID`,
  'Keep the member ID to 40 characters or fewer': msg`Keep the member ID to 40 characters or fewer`,
  'Use letters, digits and hyphens in the member ID': msg`Use letters, digits and hyphens in the member ID`,
  'Choose your relationship to the policy holder': msg`Choose your relationship to the policy holder`,
  'Choose your insurance or self-pay': msg`Choose your insurance or self-pay`,
  'Choose a valid option': msg`Choose a valid option`,
  // Additional details (contract/booking.ts)
  [`Keep the reason for your visit to ${reasonMax} characters or fewer`]: msg`Keep the reason for your visit to ${reasonMax} characters or fewer`,
  [`Keep your notes to ${notesMax} characters or fewer`]: msg`Keep your notes to ${notesMax} characters or fewer`,
  'Remove the invalid character (U+0000) from this text': msg`Remove the invalid character (U+0000) from this text`,
};

/** `message` in the active language when it is one of the contract's; as given otherwise. */
export function contractMessage(i18n: I18n, message: string): string {
  const descriptor = Object.hasOwn(CONTRACT_MESSAGES, message) ? CONTRACT_MESSAGES[message] : undefined;
  return descriptor ? i18n._(descriptor) : message;
}

function isFieldError(value: unknown): value is FieldError {
  return typeof value === 'object' && value !== null && 'type' in value;
}

function translateErrors(errors: Record<string, unknown>, i18n: I18n): Record<string, unknown> {
  const translated: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (isFieldError(value))
      translated[key] =
        typeof value.message === 'string'
          ? { ...value, message: contractMessage(i18n, value.message) }
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
