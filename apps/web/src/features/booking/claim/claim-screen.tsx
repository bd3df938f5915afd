import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import {
  WAITLIST_OFFER_EXPIRED_MESSAGE,
  WAITLIST_OFFER_GONE_MESSAGE,
  WAITLIST_OFFER_USED_MESSAGE,
  type NextTime,
  type WaitlistClaimResponse,
  type WaitlistOfferView,
} from '@scheduler/contract/waitlist-offers';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../components/app-link';
import { isApiError } from '../../../lib/api-client';
import { errorText as serverErrorText } from '../../../lib/error-texts';
import { newUuid } from '../lib/ids';
import { AppointmentFacts, PhoneLink, whenText } from '../manage/appointment-facts';
import { InvalidLink } from '../manage/invalid-link';
import {
  bookingPagePath,
  SelfServicePage,
  useSelfServiceScope,
  type SelfServiceScope,
} from '../manage/self-service-page';
import {
  claimGoneOf,
  claimOffer,
  fetchOffer,
  isWellFormedClaimToken,
  offerKey,
  type ClaimGone,
} from './claim-api';

/**
 * The waitlist claim page, /{clientName}/{scheduler}/claim/{token} (issue 18): the freed time
 * offered to this waitlist entry, and "Book this time" (a POST; opening the page changes
 * nothing). The first claimer books it; anyone later is told the time is gone and shown the next
 * times for the same service, with the booking page.
 */

function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.code === 'NOT_FOUND' || error.status === 404);
}

/** The server's text of an error answer, in the patient's language when it is a known one. */
function errorText(i18n: I18n, error: unknown): string {
  return isApiError(error)
    ? serverErrorText(i18n, error.code, error.body.error.message)
    : i18n._(msg`Something went wrong. Please try again.`);
}

/** The contract's WAITLIST_OFFER_*_MESSAGE texts in the patient's language. */
const OFFER_NOT_FOUND = msg`This link is not valid. Please use the booking page or call the office.`;
const OFFER_USED = msg`This link has already been used to book this time.`;
const OFFER_EXPIRED = msg`Sorry, this offer has ended. Here are the next times for the same service.`;
const OFFER_GONE = msg`Sorry, this time has just been taken by someone else. Here are the next times for the same service.`;

/** The server's text of a lost claim in the patient's language when it is one of the contract's. */
const KNOWN_GONE_MESSAGES: Record<string, MessageDescriptor> = {
  [WAITLIST_OFFER_USED_MESSAGE]: OFFER_USED,
  [WAITLIST_OFFER_EXPIRED_MESSAGE]: OFFER_EXPIRED,
  [WAITLIST_OFFER_GONE_MESSAGE]: OFFER_GONE,
};

function goneText(i18n: I18n, message: string): string {
  const known = Object.hasOwn(KNOWN_GONE_MESSAGES, message) ? KNOWN_GONE_MESSAGES[message] : undefined;
  return known ? i18n._(known) : message;
}

export function ClaimScreen() {
  const scope = useSelfServiceScope();
  const wellFormed = isWellFormedClaimToken(scope.token);
  const { t, i18n } = useLingui();
  const offer = useQuery({
    queryKey: offerKey(scope.token),
    queryFn: ({ signal }) => fetchOffer(scope.token, signal),
    enabled: wellFormed,
    retry: false,
    refetchOnWindowFocus: false,
  });

  if (!wellFormed || (offer.isError && isNotFound(offer.error)))
    return (
      <InvalidLink scope={scope} heading={t`This link cannot be used`} message={i18n._(OFFER_NOT_FOUND)} />
    );
  if (offer.isPending)
    return (
      <SelfServicePage scope={scope} heading={t`A time has opened up`}>
        <p role="status">
          <Trans>Loading the offered time…</Trans>
        </p>
      </SelfServicePage>
    );
  if (offer.isError)
    return (
      <SelfServicePage scope={scope} heading={t`We could not load this offer`}>
        <div role="alert">
          <p>{errorText(i18n, offer.error)}</p>
        </div>
        <Button variant="contained" onClick={() => void offer.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </SelfServicePage>
    );
  return <Offer scope={scope} offer={offer.data} />;
}

function Offer({ scope, offer }: { scope: SelfServiceScope; offer: WaitlistOfferView }) {
  // One key per page: a retry of the same claim answers the first one.
  const [idempotencyKey] = useState(() => newUuid());
  const [gone, setGone] = useState<ClaimGone | null>(null);
  const { t, i18n } = useLingui();
  const bookingScope = { clientName: offer.clientSlug, scheduler: offer.schedulerSlug };
  const claim = useMutation({
    mutationFn: () => claimOffer(scope.token, idempotencyKey),
    onError: (error) => {
      const lost = claimGoneOf(error);
      if (lost) setGone(lost);
    },
  });

  if (claim.data) return <Claimed scope={bookingScope} offer={offer} booked={claim.data} />;
  if (gone)
    return (
      <Gone
        scope={bookingScope}
        offer={offer}
        heading={gone.code === 'OFFER_USED' ? t`This link has been used` : t`This time is gone`}
        message={goneText(i18n, gone.message)}
        nextTimes={gone.nextTimes}
      />
    );
  if (offer.status !== 'open') {
    const [heading, message] =
      offer.status === 'claimed'
        ? [t`This link has been used`, i18n._(OFFER_USED)]
        : offer.status === 'expired'
          ? [t`This offer has ended`, i18n._(OFFER_EXPIRED)]
          : [t`This time is gone`, i18n._(OFFER_GONE)];
    return (
      <Gone
        scope={bookingScope}
        offer={offer}
        heading={heading}
        message={message}
        nextTimes={offer.nextTimes}
      />
    );
  }

  const failure = claim.isError && !claimGoneOf(claim.error) ? errorText(i18n, claim.error) : null;
  const firstName = offer.firstName;
  const movedFrom = offer.move ? whenText(i18n, offer.move.fromStartUtc, offer.timeZone) : null;
  const until = whenText(i18n, offer.expiresAtUtc, offer.timeZone);
  return (
    <SelfServicePage
      scope={bookingScope}
      heading={firstName ? t`${firstName}, a time has opened up` : t`A time has opened up`}
    >
      <p>
        <Trans>
          A time you were waiting for is free. Other patients on the waiting list may have been offered it
          too: the first to book it gets it.
        </Trans>
      </p>
      <OfferedTime offer={offer} />
      {movedFrom ? (
        <p>
          <Trans>
            Booking this time moves your appointment on {movedFrom} to this time; the earlier booking is
            released.
          </Trans>
        </p>
      ) : null}
      <p>
        <Trans>This offer is open until {until}.</Trans>
      </p>
      {failure ? (
        <div role="alert">
          <p>{failure}</p>
        </div>
      ) : null}
      <Button variant="contained" size="large" disabled={claim.isPending} onClick={() => claim.mutate()}>
        {claim.isPending ? t`Booking…` : t`Book this time`}
      </Button>
    </SelfServicePage>
  );
}

function OfferedTime({
  offer,
  confirmationNumber,
}: {
  offer: WaitlistOfferView;
  confirmationNumber?: string;
}) {
  return (
    <section aria-labelledby="offered-time-title">
      <h2 id="offered-time-title" style={{ fontSize: '1.25rem', margin: '16px 0 8px' }}>
        {offer.service.name}
      </h2>
      <AppointmentFacts
        startUtc={offer.startUtc}
        timeZone={offer.timeZone}
        provider={offer.provider.name}
        location={{ name: offer.location.name, address: offer.location.address, phone: offer.location.phone }}
        confirmationNumber={confirmationNumber}
      />
    </section>
  );
}

function Claimed({
  scope,
  offer,
  booked,
}: {
  scope: { clientName: string; scheduler: string };
  offer: WaitlistOfferView;
  booked: WaitlistClaimResponse;
}) {
  const { t, i18n } = useLingui();
  const when = whenText(i18n, booked.startUtc, booked.timeZone);
  const from =
    booked.outcome === 'moved' && booked.movedFromStartUtc
      ? whenText(i18n, booked.movedFromStartUtc, booked.timeZone)
      : null;
  const confirmationNumber = booked.confirmationNumber;
  return (
    <SelfServicePage scope={scope} heading={t`Your appointment is booked`}>
      <div role="status">
        <p>
          {from ? (
            <Trans>
              Your appointment on {from} was moved to {when}. Confirmation number: {confirmationNumber}.
            </Trans>
          ) : (
            <Trans>
              You are booked for {when}. Confirmation number: {confirmationNumber}.
            </Trans>
          )}
        </p>
      </div>
      <OfferedTime
        offer={{ ...offer, startUtc: booked.startUtc, endUtc: booked.endUtc, timeZone: booked.timeZone }}
        confirmationNumber={booked.confirmationNumber}
      />
      <p>
        <Trans>A confirmation with a link to manage the appointment is on its way.</Trans>
      </p>
    </SelfServicePage>
  );
}

function Gone({
  scope,
  offer,
  heading,
  message,
  nextTimes,
}: {
  scope: { clientName: string; scheduler: string };
  offer: WaitlistOfferView;
  heading: string;
  message: string;
  nextTimes: NextTime[];
}) {
  const phone = offer.location.phone;
  const { i18n } = useLingui();
  const serviceName = offer.service.name;
  return (
    <SelfServicePage scope={scope} heading={heading}>
      <div role="status">
        <p>{message}</p>
      </div>
      {nextTimes.length > 0 ? (
        <section aria-labelledby="next-times-title">
          <h2 id="next-times-title" style={{ fontSize: '1.25rem', margin: '16px 0 8px' }}>
            <Trans>Next times for {serviceName}</Trans>
          </h2>
          <ul style={{ paddingLeft: 20 }}>
            {nextTimes.map((time) => (
              <li key={`${time.providerId}-${time.startUtc}`} style={{ marginBottom: 4 }}>
                {whenText(i18n, time.startUtc, time.timeZone)}, {time.providerName}, {time.locationName}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>
        <Link to={bookingPagePath(scope)}>
          <Trans>Book a time on our booking page</Trans>
        </Link>
      </p>
      {phone ? (
        <p>
          <Trans>
            Or call our office: <PhoneLink phone={phone} />
          </Trans>
        </p>
      ) : null}
    </SelfServicePage>
  );
}
