import { Trans, useLingui } from '@lingui/react/macro';

/** No page at this address (plain elements styled by the app's static stylesheet). */
export function NotFoundScreen() {
  const { t } = useLingui();
  return (
    <main className="error-screen">
      <title>{t`Page not found`}</title>
      <h1 className="h4">
        <Trans>Page not found</Trans>
      </h1>
      <p className="body1">
        <Trans>
          There is no page at this address. Check the link you were given, or call our office to schedule your
          appointment.
        </Trans>
      </p>
    </main>
  );
}
