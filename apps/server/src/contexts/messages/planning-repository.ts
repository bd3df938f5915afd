/*
 * The planner's statements, all on the handle of the caller's write transaction: the appointment
 * as it is now (inside that transaction), the rows to make (UNIQUE (appointment_id, kind, channel,
 * scheduled_at): a second plan of the same message makes nothing), a skipped row brought back
 * when the same message is planned again (an appointment moved back to its first time), and the
 * queued rows a change makes pointless.
 */
import type { MessageKind } from '@scheduler/contract/admin/messages';
import type { Db } from '../../platform/db/database.ts';
import type { AppointmentStatus } from '../../platform/db/schema.ts';
import type { NewMessage } from './message-record.ts';

export interface PlanningFacts {
  appointmentId: number;
  clientId: number;
  schedulerId: number | null;
  patientId: number;
  status: AppointmentStatus;
  startAt: number;
  timeZone: string;
}

export async function selectPlanningFacts(
  trx: Db,
  appointmentId: number,
): Promise<PlanningFacts | undefined> {
  const row = await trx
    .selectFrom('appointments as a')
    .innerJoin('locations as l', 'l.id', 'a.location_id')
    .select([
      'a.id',
      'a.client_id',
      'a.scheduler_id',
      'a.patient_id',
      'a.status',
      'a.start_at',
      'l.time_zone',
    ])
    .where('a.id', '=', appointmentId)
    .executeTakeFirst();
  return (
    row && {
      appointmentId: row.id,
      clientId: row.client_id,
      schedulerId: row.scheduler_id,
      patientId: row.patient_id,
      status: row.status,
      startAt: Number(row.start_at),
      timeZone: row.time_zone,
    }
  );
}

/** A row made or brought back, with the send round its job is for. */
export interface PlannedRow {
  id: number;
  scheduledAt: number;
  round: number;
}

/** Inserts the rows that do not exist yet; returns those made. */
export async function insertNewMessages(
  trx: Db,
  rows: readonly NewMessage[],
  nowMs: number,
): Promise<PlannedRow[]> {
  if (rows.length === 0) return [];
  const made = await trx
    .insertInto('messages')
    .values(
      rows.map((row) => ({
        client_id: row.clientId,
        appointment_id: row.appointmentId,
        patient_id: row.patientId,
        kind: row.kind,
        channel: row.channel,
        scheduled_at: row.scheduledAt,
        appointment_start_at: row.appointmentStartAt,
        status: 'queued' as const,
        status_reason: null,
        to_address: null,
        subject: null,
        body: null,
        body_html: null,
        provider_id: null,
        last_error: null,
        sent_at: null,
        delivered_at: null,
        created_at: nowMs,
        updated_at: nowMs,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['appointment_id', 'kind', 'channel', 'scheduled_at']).doNothing(),
    )
    .returning(['id', 'scheduled_at'])
    .execute();
  return made.map((row) => ({ id: row.id, scheduledAt: Number(row.scheduled_at), round: 1 }));
}

/**
 * The same message planned again after it was skipped for one of `reasons` (moved away and back,
 * confirmed again): queued again, for a new send round. Returns the rows brought back.
 */
export async function reviveSkipped(
  trx: Db,
  row: NewMessage,
  reasons: readonly string[],
  nowMs: number,
): Promise<PlannedRow[]> {
  const revived = await trx
    .updateTable('messages')
    .set((eb) => ({
      status: 'queued' as const,
      status_reason: null,
      sends: eb('sends', '+', 1),
      appointment_start_at: row.appointmentStartAt,
      updated_at: nowMs,
    }))
    .where('appointment_id', '=', row.appointmentId)
    .where('kind', '=', row.kind)
    .where('channel', '=', row.channel)
    .where('scheduled_at', '=', row.scheduledAt)
    .where('status', '=', 'skipped')
    .where('status_reason', 'in', [...reasons])
    .returning(['id', 'scheduled_at', 'sends'])
    .execute();
  return revived.map((r) => ({ id: r.id, scheduledAt: Number(r.scheduled_at), round: r.sends }));
}

export interface SkipFilter {
  appointmentId: number;
  /** Kinds left alone. */
  exceptKinds?: readonly MessageKind[];
  /** Only rows planned for another start than this one. */
  startOtherThan?: number;
}

/** Marks the appointment's queued rows skipped with `reason`; returns how many. */
export async function skipQueued(
  trx: Db,
  filter: SkipFilter,
  reason: string,
  nowMs: number,
): Promise<number> {
  let query = trx
    .updateTable('messages')
    .set({ status: 'skipped', status_reason: reason, updated_at: nowMs })
    .where('appointment_id', '=', filter.appointmentId)
    .where('status', '=', 'queued');
  if (filter.exceptKinds !== undefined && filter.exceptKinds.length > 0)
    query = query.where('kind', 'not in', [...filter.exceptKinds]);
  if (filter.startOtherThan !== undefined)
    query = query.where('appointment_start_at', '<>', filter.startOtherThan);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
