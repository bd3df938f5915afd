/*
 * A provider's edit in one transaction: every check (the provider exists, hours and time off
 * name only locations it works at) comes before the first write, then the versioned UPDATE
 * (a stale version writes nothing), then the replaced working hours and time off.
 */
import { sql } from 'kysely';
import type { Updateable } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { ProvidersTable } from '../../platform/db/schema.ts';
import { inWriteTransaction } from '../../platform/db/transaction.ts';
import type { ProviderFields } from './provider-record.ts';

export interface WorkingHoursRow {
  locationId: number;
  weekday: number;
  startMinute: number;
  endMinute: number;
  effectiveFrom: string | null;
  effectiveTo: string | null;
}

export interface TimeOffRow {
  locationId: number | null;
  startAt: number;
  endAt: number;
  reason: string | null;
}

export type ProviderUpdateOutcome =
  | { kind: 'ok' }
  | { kind: 'not-found' }
  | { kind: 'stale' }
  /** A working-hours or time-off row names a location the provider does not work at. */
  | { kind: 'invalid-location'; path: string };

export interface ProviderUpdate {
  clientId: number;
  providerId: number;
  version: number;
  fields: ProviderFields;
  workingHours: WorkingHoursRow[] | undefined;
  timeOff: TimeOffRow[] | undefined;
  at: number;
}

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

export function toColumns(fields: ProviderFields): Updateable<ProvidersTable> {
  const columns: Updateable<ProvidersTable> = {};
  if (fields.prefix !== undefined) columns.prefix = fields.prefix;
  if (fields.firstName !== undefined) columns.first_name = fields.firstName;
  if (fields.middleName !== undefined) columns.middle_name = fields.middleName;
  if (fields.lastName !== undefined) columns.last_name = fields.lastName;
  if (fields.credentials !== undefined) columns.credentials = fields.credentials;
  if (fields.specialty !== undefined) columns.specialty = fields.specialty;
  if (fields.gender !== undefined) columns.gender = fields.gender;
  if (fields.bio !== undefined) columns.bio = fields.bio;
  if (fields.photoUrl !== undefined) columns.photo_url = fields.photoUrl;
  if (fields.onlineBookable !== undefined) columns.online_bookable = flag(fields.onlineBookable);
  if (fields.acceptingNewPatients !== undefined)
    columns.accepting_new_patients = flag(fields.acceptingNewPatients);
  if (fields.sortOrder !== undefined) columns.sort_order = fields.sortOrder;
  return columns;
}

export function updateProvider(
  db: Db,
  { clientId, providerId, version, fields, workingHours, timeOff, at }: ProviderUpdate,
): Promise<ProviderUpdateOutcome> {
  return inWriteTransaction(db, async (trx): Promise<ProviderUpdateOutcome> => {
    // Every check comes before the first write, so a refused change writes nothing.
    const exists = await trx
      .selectFrom('providers')
      .select('id')
      .where('client_id', '=', clientId)
      .where('id', '=', providerId)
      .executeTakeFirst();
    if (exists === undefined) return { kind: 'not-found' };

    if (workingHours !== undefined || timeOff !== undefined) {
      const served = new Set(
        (
          await trx
            .selectFrom('provider_locations')
            .select('location_id')
            .where('client_id', '=', clientId)
            .where('provider_id', '=', providerId)
            .execute()
        ).map((row) => row.location_id),
      );
      const badHours = (workingHours ?? []).findIndex((row) => !served.has(row.locationId));
      if (badHours >= 0) return { kind: 'invalid-location', path: `workingHours.${badHours}.locationId` };
      const badTimeOff = (timeOff ?? []).findIndex(
        (row) => row.locationId !== null && !served.has(row.locationId),
      );
      if (badTimeOff >= 0) return { kind: 'invalid-location', path: `timeOff.${badTimeOff}.locationId` };
    }

    const result = await trx
      .updateTable('providers')
      .set({ ...toColumns(fields), version: sql<number>`version + 1`, updated_at: at })
      .where('client_id', '=', clientId)
      .where('id', '=', providerId)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return { kind: 'stale' };

    if (workingHours !== undefined) {
      await trx
        .deleteFrom('working_hours')
        .where('client_id', '=', clientId)
        .where('provider_id', '=', providerId)
        .execute();
      if (workingHours.length > 0) {
        await trx
          .insertInto('working_hours')
          .values(
            workingHours.map((row) => ({
              client_id: clientId,
              provider_id: providerId,
              location_id: row.locationId,
              weekday: row.weekday,
              start_minute: row.startMinute,
              end_minute: row.endMinute,
              effective_from: row.effectiveFrom,
              effective_to: row.effectiveTo,
            })),
          )
          .execute();
      }
    }
    if (timeOff !== undefined) {
      await trx
        .deleteFrom('time_off')
        .where('client_id', '=', clientId)
        .where('provider_id', '=', providerId)
        .execute();
      if (timeOff.length > 0) {
        await trx
          .insertInto('time_off')
          .values(
            timeOff.map((row) => ({
              client_id: clientId,
              provider_id: providerId,
              location_id: row.locationId,
              start_at: row.startAt,
              end_at: row.endAt,
              reason: row.reason,
              created_at: at,
            })),
          )
          .execute();
      }
    }
    return { kind: 'ok' };
  });
}
