/** Issue 19 "Closures" (migration 018): a location's closed days. */
import type { Generated } from 'kysely';
import type { EpochMs, IsoDate } from './columns.ts';

export type ClosureSource = 'manual' | 'us-federal';

export interface LocationClosuresTable {
  id: Generated<number>;
  client_id: number;
  location_id: number;
  /** The closed day, `YYYY-MM-DD` in the location's time zone; one row per location and date. */
  date_local: IsoDate;
  /** e.g. `Thanksgiving Day`, `Staff training`. */
  name: string;
  source: Generated<ClosureSource>;
  created_at: EpochMs;
}
