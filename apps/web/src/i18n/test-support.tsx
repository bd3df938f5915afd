import { I18nProvider } from '@lingui/react';
import type { ReactElement, ReactNode } from 'react';
import { i18n } from './catalogs';

/** For tests that render a screen without the app's providers: Lingui's context (English unless activated). */
export function I18nWrapper({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

export function withI18n(element: ReactElement): ReactElement {
  return <I18nWrapper>{element}</I18nWrapper>;
}
