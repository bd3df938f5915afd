/*
 * Issue 19: whether a freed time may still be offered to the waitlist at all: not when its
 * provider is retired (never bookable again), nor, for one freed appointment's time, when that
 * local date is closed at the location (a holiday, a training day). A new working-hours block
 * spans many days: its closed days are the engine's to skip (wave-choice.ts).
 */
import { localDateOf } from '@scheduler/domain/time-zone';
import type { Db } from '../../../platform/db/database.ts';
import type { FreedTimeReason } from './time-freed.ts';

export async function isFreedTimeBookable(
  db: Db,
  freed: {
    providerId: number;
    locationId: number;
    startAt: number;
    timeZone: string;
    reason: FreedTimeReason;
  },
): Promise<boolean> {
  const provider = await db
    .selectFrom('providers')
    .select('retired_at')
    .where('id', '=', freed.providerId)
    .executeTakeFirst();
  if (provider === undefined || provider.retired_at !== null) return false;
  if (freed.reason === 'hours-added') return true;
  const closed = await db
    .selectFrom('location_closures')
    .select('id')
    .where('location_id', '=', freed.locationId)
    .where('date_local', '=', localDateOf(freed.startAt, freed.timeZone))
    .executeTakeFirst();
  return closed === undefined;
}
