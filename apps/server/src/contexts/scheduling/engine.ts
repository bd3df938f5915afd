/*
 * The server's one door to the availability engine (packages/domain availability): the slot
 * search, the booking re-check, staff booking, the schedule, the waitlist and (later) FHIR Slot
 * search import the engine from here and nowhere else, so every path computes availability with
 * the same implementation (issue 22; engine-site.test.ts checks the single import site).
 *
 * `computeFreeDays` answers by days (which local days have a slot, the first slot from a day, the
 * slots of the days asked for) and builds slot objects only when asked; `computeAvailability`
 * builds every slot of the window; `isSlotBookable` judges one slot by the same rules.
 */
export {
  computeAvailability,
  isSlotBookable,
  resolveSlotStepMinutes,
} from '@scheduler/domain/availability/compute-availability';
export {
  computeFreeDays,
  narrowWindow,
  spliceLocationDays,
  touchedDays,
} from '@scheduler/domain/availability/free-days';
export type { FreeDaysResult, LocationDays, ProviderDays } from '@scheduler/domain/availability/free-days';
