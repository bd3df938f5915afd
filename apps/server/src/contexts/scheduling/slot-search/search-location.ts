/*
 * A provider's availability at one location as the slot search holds it: the engine's free days
 * (compact, computeFreeDays), seen through the shape the domain's filters and sorts read
 * (ProviderLocationAvailability). Its slot list is built only if something reads `slots`; the
 * answer (response.ts) asks the days for the dates it shows instead.
 */
import type {
  AvailabilityLocation,
  ProviderLocationAvailability,
  Slot,
} from '@scheduler/domain/availability/types';
import type { LocationDays } from '../engine.ts';

export class SearchLocation implements ProviderLocationAvailability {
  private every: readonly Slot[] | undefined;

  constructor(readonly days: LocationDays) {}

  get location(): AvailabilityLocation {
    return this.days.location;
  }

  get locationId(): string {
    return this.days.locationId;
  }

  get nextAvailable(): Slot | null {
    return this.days.nextAvailable;
  }

  get noCapacity(): boolean {
    return this.days.noCapacity;
  }

  /** Every slot of the window (built once, when asked: the whole window's answer). */
  get slots(): readonly Slot[] {
    this.every ??= this.days.allSlots();
    return this.every;
  }
}

/** The free days behind a location of a search entry (every entry's locations are SearchLocations). */
export function daysOf(availability: ProviderLocationAvailability): LocationDays {
  if (availability instanceof SearchLocation) return availability.days;
  throw new TypeError(`location ${availability.locationId} of a search entry holds no free days`);
}

const NO_DATES: readonly string[] = [];

/** No free day at `location` (a provider who cannot take the patient there). */
export function noFreeDays(location: AvailabilityLocation): LocationDays {
  return {
    location,
    locationId: location.id,
    dates: NO_DATES,
    nextAvailable: null,
    noCapacity: true,
    slotCount: 0,
    firstSlotFrom: () => null,
    slotsOn: () => [],
    allSlots: () => [],
  };
}
