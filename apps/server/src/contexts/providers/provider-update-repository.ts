/*
 * A provider's edit in one transaction: every check (the provider exists, hours and time off
 * name only locations it works at) comes before the first write, then the versioned UPDATE
 * (a stale version writes nothing), then the replaced working hours and time off. When the
 * hours are replaced, `hoursReplaced` (issue 18: the waitlist offers of the added hours) runs in
 * the same transaction with the rows before and after.
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

/** Runs inside the edit's transaction after the provider's working hours were replaced. */
export type HoursReplacedHook = (
  trx: Db,
  change: {
    clientId: number;
    providerId: number;
    before: WorkingHoursRow[];
    after: WorkingHoursRow[];
    atMs: number;
  },
) => Promise<void>;

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

/** The provider's working hours as they are (read before they are replaced). */
async function selectWorkingHours(trx: Db, clientId: number, providerId: number): Promise<WorkingHoursRow[]> {
  const rows = await trx
    .selectFrom('working_hours')
    .select(['location_id', 'weekday', 'start_minute', 'end_minute', 'effective_from', 'effective_to'])
    .where('client_id', '=', clientId)
    .where('provider_id', '=', providerId)
    .execute();
  return rows.map((row) => ({
    locationId: row.location_id,
    weekday: row.weekday,
    startMinute: row.start_minute,
    endMinute: row.end_minute,
    effectiveFrom: row.effective_from,
    effectiveTo: row.effective_to,
  }));
}

export function updateProvider(
  db: Db,
  { clientId, providerId, version, fields, workingHours, timeOff, at }: ProviderUpdate,
  hoursReplaced?: HoursReplacedHook,
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

    let hoursChange: { before: WorkingHoursRow[]; after: WorkingHoursRow[] } | undefined;
    if (workingHours !== undefined) {
      const before: WorkingHoursRow[] =
        hoursReplaced === undefined ? [] : await selectWorkingHours(trx, clientId, providerId);
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
      hoursChange = { before, after: workingHours };
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
    // Last, so that the hook sees the new hours and time off.
    if (hoursChange !== undefined)
      await hoursReplaced?.(trx, { clientId, providerId, ...hoursChange, atMs: at });
    return { kind: 'ok' };
  });
}
