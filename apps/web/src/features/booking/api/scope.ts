import { useParams } from 'react-router';
import { ANY_LOCATION } from '../lib/flow-state';

/** Which practice and scheduler the booking URL is for: /:clientName/:scheduler/:location/. */
export interface BookingScope {
  clientName: string;
  scheduler: string;
  /** The location slug of the URL, or 'all'. */
  locationSlug: string;
}

export function useBookingScope(): BookingScope {
  const params = useParams();
  return {
    clientName: (params.clientName ?? '').toLowerCase(),
    scheduler: (params.scheduler ?? '').toLowerCase(),
    locationSlug: (params.location ?? ANY_LOCATION).toLowerCase(),
  };
}

export const schedulerKey = (scope: Pick<BookingScope, 'clientName' | 'scheduler'>) =>
  ['scheduler', scope.clientName, scope.scheduler] as const;
