import { getWaitListResponseSchema, type WAITLIST_STATUSES } from '@scheduler/contract/admin/waitlist';
import {
  bookFromWaitListResponseSchema,
  waitListChangeResponseSchema,
  type BookFromWaitListRequestInput,
} from '@scheduler/contract/waitlist';
import { getProvidersResponseSchema } from '@scheduler/contract/scheduler-api';
import type { QueryParams } from '../../../lib/api-client';
import { adminRequest } from '../shared/api/admin-request';

export interface WaitlistQuery {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** 'open' (waiting or contacted), 'all', or one status. */
  status: string;
  locationId: string;
  providerId: string;
  appointmentTypeId: string;
}

/** GET getWaitList (waitlist:read), filtered by location, provider, service and status. */
export function fetchWaitlistEntries(clientId: string, query: WaitlistQuery, signal?: AbortSignal) {
  return adminRequest({
    path: 'getWaitList',
    params: {
      clientId,
      page: query.page,
      pageSize: query.pageSize,
      status: query.status,
      locationId: query.locationId || undefined,
      providerId: query.providerId || undefined,
      appointmentTypeId: query.appointmentTypeId || undefined,
    },
    id: `admin-waitlist-${clientId}`,
    signal,
    schema: getWaitListResponseSchema,
  });
}

/** DELETE deleteWaitList (waitlist:write): the entry leaves the waitlist (kept as removed). */
export function removeWaitlistEntry(clientId: string, waitlistEntryId: string) {
  return adminRequest({
    method: 'DELETE',
    path: 'deleteWaitList',
    params: { clientId, waitlistEntryId },
    schema: waitListChangeResponseSchema,
  });
}

/** PATCH updateWaitList (waitlist:write): a new status; a booked entry names its appointment. */
export function updateWaitlistEntry(
  clientId: string,
  change: {
    waitlistEntryId: string;
    status: (typeof WAITLIST_STATUSES)[number];
    appointmentId?: string | undefined;
  },
) {
  return adminRequest({
    method: 'PATCH',
    path: 'updateWaitList',
    data: { clientId, ...change },
    schema: waitListChangeResponseSchema,
  });
}

/**
 * Booking a waitlisted patient. The free times come from the public slot search (GET getProviders
 * for the entry's service, location and provider: what patients could book now); staff may also
 * pick another time (today, or beyond the patient booking window). POST bookFromWaitList then books
 * it on the staff path, in one transaction: the slot re-check, the patient matched or created from
 * the entry, the appointment (channel front-desk), the entry marked booked and the audit row.
 */

export interface SlotSearch {
  clientSlug: string;
  schedulerSlug: string;
  appointmentTypeId: string;
  locationId: string;
  /** Null: any provider of the location. */
  providerId: string | null;
  isExistingPatient: boolean;
  /** First local day to list ('YYYY-MM-DD'), null for the start of the booking window. */
  fromDate: string | null;
}

export const SLOT_SEARCH_DAYS = 14;

export function slotSearchParams(search: SlotSearch): QueryParams {
  const params: QueryParams = {
    clientName: search.clientSlug,
    scheduler: search.schedulerSlug,
    appointmentTypeId: search.appointmentTypeId,
    locationId: search.locationId,
    isExistingPatient: search.isExistingPatient ? 'true' : 'false',
    days: SLOT_SEARCH_DAYS,
  };
  if (search.providerId) params.providerId = search.providerId;
  if (search.fromDate) params.fromDate = search.fromDate;
  return params;
}

export function fetchOpenSlots(search: SlotSearch, signal?: AbortSignal) {
  return adminRequest({
    path: 'getProviders',
    params: slotSearchParams(search),
    id: 'admin-waitlist-slots',
    signal,
    schema: getProvidersResponseSchema,
  });
}

/** POST bookFromWaitList (waitlist:write): the staff booking of a waitlist entry. */
export function bookFromWaitlist(clientId: string, booking: BookFromWaitListRequestInput) {
  return adminRequest({
    api: 'patientManagement',
    method: 'POST',
    path: 'bookFromWaitList',
    data: { ...booking, clientId },
    schema: bookFromWaitListResponseSchema,
  });
}
