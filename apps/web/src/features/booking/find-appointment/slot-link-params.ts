/**
 * The booking page's slot deep link (issue 20): `/{clientName}/{scheduler}/all/findappointment?slot={id}`,
 * as each FHIR Slot of the practice's open-availability API (and its SMART Scheduling Links files)
 * links it. Partners may append `source` and `booking-referral`: kept for attribution in the UTM
 * fields (utm_source = source, utm_medium = 'scheduling-link', utm_term = booking-referral) unless the
 * URL carries its own utm_* fields. Once the link is read, these parameters leave the URL (so the
 * next steps and a reload do not open the link again); what the step needs of it travels in the
 * history entry's state (`{ slotLink }`, like "Book again"), never in the persisted booking state.
 */
import type { Utm } from '../state/patientdetails-slice';

export const SLOT_PARAM = 'slot';
const SOURCE_PARAM = 'source';
const REFERRAL_PARAM = 'booking-referral';
const LINK_PARAMS = [SLOT_PARAM, SOURCE_PARAM, REFERRAL_PARAM] as const;
const UTM_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term'] as const;

/** utm_medium of a booking that came through a scheduling link. */
export const SCHEDULING_LINK_MEDIUM = 'scheduling-link';
/** As the UTM fields read from a URL (lib/analytics.ts). */
const MAX_PARAM_LENGTH = 200;

function param(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim();
  return value ? value.slice(0, MAX_PARAM_LENGTH) : null;
}

/** The slot id of a deep link's URL, or null when it carries none. */
export function slotParamOf(search: string): string | null {
  const params = new URLSearchParams(search);
  return params.has(SLOT_PARAM) ? (params.get(SLOT_PARAM) ?? '').trim() : null;
}

/** The URL's query without the deep link's own parameters ('' when nothing is left). */
export function searchWithoutLink(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of LINK_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}

/**
 * The UTM fields a partner's `source` / `booking-referral` stand for, or null: when the URL carries
 * utm_* fields of its own (the booking shell keeps those), or neither parameter.
 */
export function linkCampaign(search: string): Omit<Utm, 'rwg_token'> | null {
  const params = new URLSearchParams(search);
  if (UTM_PARAMS.some((name) => param(params, name) !== null)) return null;
  const source = param(params, SOURCE_PARAM);
  const referral = param(params, REFERRAL_PARAM);
  if (source === null && referral === null) return null;
  return {
    utm_source: source,
    utm_medium: SCHEDULING_LINK_MEDIUM,
    utm_campaign: null,
    utm_term: referral,
  };
}

/** What the find-a-time step keeps of an opened link (history state `{ slotLink }`). */
export interface SlotLinkState {
  providerId: string;
  locationId: string;
  startUtc: string;
  /** The location's IANA zone. */
  timeZone: string;
  /** 'YYYY-MM-DD' in that zone: the day the step opens on. */
  dateLocal: string;
  /** Whether the time was offered when the link was opened. */
  free: boolean;
}

/** Same shape as the contract's ids (packages/contract common.ts ID_PATTERN). */
const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The link of a history state; null for anything else (the state is untrusted). */
export function readSlotLinkState(state: unknown): SlotLinkState | null {
  if (typeof state !== 'object' || state === null) return null;
  const link = (state as { slotLink?: unknown }).slotLink;
  if (typeof link !== 'object' || link === null) return null;
  const { providerId, locationId, startUtc, timeZone, dateLocal, free } = link as Record<string, unknown>;
  if (
    typeof providerId !== 'string' ||
    !ID_PATTERN.test(providerId) ||
    typeof locationId !== 'string' ||
    !ID_PATTERN.test(locationId) ||
    typeof startUtc !== 'string' ||
    Number.isNaN(Date.parse(startUtc)) ||
    typeof timeZone !== 'string' ||
    timeZone === '' ||
    typeof dateLocal !== 'string' ||
    !ISO_DATE.test(dateLocal) ||
    typeof free !== 'boolean'
  )
    return null;
  return { providerId, locationId, startUtc, timeZone, dateLocal, free };
}
