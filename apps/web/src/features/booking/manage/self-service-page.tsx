import { useEffect, useRef, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { setTrackingSession } from '../../../lib/analytics-facade';
import { useSchedulerConfig } from '../api/get-config';
import { ANY_LOCATION } from '../lib/flow-state';

/**
 * The frame of the pages a patient opens from a message (manage link, waitlist claim link): the
 * practice's name, then one main landmark whose h1 takes the focus whenever it changes (so a
 * screen reader announces what happened: cancelled, moved, booked). Outside the booking stepper.
 *
 * The URL carries a bearer token: the page asks browsers not to send it on as a referrer and
 * search engines not to index it.
 */

export interface SelfServiceScope {
  clientName: string;
  scheduler: string;
  token: string;
}

export function useSelfServiceScope(): SelfServiceScope {
  const params = useParams();
  return {
    clientName: (params.clientName ?? '').toLowerCase(),
    scheduler: (params.scheduler ?? '').toLowerCase(),
    token: params.token ?? '',
  };
}

/** The booking page of the scheduler (any location). */
export function bookingPagePath(scope: Pick<SelfServiceScope, 'clientName' | 'scheduler'>): string {
  return `/${encodeURIComponent(scope.clientName)}/${encodeURIComponent(scope.scheduler)}/${ANY_LOCATION}/landing`;
}

export interface SelfServicePageProps {
  scope: Pick<SelfServiceScope, 'clientName' | 'scheduler'>;
  heading: string;
  children: ReactNode;
}

export function SelfServicePage({ scope, heading, children }: SelfServicePageProps) {
  // The practice's name (and, for a wrong link, its phone): getConfig of the URL's scheduler.
  const config = useSchedulerConfig(scope);
  const practiceName = config.data?.client.clientName ?? '';
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The address carries a token: no analytics log line may name this page (its failed calls
  // would report the page path), even when the patient came from the booking pages in this tab.
  useEffect(() => {
    setTrackingSession(null);
  }, []);
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: false });
  }, [heading]);
  return (
    <div className="booking-shell booking-shell--page">
      <meta name="referrer" content="no-referrer" />
      <meta name="robots" content="noindex, nofollow" />
      <title>{practiceName ? `${heading} – ${practiceName}` : heading}</title>
      <header className="booking-header">
        <div className="booking-header__bar">
          <p className="booking-header__name">{practiceName}</p>
        </div>
      </header>
      <main id="main-content" className="step-page" style={{ maxWidth: 760 }}>
        <h1 ref={headingRef} tabIndex={-1} className="h4 step-page__heading">
          {heading}
        </h1>
        {children}
      </main>
    </div>
  );
}

/** The office phone of the URL's scheduler (getConfig), for pages that know no appointment. */
export function useOfficePhone(scope: Pick<SelfServiceScope, 'clientName' | 'scheduler'>): string | null {
  const config = useSchedulerConfig(scope);
  return config.data?.client.phone || null;
}
