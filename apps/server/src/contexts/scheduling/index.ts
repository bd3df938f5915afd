/*
 * Scheduling: the slot search (availability) and the booking. The context's only public entry:
 * its route plugins, the one availability service of the app (shared with the waitlist, so one
 * set of caches), and what the waitlist's staff booking reuses of the booking transaction.
 */
import type { Db } from '../../platform/db/database.ts';
import { createAvailabilityRepository } from './slot-search/availability-repository.ts';
import { createAvailabilityService } from './slot-search/service.ts';
import type { AvailabilityService } from './slot-search/service.ts';

export { slotSearchRoutes } from './slot-search/routes.ts';
export type { SlotSearchRoutesOptions } from './slot-search/routes.ts';
export { bookingRoutes } from './booking/routes.ts';
export type { AvailabilityService, CapacityCheck, CapacityQuery } from './slot-search/service.ts';
// Issue 20: the whole-window search as free days (the SMART Scheduling Links bulk publish).
export type { SearchFreeDays } from './slot-search/service.ts';
export type { ProviderFreeDays } from './slot-search/response.ts';
export { bookingTransactionOf, isIdempotencyKeyConflict } from './booking/booking-repository.ts';
export type { BookedAppointment, BookingTransaction } from './booking/booking-repository.ts';
export { loadSlotRecheck } from './booking/slot-recheck.ts';
export { matchOrSavePatient } from './booking/match-or-save-patient.ts';
// Issue 22: the one engine site, for the contexts that judge slots (the waitlist).
export { isSlotBookable, resolveSlotStepMinutes } from './engine.ts';
// Issue 19: the front desk (book for a caller, move, cancel) and the staff rules of one time,
// shared with the waitlist's Book dialog.
export { frontDeskRoutes } from './staff-booking/front-desk-routes.ts';
export type { FrontDeskRoutesOptions } from './staff-booking/front-desk-routes.ts';
export { checkStaffSlot } from './staff-booking/staff-slot.ts';
export { staffAppointment } from './staff-booking/staff-appointment.ts';
export { selectService } from './staff-booking/front-desk-repository.ts';
// Issue 18: the patient's manage link (cancel, reschedule) and its staff resend route.
export { manageRoutes, resendManageLinkRoutes } from './manage/routes.ts';
export type { ManageRoutesOptions } from './manage/routes.ts';
export { createManageLinks } from './manage/manage-links.ts';
export type { ManageLinks } from './manage/manage-links.ts';
export type { FreedTimeListener } from './manage/manage-service.ts';
export { manageLinkKeyOf } from './manage/manage-token.ts';
// Issue 19: the front desk's schedule of a location.
export { scheduleRoutes } from './schedule/schedule-routes.ts';
export type { ScheduleRoutesOptions } from './schedule/schedule-routes.ts';

/** The app's availability service: build it once (app.ts) and hand it to every route that searches. */
export function createAvailability(db: Db, now: () => Date): AvailabilityService {
  return createAvailabilityService(createAvailabilityRepository(db), now);
}
