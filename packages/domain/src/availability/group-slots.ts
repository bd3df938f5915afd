/** Slots grouped by time, for the "group slots by provider: No" view (setting appointment 17). */
import type { AvailabilityResult, ProviderAvailability, Slot } from './types.ts';

export interface SlotCandidate {
  readonly providerId: string;
  readonly locationId: string;
  /** The provider's own slot (its end depends on the provider's duration). */
  readonly slot: Slot;
}

export interface TimeSlotGroup {
  readonly startUtcMs: number;
  /** Local date and time in `timeZone`. */
  readonly dateLocal: string;
  readonly timeLocal: string;
  readonly timeZone: string;
  /** Providers free at this time, in the order of the providers given. */
  readonly candidates: readonly SlotCandidate[];
}

interface MutableGroup extends TimeSlotGroup {
  readonly candidates: SlotCandidate[];
}

/**
 * Distinct start times (per time zone, so a group has one local label) with the providers
 * free then, ascending by instant. Pass `{ providers: filteredOrSorted }` to group a
 * filtered list; `locationId` keeps one location only.
 */
export function groupSlotsByTime(
  result: Pick<AvailabilityResult, 'providers'> | { readonly providers: readonly ProviderAvailability[] },
  options: { readonly locationId?: string } = {},
): TimeSlotGroup[] {
  const byZone = new Map<string, Map<number, MutableGroup>>();
  for (const entry of result.providers) {
    for (const availability of entry.locations) {
      if (options.locationId !== undefined && availability.locationId !== options.locationId) continue;
      const timeZone = availability.location.timeZone;
      let groups = byZone.get(timeZone);
      if (groups === undefined) {
        groups = new Map();
        byZone.set(timeZone, groups);
      }
      for (const slot of availability.slots) {
        let group = groups.get(slot.startUtcMs);
        if (group === undefined) {
          group = {
            startUtcMs: slot.startUtcMs,
            dateLocal: slot.dateLocal,
            timeLocal: slot.timeLocal,
            timeZone,
            candidates: [],
          };
          groups.set(slot.startUtcMs, group);
        }
        group.candidates.push({ providerId: entry.providerId, locationId: availability.locationId, slot });
      }
    }
  }
  const all: TimeSlotGroup[] = [];
  for (const groups of byZone.values()) for (const group of groups.values()) all.push(group);
  return all.sort(
    (left, right) =>
      left.startUtcMs - right.startUtcMs ||
      (left.timeZone < right.timeZone ? -1 : left.timeZone > right.timeZone ? 1 : 0),
  );
}
