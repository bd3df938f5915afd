/*
 * The SQL of pending patient changes (issue 15, finding 3; table of migration 015). The booking
 * and the staff booking from the waitlist keep a change on their own transaction's handle
 * (`keepPendingContactChange`); the staff screens read them and decide them, the record's update,
 * the change's status and the audit row in one write transaction.
 */
import type { Db } from '../../../platform/db/database.ts';
import type { PendingChangeSource, PendingChangeStatus } from '../../../platform/db/schema.ts';
import { inWriteTransaction } from '../../../platform/db/transaction.ts';
import { createAuditLog } from '../../../platform/audit/audit-log.ts';
import type { AuditLog } from '../../../platform/audit/audit-log.ts';
import { createAuditRepository } from '../../../platform/audit/audit-repository.ts';
import { contactChangeOf } from './contact-changes.ts';
import type { ContactChange, ContactDetails, SubmittedContact } from './contact-changes.ts';
import { refreshPatientSearchTokens } from '../staff/search-tokens-repository.ts';

export interface PendingContactChangeInput {
  clientId: number;
  patientId: number;
  appointmentId: number | null;
  source: PendingChangeSource;
  submitted: SubmittedContact;
  now: number;
}

export interface PendingChangeRecord extends ContactChange {
  id: number;
  patientId: number;
  appointmentId: number | null;
  source: PendingChangeSource;
  status: PendingChangeStatus;
  createdAt: number;
  decidedAt: number | null;
}

const flagOf = (value: boolean | null): 0 | 1 | null => (value === null ? null : value ? 1 : 0);
const boolOf = (value: number | null): boolean | null => (value === null ? null : value === 1);

/** The patient's contact details on file (of this client), or undefined. */
export async function selectContactOnFile(
  db: Db,
  clientId: number,
  patientId: number,
): Promise<ContactDetails | undefined> {
  const row = await db
    .selectFrom('patients')
    .select(['phone', 'email', 'sms_permission', 'email_permission'])
    .where('client_id', '=', clientId)
    .where('id', '=', patientId)
    .executeTakeFirst();
  return (
    row && {
      phone: row.phone,
      email: row.email,
      smsPermission: row.sms_permission === 1,
      emailPermission: row.email_permission === 1,
    }
  );
}

/**
 * Keeps what `submitted` brings that differs from the stored patient as a pending change (never
 * writes the record); nothing when nothing differs. Runs on the caller's transaction handle.
 */
export async function keepPendingContactChange(
  trx: Db,
  input: PendingContactChangeInput,
): Promise<number | undefined> {
  const stored = await selectContactOnFile(trx, input.clientId, input.patientId);
  if (stored === undefined) return undefined;
  const change = contactChangeOf(stored, input.submitted);
  if (change === undefined) return undefined;
  // The same change already waiting (a second booking with the same details): one is enough.
  const flags = { sms: flagOf(change.smsPermission), email: flagOf(change.emailPermission) };
  const waiting = await trx
    .selectFrom('patient_pending_changes')
    .select('id')
    .where('client_id', '=', input.clientId)
    .where('patient_id', '=', input.patientId)
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.and([
        change.phone === null ? eb('phone', 'is', null) : eb('phone', '=', change.phone),
        change.email === null ? eb('email', 'is', null) : eb('email', '=', change.email),
        flags.sms === null ? eb('sms_permission', 'is', null) : eb('sms_permission', '=', flags.sms),
        flags.email === null ? eb('email_permission', 'is', null) : eb('email_permission', '=', flags.email),
      ]),
    )
    .executeTakeFirst();
  if (waiting !== undefined) return waiting.id;
  const { id } = await trx
    .insertInto('patient_pending_changes')
    .values({
      client_id: input.clientId,
      patient_id: input.patientId,
      appointment_id: input.appointmentId,
      source: input.source,
      phone: change.phone,
      email: change.email,
      sms_permission: flagOf(change.smsPermission),
      email_permission: flagOf(change.emailPermission),
      status: 'pending',
      decided_by_user_id: null,
      decided_at: null,
      created_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

function changesQuery(db: Db, clientId: number) {
  return db
    .selectFrom('patient_pending_changes')
    .select([
      'id',
      'patient_id',
      'appointment_id',
      'source',
      'phone',
      'email',
      'sms_permission',
      'email_permission',
      'status',
      'created_at',
      'decided_at',
    ])
    .where('client_id', '=', clientId);
}

type ChangeRow = Awaited<ReturnType<ReturnType<typeof changesQuery>['execute']>>[number];

function toRecord(row: ChangeRow): PendingChangeRecord {
  return {
    id: row.id,
    patientId: row.patient_id,
    appointmentId: row.appointment_id,
    source: row.source,
    phone: row.phone,
    email: row.email,
    smsPermission: boolOf(row.sms_permission),
    emailPermission: boolOf(row.email_permission),
    status: row.status,
    createdAt: Number(row.created_at),
    decidedAt: row.decided_at === null ? null : Number(row.decided_at),
  };
}

/** A staff decision on a change: who, when, and the audit trail on the same transaction. */
export interface Decision {
  clientId: number;
  changeId: number;
  userId: number;
  now: number;
}

export type DecisionOutcome =
  | { outcome: 'not-found' }
  | { outcome: 'already-decided' }
  | { outcome: 'decided'; change: PendingChangeRecord };

export interface PendingChangeRepository {
  contactOnFile(clientId: number, patientId: number): Promise<ContactDetails | undefined>;
  /** The patient's changes still pending, oldest first. */
  listPending(clientId: number, patientId: number): Promise<PendingChangeRecord[]>;
  /**
   * Marks a pending change accepted or rejected (accepted: its fields applied to the record) and
   * lets `audit` write its row, all in one write transaction.
   */
  decide(
    decision: Decision,
    status: 'accepted' | 'rejected',
    audit: (log: AuditLog, change: PendingChangeRecord) => Promise<void>,
  ): Promise<DecisionOutcome>;
}

async function applyChange(trx: Db, clientId: number, change: PendingChangeRecord, now: number) {
  const columns: {
    phone?: string;
    email?: string;
    sms_permission?: 0 | 1;
    email_permission?: 0 | 1;
    updated_at: number;
  } = { updated_at: now };
  if (change.phone !== null) columns.phone = change.phone;
  if (change.email !== null) columns.email = change.email;
  if (change.smsPermission !== null) columns.sms_permission = change.smsPermission ? 1 : 0;
  if (change.emailPermission !== null) columns.email_permission = change.emailPermission ? 1 : 0;
  await trx
    .updateTable('patients')
    .set(columns)
    .where('client_id', '=', clientId)
    .where('id', '=', change.patientId)
    .execute();
  // A new e-mail or phone is searched by (issue 19).
  if (change.phone !== null || change.email !== null)
    await refreshPatientSearchTokens(trx, clientId, change.patientId);
}

export function createPendingChangeRepository(db: Db, nowMs: () => number): PendingChangeRepository {
  return {
    contactOnFile: (clientId, patientId) => selectContactOnFile(db, clientId, patientId),

    async listPending(clientId, patientId) {
      const rows = await changesQuery(db, clientId)
        .where('patient_id', '=', patientId)
        .where('status', '=', 'pending')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toRecord);
    },

    decide: ({ clientId, changeId, userId, now }, status, audit) =>
      inWriteTransaction(db, async (trx): Promise<DecisionOutcome> => {
        const row = await changesQuery(trx, clientId).where('id', '=', changeId).executeTakeFirst();
        if (row === undefined) return { outcome: 'not-found' };
        const updated = await trx
          .updateTable('patient_pending_changes')
          .set({ status, decided_by_user_id: userId, decided_at: now })
          .where('client_id', '=', clientId)
          .where('id', '=', changeId)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return { outcome: 'already-decided' };
        const change: PendingChangeRecord = { ...toRecord(row), status, decidedAt: now };
        if (status === 'accepted') await applyChange(trx, clientId, change, now);
        await audit(createAuditLog(createAuditRepository(trx), nowMs), change);
        return { outcome: 'decided', change };
      }),
  };
}
