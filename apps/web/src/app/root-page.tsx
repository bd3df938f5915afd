import { Link } from 'react-router';
import { adminLoginPath } from './route-guards';

export const PRODUCT_NAME = 'Scheduler';

/**
 * The public root (`/` without a staff session, issue 16; decision 016): the product's name, what it
 * is, and a link to the staff sign-in. It names no practice, patient or setting, so a patient who
 * trims a booking link to the domain is not dropped on the admin login. Plain elements (base.css).
 */
export function RootPage() {
  return (
    <main className="error-screen root-page">
      <title>{`${PRODUCT_NAME} – online appointment booking`}</title>
      <h1 className="h4">{PRODUCT_NAME}</h1>
      <p className="body1">
        Online appointment booking for healthcare practices. To book an appointment, use the booking link on
        your practice&apos;s website or in the message they sent you.
      </p>
      <p className="body1">
        <Link to={adminLoginPath()} className="phone-link focus-ring">
          Staff sign-in
        </Link>
      </p>
    </main>
  );
}
