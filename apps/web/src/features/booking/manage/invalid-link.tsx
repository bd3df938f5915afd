import { Trans } from '@lingui/react/macro';
import { Link } from '../../../components/app-link';
import { PhoneLink } from './appointment-facts';
import { bookingPagePath, SelfServicePage, useOfficePhone, type SelfServiceScope } from './self-service-page';

/**
 * A wrong, expired or used link: says so plainly and offers the booking page and the office phone
 * (getConfig of the URL's scheduler). It names no appointment and no patient.
 */
export function InvalidLink({
  scope,
  heading,
  message,
}: {
  scope: Pick<SelfServiceScope, 'clientName' | 'scheduler'>;
  heading: string;
  message: string;
}) {
  const phone = useOfficePhone(scope);
  return (
    <SelfServicePage scope={scope} heading={heading}>
      <p>{message}</p>
      <p>
        <Link to={bookingPagePath(scope)}>
          <Trans>Go to the booking page</Trans>
        </Link>
      </p>
      {phone ? (
        <p>
          <Trans>
            Call our office: <PhoneLink phone={phone} />
          </Trans>
        </p>
      ) : null}
    </SelfServicePage>
  );
}
