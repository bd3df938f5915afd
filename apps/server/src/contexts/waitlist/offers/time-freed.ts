/*
 * Issue 18 "Waitlist offers": the hook other contexts call INSIDE the write transaction that frees
 * time — a patient's or staff cancellation, a reschedule (the old start), a new working-hours block.
 * It records the freed time and enqueues its first offer wave on the same transaction (the job
 * queue's enqueue(trx, …)), so an offer exists exactly when the freeing change commits.
 *
 * Implemented by helper J (contexts/waitlist/offers); called by H (manage: cancel, reschedule),
 * by the staff status change to cancelled, and by the staff working-hours routes.
 */
import type { Db } from '../../../platform/db/database.ts';

export type FreedTimeReason = 'cancelled' | 'rescheduled' | 'hours-added';

export interface FreedTime {
  clientId: number;
  locationId: number;
  /** The service of the freed appointment (absent for a new working-hours block: any service the provider offers). */
  appointmentTypeId?: number;
  providerId: number;
  startUtcMs: number;
  endUtcMs: number;
  reason: FreedTimeReason;
  /** The appointment whose cancellation or move freed the time, when there is one. */
  appointmentId?: number;
}

export interface WaitlistOffers {
  /** Plans the offer waves of a freed time on `trx`; a no-op when the scheduler's offers are off. */
  timeFreed(trx: Db, freed: FreedTime): Promise<void>;
}
