/*
 * The booking deep link of a Slot (SMART Scheduling Links' booking-deep-link extension, issue 20):
 * `${publicUrl}/${clientSlug}/${schedulerSlug}/all/findappointment?slot=${slotId}`. The booking page
 * opens the find-appointment step at that time (deep-link/, H5). Partners may append `source` and
 * `booking-referral` (kept for attribution).
 */

export interface DeepLinkTarget {
  /** `config.publicUrl`, without a trailing slash (config.ts strips it). */
  publicUrl: string;
  clientSlug: string;
  schedulerSlug: string;
  slotId: string;
}

export function bookingDeepLink(target: DeepLinkTarget): string {
  const base = target.publicUrl.replace(/\/+$/, '');
  const path = `/${encodeURIComponent(target.clientSlug)}/${encodeURIComponent(target.schedulerSlug)}/all/findappointment`;
  return `${base}${path}?${new URLSearchParams({ slot: target.slotId }).toString()}`;
}

/** The FHIR base of a brand: `${publicUrl}/fhir/{clientSlug}`. */
export function fhirBaseUrl(publicUrl: string, clientSlug: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/fhir/${encodeURIComponent(clientSlug)}`;
}
