import type { GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import { localDateTimeToInstant } from '@scheduler/domain/time-zone';

/** One bookable time of one provider, as the waitlist's booking dialog lists it. */
export interface OpenSlot {
  key: string;
  startUtc: string;
  dateLocal: string;
  timeLocal: string;
  locationId: string;
  providerId: string;
  providerName: string;
}

export interface SlotDay {
  dateLocal: string;
  slots: OpenSlot[];
}

/** Every free slot of the answer (each provider's), by local day then time then provider name. */
export function openSlotsByDay(answer: GetProvidersResponse, limitDays = 7): SlotDay[] {
  const slots: OpenSlot[] = answer.providers.flatMap((provider) =>
    provider.slots.map((slot) => ({
      key: `${provider.providerId}-${slot.startUtc}-${slot.locationId}`,
      startUtc: slot.startUtc,
      dateLocal: slot.dateLocal,
      timeLocal: slot.timeLocal,
      locationId: slot.locationId,
      providerId: provider.providerId,
      providerName: provider.name,
    })),
  );
  slots.sort(
    (a, b) =>
      a.startUtc.localeCompare(b.startUtc) ||
      a.providerName.localeCompare(b.providerName, undefined, { sensitivity: 'base' }),
  );
  const days: SlotDay[] = [];
  for (const slot of slots) {
    const last = days[days.length - 1];
    if (last && last.dateLocal === slot.dateLocal) last.slots.push(slot);
    else if (days.length < limitDays) days.push({ dateLocal: slot.dateLocal, slots: [slot] });
    else break;
  }
  return days;
}

/** 'YYYY-MM-DD' → 'Mon, Mar 2' (a local date, no time-zone shift). */
export function dayHeading(dateLocal: string): string {
  const [y = 1970, m = 1, d = 1] = dateLocal.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/**
 * The UTC instant (ISO, no milliseconds) of a local date ('YYYY-MM-DD') and time ('HH:mm') in the
 * location's zone, or null when either is missing or malformed: the "another time" staff enter.
 */
export function localTimeToUtc(dateLocal: string, timeLocal: string, timeZone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dateLocal)) return null;
  const match = /^(\d{2}):(\d{2})$/.exec(timeLocal);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (minutes >= 24 * 60 || Number(match[2]) >= 60) return null;
  try {
    return localDateTimeToInstant(dateLocal, minutes, timeZone)
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z');
  } catch {
    return null;
  }
}
