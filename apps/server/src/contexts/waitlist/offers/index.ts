/** Waitlist offers (issue 18): the hook for freed times, the claim routes and the staff views. */
export type { FreedTime, FreedTimeReason, WaitlistOffers } from './time-freed.ts';
export { createWaitlistOffers, runWave, sendOffer, WAVE_QUEUE, SEND_OFFER_QUEUE } from './waves.ts';
export { waitlistOffersPlugin } from './routes.ts';
export type { WaitlistOffersPluginOptions } from './routes.ts';
export { WAITLIST_OFFER_CHANNEL } from './claim-service.ts';
export { offerAddedHours } from './hours-added-freed.ts';
export type { WorkingHoursChange, WorkingHoursChangeHook } from './hours-added-freed.ts';
