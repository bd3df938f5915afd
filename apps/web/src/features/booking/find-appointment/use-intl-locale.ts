import { useLingui } from '@lingui/react';
import { intlLocale } from '../../../i18n/catalogs';

/**
 * The active language's `Intl` tag ('en-US' or 'es-US') for dates and times, re-rendering the
 * caller when the patient changes the language (issue 21).
 */
export function useIntlLocale(): string {
  useLingui();
  return intlLocale();
}
