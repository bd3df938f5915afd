import type { QueryClient } from '@tanstack/react-query';
import { setBeforeFailure } from '../../lib/api-client';
import { warmContractWorker } from '../../lib/contract-check';
import { loadServerTexts } from './api/server-texts';
import { locationsQuery, serviceTypesQuery } from './api/get-catalogue';
import { schedulerConfigQuery } from './api/get-config';
import type { BookingScope } from './api/scope';
import { ANY_LOCATION } from './lib/flow-state';

// Any failed call of a patient's page loads the translators of the server's texts before it rejects.
setBeforeFailure(loadServerTexts);

/** First path segments that are not a practice (the router's static routes win over the booking one). */
const NOT_A_PRACTICE = new Set(['admin', '404']);

export interface BookingPage {
  scope: BookingScope;
  /** The step of the URL; 'landing' for the bare booking URL (it redirects there). */
  step: string;
}

/** The booking page a URL opens (/:clientName/:scheduler/:location[/widget][/step]), or null. */
export function bookingPageOf(pathname: string): BookingPage | null {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  if (segments[3] === 'widget') segments.splice(3, 1);
  if (segments.length < 3 || segments.length > 4) return null;
  const [clientName = '', scheduler = '', location = ANY_LOCATION, step = 'landing'] = segments.map(
    (segment) => {
      try {
        return decodeURIComponent(segment).toLowerCase();
      } catch {
        return '';
      }
    },
  );
  if (clientName === '' || scheduler === '' || NOT_A_PRACTICE.has(clientName)) return null;
  return { scope: { clientName, scheduler, locationSlug: location }, step };
}

/**
 * Starts, before React renders, what the booking page of the URL needs first: the scheduler's
 * configuration for every step, and on the landing and find-appointment steps the catalogue
 * (services and locations) and the step's code. The reads use the hooks' query options in the
 * app's query client, so the screens find them in flight or answered instead of asking once the
 * stored state is restored and their code has loaded.
 */
export function prefetchBookingPage(pathname: string, client: QueryClient): void {
  const page = bookingPageOf(pathname);
  if (page === null) return;
  const { scope } = page;
  // The answers are checked against the contract in a worker: it starts now, with the requests.
  warmContractWorker();
  void client.prefetchQuery(schedulerConfigQuery(scope));
  if (page.step !== 'landing' && page.step !== 'findappointment') return;
  void client.prefetchQuery(serviceTypesQuery(scope));
  void client.prefetchQuery(locationsQuery(scope));
  if (page.step === 'landing') void import('./landing/landing-screen').catch(() => undefined);
  else void import('./find-appointment/find-appointment-screen').catch(() => undefined);
}
