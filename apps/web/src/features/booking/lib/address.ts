import type { Location } from '@scheduler/contract/scheduler-api';

export type AddressParts = Pick<Location, 'addressLine1' | 'addressLine2' | 'city' | 'state' | 'postalCode'>;

/** '350 Fifth Avenue, Suite 4810, New York, NY 10118'. */
export function formatAddress(location: AddressParts): string {
  const street = [location.addressLine1, location.addressLine2]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
  const region = [location.state.trim(), location.postalCode.trim()].filter(Boolean).join(' ');
  return [street, location.city.trim(), region].filter(Boolean).join(', ');
}

/** A Google Maps search link for an address (no API key, opens the app or the site). */
export function mapSearchUrl(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
