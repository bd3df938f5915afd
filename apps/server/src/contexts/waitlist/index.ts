/*
 * The waitlist: joining it from the anonymous flow (POST createWaitList), the staff list and
 * status changes (getWaitList, deleteWaitList, updateWaitList) and booking a waiting patient
 * (POST bookFromWaitList). The only entry other contexts and app.ts import.
 */
export { waitlistRoutes } from './public/routes.ts';
export { staffWaitlistRoutes } from './staff/waitlist-list-routes.ts';
export { bookFromWaitListRoutes } from './staff/book-from-waitlist-routes.ts';
export type { BookFromWaitListRoutesOptions } from './staff/book-from-waitlist-routes.ts';
// Issue 18: waitlist offers of freed times (the hook, the claim routes, the staff views).
export { createWaitlistOffers, offerAddedHours, waitlistOffersPlugin } from './offers/index.ts';
export type { FreedTime, FreedTimeReason, WaitlistOffers } from './offers/index.ts';
