import { t } from '@lingui/core/macro';
import type { SlotResponse } from '@scheduler/contract/scheduler-api';
import { intlLocale } from '../../../i18n/catalogs';
import { clockTimeText, zonedTimeLabel } from '../../../lib/zoned-time';
import { formatDayLabel } from '../lib/slot-format';

/** What the times need to know about a location: its name, zone and (with a ZIP code) distance. */
export interface Place {
  locationId: string;
  name: string;
  /** IANA zone; null when the location is not in the catalogue any more (then no zone is named). */
  timeZone: string | null;
  phone: string | null;
  /** Miles from the patient's ZIP code, when one is given. */
  distanceMiles: number | null;
}

export interface SlotTimeLabel {
  /** '8:00 AM CT' */
  full: string;
  /** '6:00 AM your time', or null when the patient's zone agrees with the location's. */
  yourTime: string | null;
}

/** A slot's time on its location's clock with the zone named, and the patient's own time when it differs. */
export function slotTimeLabel(
  slot: Pick<SlotResponse, 'startUtc' | 'timeLocal'>,
  timeZone: string | null,
  viewerZone?: string,
): SlotTimeLabel {
  if (timeZone) {
    try {
      const label = zonedTimeLabel(slot.startUtc, timeZone, viewerZone ? { viewerZone } : {});
      return { full: label.full, yourTime: label.yourTime };
    } catch {
      // An invalid zone or instant: the local time alone, as the server gave it.
    }
  }
  // The same '8:00 AM' form as the zoned labels (not the spec's '08:00 AM'), without a zone.
  return { full: clockTimeText(slot.timeLocal) ?? slot.timeLocal, yourTime: null };
}

/**
 * The accessible name of a time: '8:00 AM CT with Dr. Emily Carter at Midtown, Fri, Nov 27, 6:00 AM
 * your time'. These texts are in the active language (callers re-render with it: useLingui).
 */
export function slotAccessibleName(
  label: SlotTimeLabel,
  providerName: string,
  placeName: string,
  dateLocal: string,
): string {
  const time = label.full;
  const day = formatDayLabel(dateLocal);
  const yours = label.yourTime ? `, ${label.yourTime}` : '';
  return t`${time} with ${providerName} at ${placeName}, ${day}${yours}`;
}

const milesFormats = new Map<string, Intl.NumberFormat>();

/** '3.2 miles away' (one decimal, as `toFixed(1)`, in the active language's digits). */
export function milesText(miles: number): string {
  const locale = intlLocale();
  let format = milesFormats.get(locale);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
      useGrouping: false,
    });
    milesFormats.set(locale, format);
  }
  // Rounded as `toFixed(1)` always has (0.35 → '0.3'), then written in the language's digits.
  const distance = format.format(Number(miles.toFixed(1)) + 0);
  return miles === 1 ? t`${distance} mile away` : t`${distance} miles away`;
}

export interface LocationGroup<T> {
  place: Place;
  items: T[];
}

/**
 * Items of several locations as one group per location — never one mixed list: nearest first when
 * distances are known (a ZIP code was given), else in `order` (the server's location order), each
 * group sorted by its own local time.
 */
export function groupByLocation<T>(
  items: readonly T[],
  locationIdOf: (item: T) => string,
  timeOf: (item: T) => string,
  placeOf: (locationId: string) => Place,
  order: readonly string[] = [],
): LocationGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const id = locationIdOf(item);
    const list = groups.get(id);
    if (list) list.push(item);
    else groups.set(id, [item]);
  }
  const rank = (id: string) => {
    const index = order.indexOf(id);
    return index < 0 ? Number.MAX_SAFE_INTEGER : index;
  };
  return [...groups]
    .map(([id, list]) => ({
      place: placeOf(id),
      items: [...list].sort((a, b) => timeOf(a).localeCompare(timeOf(b))),
    }))
    .sort(
      (a, b) =>
        (a.place.distanceMiles ?? Number.POSITIVE_INFINITY) -
          (b.place.distanceMiles ?? Number.POSITIVE_INFINITY) ||
        rank(a.place.locationId) - rank(b.place.locationId) ||
        a.place.name.localeCompare(b.place.name),
    );
}

/** The heading line of a location group: 'Midtown · 3.2 miles away · times in CT'. */
export function placeHeading(place: Place, zone: string | null): string {
  const parts = [place.name];
  if (place.distanceMiles !== null) parts.push(milesText(place.distanceMiles));
  if (zone) parts.push(t`times in ${zone}`);
  return parts.join(' · ');
}
