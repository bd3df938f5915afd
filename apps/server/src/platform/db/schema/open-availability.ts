/** Issue 20 "Open availability" (migration 022): a brand's publication settings. */
import type { Generated } from 'kysely';
import type { EpochMs, Flag } from './columns.ts';

/** One row per client; a brand without a row publishes with the defaults. */
export interface OpenAvailabilitySettingsTable {
  id: Generated<number>;
  client_id: number;
  /** 1 (default): the brand's /fhir paths answer; 0: 404 everywhere. */
  published: Generated<Flag>;
  /** The published scheduler; null: the brand's first scheduler by id. */
  scheduler_id: number | null;
  /** 1: calendar feed event titles carry the service name (default 0, "Booked: 30 min"). */
  feed_service_names: Generated<Flag>;
  /** Optimistic concurrency of the admin's changes. */
  version: Generated<number>;
  updated_at: EpochMs;
}
