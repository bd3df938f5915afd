/**
 * The practice's own texts in the patient's language (issue 21). A practice writes its texts in
 * English (scheduler settings) and may give a Spanish version beside each (`…Es`, empty = not
 * translated). On a Spanish page:
 * 1. the practice's Spanish, when it wrote one;
 * 2. else, while the English is still the shipped default, the reviewed Spanish of that default
 *    (from the catalog: the descriptors below carry the default's English as their message);
 * 3. else the practice's English as written (we cannot translate what the practice wrote).
 * An English page shows the English unchanged.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { DEFAULT_SETTINGS } from '@scheduler/domain/settings';

/** thankYouScreen 1's shipped default (the English must stay word for word the domain's default). */
export const DEFAULT_THANK_YOU_PRIMARY: MessageDescriptor = msg`Your appointment has been scheduled! If you need to reschedule, please contact us at least 48 hours in advance.`;
/**
 * The same default without its 48-hour sentence: the thank-you page drops that sentence of the
 * UNEDITED default when the appointment is 48 hours away or sooner (thank-you-wording.ts).
 */
export const DEFAULT_THANK_YOU_PRIMARY_SHORT: MessageDescriptor = msg`Your appointment has been scheduled!`;
/** thankYouScreen 2's shipped default. */
export const DEFAULT_THANK_YOU_SECONDARY: MessageDescriptor = msg`Call our office if you have any questions.`;

export interface ThankYouTexts {
  primary: string;
  secondary: string;
}

/** The practice's thank-you texts: the English ones, and the Spanish ones when known. */
export interface PracticeThankYou extends ThankYouTexts {
  primaryEs?: string | null | undefined;
  secondaryEs?: string | null | undefined;
}

const written = (text: string | null | undefined): string | null => {
  const trimmed = typeof text === 'string' ? text.trim() : '';
  return trimmed === '' ? null : trimmed;
};

/**
 * One practice text for `locale` ('en' | 'es'): see the rules above. `shipped` is the default's
 * English (the domain's) and `translation` its catalog descriptor.
 */
export function practiceText(
  i18n: I18n,
  locale: string,
  english: string,
  spanish: string | null | undefined,
  shipped: { english: string; translation: MessageDescriptor },
): string {
  if (locale !== 'es') return english;
  const own = written(spanish);
  if (own !== null) return own;
  return english === shipped.english ? i18n._(shipped.translation) : english;
}

/**
 * The thank-you page's two texts in the active language (`i18n.locale`). `shownPrimary` is the
 * English primary as the page shows it (primaryMessage may have dropped the default's 48-hour
 * sentence); absent, the primary as set.
 */
export function thankYouTexts(
  i18n: I18n,
  practice: PracticeThankYou,
  shownPrimary: string = practice.primary,
): ThankYouTexts {
  const locale = i18n.locale;
  const shortened =
    practice.primary === DEFAULT_SETTINGS.thankYouPrimary && shownPrimary !== practice.primary;
  return {
    primary: practiceText(i18n, locale, shownPrimary, practice.primaryEs, {
      english: shortened ? shownPrimary : DEFAULT_SETTINGS.thankYouPrimary,
      translation: shortened ? DEFAULT_THANK_YOU_PRIMARY_SHORT : DEFAULT_THANK_YOU_PRIMARY,
    }),
    secondary: practiceText(i18n, locale, practice.secondary, practice.secondaryEs, {
      english: DEFAULT_SETTINGS.thankYouSecondary,
      translation: DEFAULT_THANK_YOU_SECONDARY,
    }),
  };
}

/** thankYouTexts in the active language, again whenever the patient switches it. */
export function useThankYouTexts(practice: PracticeThankYou, shownPrimary?: string): ThankYouTexts {
  const { i18n } = useLingui();
  return thankYouTexts(i18n, practice, shownPrimary);
}
