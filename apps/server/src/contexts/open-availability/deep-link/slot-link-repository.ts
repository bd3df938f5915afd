/*
 * The SQL of the booking deep link (issue 20): what a slot id names in a brand. Two statements:
 * the scheduler scope with the service (the catalogue's shared one), then the provider offering
 * that service at that location — the FHIR Schedule `{providerId}-{locationId}-{serviceId}` — with
 * the location's time zone. Anything missing is a 404: the link names nothing of this brand.
 */
import { SLOT_LINK_NOT_FOUND_MESSAGE } from '@scheduler/contract/slot-link';
import { DomainError } from '@scheduler/domain/errors';
import { SCHEDULER_NOT_FOUND_MESSAGE } from '@scheduler/domain/messages';
import type { Db } from '../../../platform/db/database.ts';
import { selectSchedulerScope } from '../../catalogue/index.ts';
import type { ScheduleKey } from '../fhir/ids.ts';

export interface SlotLinkTarget {
  clientId: number;
  /** The location's IANA zone. */
  timeZone: string;
}

/** The brand's schedule a slot id names, or NOT_FOUND (scheduler, service, location or provider). */
export async function findSlotLinkTarget(
  db: Db,
  clientSlug: string,
  schedulerSlug: string,
  key: ScheduleKey,
): Promise<SlotLinkTarget> {
  const scope = await selectSchedulerScope(db, clientSlug, schedulerSlug, key.serviceId);
  if (scope === undefined) throw new DomainError('NOT_FOUND', SCHEDULER_NOT_FOUND_MESSAGE);
  if (scope.service === null) throw notFoundOnSlot();
  const { clientId } = scope.scope;

  const row = await db
    .selectFrom('providers as p')
    .innerJoin('provider_services as ps', (join) =>
      join.onRef('ps.provider_id', '=', 'p.id').on('ps.service_id', '=', key.serviceId),
    )
    .innerJoin('provider_locations as pl', (join) =>
      join.onRef('pl.provider_id', '=', 'p.id').on('pl.location_id', '=', key.locationId),
    )
    .innerJoin('locations as l', 'l.id', 'pl.location_id')
    .innerJoin('service_locations as sl', (join) =>
      join.onRef('sl.location_id', '=', 'l.id').on('sl.service_id', '=', key.serviceId),
    )
    .select('l.time_zone')
    .where('p.id', '=', key.providerId)
    .where('p.client_id', '=', clientId)
    .where('p.retired_at', 'is', null)
    .where('ps.client_id', '=', clientId)
    .where('l.client_id', '=', clientId)
    .executeTakeFirst();
  if (row === undefined) throw notFoundOnSlot();
  return { clientId, timeZone: row.time_zone };
}

function notFoundOnSlot(): DomainError {
  return new DomainError('NOT_FOUND', SLOT_LINK_NOT_FOUND_MESSAGE, { field: 'slot' });
}
