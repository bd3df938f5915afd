import Button from '@mui/material/Button';
import {
  WAITLIST_OFFER_EXPIRED_MESSAGE,
  WAITLIST_OFFER_GONE_MESSAGE,
  WAITLIST_OFFER_NOT_FOUND_MESSAGE,
  WAITLIST_OFFER_USED_MESSAGE,
  type NextTime,
  type WaitlistClaimResponse,
  type WaitlistOfferView,
} from '@scheduler/contract/waitlist-offers';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-client';
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

function errorText(error: unknown): string {
  return isApiError(error) ? error.body.error.message : 'Something went wrong. Please try again.';
}

export function ClaimScreen() {
  const scope = useSelfServiceScope();
  const wellFormed = isWellFormedClaimToken(scope.token);
  const offer = useQuery({
    queryKey: offerKey(scope.token),
    queryFn: ({ signal }) => fetchOffer(scope.token, signal),
    enabled: wellFormed,
    retry: false,
    refetchOnWindowFocus: false,
  });

  if (!wellFormed || (offer.isError && isNotFound(offer.error)))
    return (
      <InvalidLink
        scope={scope}
        heading="This link cannot be used"
        message={WAITLIST_OFFER_NOT_FOUND_MESSAGE}
      />
    );
  if (offer.isPending)
    return (
      <SelfServicePage scope={scope} heading="A time has opened up">
        <p role="status">Loading the offered time…</p>
      </SelfServicePage>
    );
  if (offer.isError)
    return (
      <SelfServicePage scope={scope} heading="We could not load this offer">
        <div role="alert">
          <p>{errorText(offer.error)}</p>
        </div>
        <Button variant="contained" onClick={() => void offer.refetch()}>
          Try again
        </Button>
      </SelfServicePage>
    );
  return <Offer scope={scope} offer={offer.data} />;
}

function Offer({ scope, offer }: { scope: SelfServiceScope; offer: WaitlistOfferView }) {
  // One key per page: a retry of the same claim answers the first one.
  const [idempotencyKey] = useState(() => newUuid());
  const [gone, setGone] = useState<ClaimGone | null>(null);
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
        heading={gone.code === 'OFFER_USED' ? 'This link has been used' : 'This time is gone'}
        message={gone.message}
        nextTimes={gone.nextTimes}
      />
    );
  if (offer.status !== 'open') {
    const [heading, message] =
      offer.status === 'claimed'
        ? ['This link has been used', WAITLIST_OFFER_USED_MESSAGE]
        : offer.status === 'expired'
          ? ['This offer has ended', WAITLIST_OFFER_EXPIRED_MESSAGE]
          : ['This time is gone', WAITLIST_OFFER_GONE_MESSAGE];
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

  const failure = claim.isError && !claimGoneOf(claim.error) ? errorText(claim.error) : null;
  return (
    <SelfServicePage
      scope={bookingScope}
      heading={offer.firstName ? `${offer.firstName}, a time has opened up` : 'A time has opened up'}
    >
      <p>
        A time you were waiting for is free. Other patients on the waiting list may have been offered it too:
        the first to book it gets it.
      </p>
      <OfferedTime offer={offer} />
      {offer.move ? (
        <p>
          Booking this time moves your appointment on {whenText(offer.move.fromStartUtc, offer.timeZone)} to
          this time; the earlier booking is released.
        </p>
      ) : null}
      <p>This offer is open until {whenText(offer.expiresAtUtc, offer.timeZone)}.</p>
      {failure ? (
        <div role="alert">
          <p>{failure}</p>
        </div>
      ) : null}
      <Button variant="contained" size="large" disabled={claim.isPending} onClick={() => claim.mutate()}>
        {claim.isPending ? 'Booking…' : 'Book this time'}
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
  return (
    <SelfServicePage scope={scope} heading="Your appointment is booked">
      <div role="status">
        <p>
          {booked.outcome === 'moved' && booked.movedFromStartUtc
            ? `Your appointment on ${whenText(booked.movedFromStartUtc, booked.timeZone)} was moved to ${whenText(booked.startUtc, booked.timeZone)}.`
            : `You are booked for ${whenText(booked.startUtc, booked.timeZone)}.`}{' '}
          Confirmation number: {booked.confirmationNumber}.
        </p>
      </div>
      <OfferedTime
        offer={{ ...offer, startUtc: booked.startUtc, endUtc: booked.endUtc, timeZone: booked.timeZone }}
        confirmationNumber={booked.confirmationNumber}
      />
      <p>A confirmation with a link to manage the appointment is on its way.</p>
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
  return (
    <SelfServicePage scope={scope} heading={heading}>
      <div role="status">
        <p>{message}</p>
      </div>
      {nextTimes.length > 0 ? (
        <section aria-labelledby="next-times-title">
          <h2 id="next-times-title" style={{ fontSize: '1.25rem', margin: '16px 0 8px' }}>
            Next times for {offer.service.name}
          </h2>
          <ul style={{ paddingLeft: 20 }}>
            {nextTimes.map((time) => (
              <li key={`${time.providerId}-${time.startUtc}`} style={{ marginBottom: 4 }}>
                {whenText(time.startUtc, time.timeZone)}, {time.providerName}, {time.locationName}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>
        <Link to={bookingPagePath(scope)}>Book a time on our booking page</Link>
      </p>
      {phone ? (
        <p>
          Or call our office: <PhoneLink phone={phone} />
        </p>
      ) : null}
    </SelfServicePage>
  );
}
