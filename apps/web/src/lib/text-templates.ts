import type { I18n } from '@lingui/core';
import { MONTH_NAMES } from '@scheduler/domain/dates';
import { INTL_LOCALE, toAppLocale } from '../i18n/locales';

/*
 * How lib/error-texts.ts recognises a text the server filled with values (no message of its own:
 * its messages stay in that module, in the later steps' catalog part).
 */

/** The language the server and the contract write in. */
export const SOURCE_LOCALE = 'en';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `template` as an anchored pattern, each `{name}` a named group. */
export function patternOf(template: string): RegExp {
  const parts = template.split(/\{(\w+)\}/);
  const source = parts
    .map((part, index) => (index % 2 === 1 ? `(?<${part}>.+?)` : escapeRegExp(part)))
    .join('');
  return new RegExp(`^${source}$`, 's');
}

/**
 * The server writes the existing appointment's date and time in English ('March 9, 2025',
 * '02:30 PM', domain dates.ts); in another language they are written again with Intl.
 */
export function localValues(i18n: I18n, values: Record<string, string>): Record<string, string> {
  const locale = toAppLocale(i18n.locale);
  if (locale === null || locale === SOURCE_LOCALE) return values;
  const tag = INTL_LOCALE[locale];
  const result = { ...values };
  const date = /^([A-Z][a-z]+) (\d{1,2}), (\d{4})$/.exec(values.apptDate ?? '');
  const month = date ? (MONTH_NAMES as readonly string[]).indexOf(date[1] ?? '') : -1;
  if (date && month >= 0)
    result.apptDate = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(
      Date.UTC(Number(date[3]), month, Number(date[2])),
    );
  const time = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(values.apptTime ?? '');
  if (time) {
    const hour = (Number(time[1]) % 12) + (time[3] === 'PM' ? 12 : 0);
    result.apptTime = new Intl.DateTimeFormat(tag, {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
    }).format(Date.UTC(2000, 0, 1, hour, Number(time[2])));
  }
  return result;
}
