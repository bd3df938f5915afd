import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '../components/app-link';
import { adminLoginPath } from './route-guards';

export const PRODUCT_NAME = 'Scheduler';

/**
 * The public root (`/` without a staff session, issue 16; decision 016): the product's name, what it
 * is, and a link to the staff sign-in. It names no practice, patient or setting, so a patient who
 * trims a booking link to the domain is not dropped on the admin login. Plain elements (base.css).
 */
export function RootPage() {
  const { t } = useLingui();
  const product = PRODUCT_NAME;
  return (
    <main className="error-screen root-page">
      <title>{t`${product} – online appointment booking`}</title>
      <h1 className="h4">{PRODUCT_NAME}</h1>
      <p className="body1">
        <Trans>
          Online appointment booking for healthcare practices. To book an appointment, use the booking link on
          your practice&apos;s website or in the message they sent you.
        </Trans>
      </p>
      <p className="body1">
        <Link to={adminLoginPath()} className="phone-link focus-ring">
          <Trans>Staff sign-in</Trans>
        </Link>
      </p>
    </main>
  );
}
