/*
 * The waitlist: joining it from the anonymous flow (POST createWaitList), the staff list and
 * status changes (getWaitList, deleteWaitList, updateWaitList) and booking a waiting patient
 * (POST bookFromWaitList). The only entry other contexts and app.ts import.
 */
export { waitlistRoutes } from './public/routes.ts';
export { staffWaitlistRoutes } from './staff/waitlist-list-routes.ts';
export { bookFromWaitListRoutes } from './staff/book-from-waitlist-routes.ts';
export type { BookFromWaitListRoutesOptions } from './staff/book-from-waitlist-routes.ts';
