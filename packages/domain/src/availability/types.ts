/**
 * Plain-data input and output of the availability engine. A repository loads the input in
 * a handful of queries (providers in scope, their working hours, time off and active
 * appointments inside the window); the engine never touches a database or a clock.
 */

/** 'M', 'F', or any other code the practice uses; `null` when not given. */
export type ProviderGender = 'M' | 'F' | (string & {});

export interface AvailabilityProvider {
  readonly id: string;
  /** Display name, used by the alphabetic sort. */
  readonly name: string;
  readonly gender?: ProviderGender | null;
  /** Providers that are not bookable online get no slots unless `options.includeOfflineProviders`. */
  readonly onlineBookable: boolean;
  /** This provider's duration for the service, when it differs from `service.durationMinutes`. */
  readonly durationMinutes?: number;
}

export interface AvailabilityLocation {
  readonly id: string;
  /** IANA time zone, e.g. 'America/New_York'. Working hours are read in it. */
  readonly timeZone: string;
  readonly latitude?: number | null;
  readonly longitude?: number | null;
}

export interface AvailabilityService {
  readonly id: string;
  readonly durationMinutes: number;
}

/** One weekly working-hours interval of a provider at a location. */
export interface WorkingHoursRow {
  readonly providerId: string;
  readonly locationId: string;
  /** 0 = Sunday … 6 = Saturday, in the location's time zone. */
  readonly weekday: number;
  /** 'HH:mm' local wall time. */
  readonly startLocal: string;
  /** 'HH:mm' local wall time, after `startLocal`; '24:00' is the end of the day. */
  readonly endLocal: string;
  /** First local date the row applies to ('YYYY-MM-DD', inclusive); open when absent. */
  readonly effectiveFrom?: string | null;
  /** Last local date the row applies to ('YYYY-MM-DD', inclusive); open when absent. */
  readonly effectiveTo?: string | null;
}

/** A time-off period or an active appointment: the provider is busy in [startUtc, endUtc). */
export interface BusyPeriod {
  readonly providerId: string;
  readonly startUtc: Date;
  readonly endUtc: Date;
}

export interface BookingWindow {
  /** Earliest bookable instant (inclusive): a slot must start at or after it. */
  readonly earliest: Date;
  /** Latest bookable instant (exclusive): a slot must end at or before it. */
  readonly latestExclusive: Date;
}

export interface AvailabilityOptions {
  /** Also compute slots for providers with `onlineBookable: false` (staff-side booking). */
  readonly includeOfflineProviders?: boolean;
}

export interface AvailabilityInput<P extends AvailabilityProvider = AvailabilityProvider> {
  /** Slots never start before `now`, whatever the window says. */
  readonly now: Date;
  readonly window: BookingWindow;
  readonly service: AvailabilityService;
  readonly locations: readonly AvailabilityLocation[];
  readonly providers: readonly P[];
  readonly workingHours: readonly WorkingHoursRow[];
  readonly timeOff: readonly BusyPeriod[];
  /** Active appointments; one at any location blocks the provider at every location. */
  readonly appointments: readonly BusyPeriod[];
  /**
   * Distance between candidate starts, counted from the start of each working-hours
   * interval. Default: 15, or the service duration when that is shorter.
   */
  readonly slotStepMinutes?: number;
  /** Days a location is closed: no slot starts at that location on that local date. */
  readonly closures?: readonly LocationClosure[];
  readonly options?: AvailabilityOptions;
}

/** A location closed for one whole local day (a holiday, a training day). */
export interface LocationClosure {
  readonly locationId: string;
  /** 'YYYY-MM-DD' in the location's time zone. */
  readonly dateLocal: string;
}

export interface Slot {
  readonly startUtcMs: number;
  readonly endUtcMs: number;
  /** 'YYYY-MM-DD' in the location's time zone. */
  readonly dateLocal: string;
  /** 'HH:mm' in the location's time zone. */
  readonly timeLocal: string;
}

export interface LocatedSlot extends Slot {
  readonly locationId: string;
}

export interface ProviderLocationAvailability {
  readonly location: AvailabilityLocation;
  readonly locationId: string;
  /** Bookable starts in ascending order. */
  readonly slots: readonly Slot[];
  readonly nextAvailable: Slot | null;
  /** True when the provider has no bookable slot at this location in the window. */
  readonly noCapacity: boolean;
}

export interface ProviderAvailability<P extends AvailabilityProvider = AvailabilityProvider> {
  readonly provider: P;
  readonly providerId: string;
  /** Every location (in input order) where the provider has working-hours rows. */
  readonly locations: readonly ProviderLocationAvailability[];
  /** Earliest slot over all locations (the first location in input order on a tie). */
  readonly nextAvailable: LocatedSlot | null;
  /** True when the provider has no bookable slot anywhere in the window. */
  readonly noCapacity: boolean;
}

export interface LocationCapacity {
  readonly locationId: string;
  /** True when no provider has a bookable slot at the location in the window. */
  readonly noCapacity: boolean;
}

export interface AvailabilityResult<P extends AvailabilityProvider = AvailabilityProvider> {
  /** Providers in input order (offline ones left out unless included by the options). */
  readonly providers: readonly ProviderAvailability<P>[];
  /** Every input location, in input order. */
  readonly locations: readonly LocationCapacity[];
  /** The step that was used, in minutes. */
  readonly slotStepMinutes: number;
}
