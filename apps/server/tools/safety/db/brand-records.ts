/** The objects of a brand that the harnesses act on, their versions, audit rows. */
import type { Db } from '../../../src/platform/db/database.ts';

// ---------------------------------------------------------------- the objects of a brand

export interface BrandRecords {
  clientId: number;
  slug: string;
  schedulerId: number;
  schedulerSlug: string;
  planId: number;
  carrierId: number;
  insuranceTypeId: number;
  patientId: number;
  appointmentId: number;
  waitlistEntryId: number;
  /** A member who is not an owner (the target of the users routes), else any member. */
  userId: number;
}

export async function brandRecords(db: Db, slug: string, now: number): Promise<BrandRecords> {
  const client = await db
    .selectFrom('clients as c')
    .innerJoin('schedulers as s', 's.client_id', 'c.id')
    .select(['c.id', 'c.slug', 's.id as scheduler_id', 's.slug as scheduler_slug'])
    .where('c.slug', '=', slug)
    .orderBy('s.id')
    .executeTakeFirstOrThrow();
  const plan = await db
    .selectFrom('insurance_plans')
    .select(['id', 'carrier_id'])
    .where('client_id', '=', client.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const type = await db
    .selectFrom('insurance_types')
    .select(['id'])
    .where('client_id', '=', client.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const appointment = await db
    .selectFrom('appointments')
    .select(['id', 'patient_id'])
    .where('client_id', '=', client.id)
    .where('status', 'in', ['booked', 'pending'])
    .where('start_at', '>', now)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const waitlist = await db
    .selectFrom('waitlist_entries')
    .select(['id'])
    .where('client_id', '=', client.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const member = await db
    .selectFrom('memberships')
    .select(['user_id', 'role'])
    .where('client_id', '=', client.id)
    .orderBy('id')
    .execute();
  const target = member.find((m) => m.role !== 'owner') ?? member[0];
  if (target === undefined) throw new Error(`brand ${slug} has no members`);
  return {
    clientId: client.id,
    slug: client.slug,
    schedulerId: client.scheduler_id,
    schedulerSlug: client.scheduler_slug,
    planId: plan.id,
    carrierId: plan.carrier_id,
    insuranceTypeId: type.id,
    patientId: appointment.patient_id,
    appointmentId: appointment.id,
    waitlistEntryId: waitlist.id,
    userId: target.user_id,
  };
}

/** An appointment of the brand that may still be cancelled, other than those given; with its version. */
export async function cancellableAppointment(
  db: Db,
  clientId: number,
  now: number,
  excluding: ReadonlySet<number>,
): Promise<{ appointmentId: number; patientId: number; version: number } | undefined> {
  const rows = await db
    .selectFrom('appointments')
    .select(['id', 'patient_id', 'version'])
    .where('client_id', '=', clientId)
    .where('status', 'in', ['booked', 'pending'])
    .where('start_at', '>', now)
    .orderBy('id', 'desc')
    .limit(excluding.size + 1)
    .execute();
  const row = rows.find((r) => !excluding.has(r.id));
  return row === undefined
    ? undefined
    : { appointmentId: row.id, patientId: row.patient_id, version: row.version };
}

export async function appointmentVersion(db: Db, appointmentId: number): Promise<number> {
  const row = await db
    .selectFrom('appointments')
    .select(['version'])
    .where('id', '=', appointmentId)
    .executeTakeFirst();
  return row?.version ?? 1;
}

export async function providerVersion(db: Db, providerId: number): Promise<number> {
  const row = await db
    .selectFrom('providers')
    .select(['version'])
    .where('id', '=', providerId)
    .executeTakeFirst();
  return row?.version ?? 1;
}

export async function userIdByEmail(db: Db, email: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select(['id'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface AuditRecord {
  id: number;
  clientId: number | null;
  userId: number | null;
  action: string;
  recordType: string | null;
  recordId: string | null;
  ip: string | null;
  at: number;
}

export async function auditRowsAfter(db: Db, afterId: number): Promise<AuditRecord[]> {
  const rows = await db.selectFrom('audit_log').selectAll().where('id', '>', afterId).orderBy('id').execute();
  return rows.map((row) => ({
    id: row.id,
    clientId: row.client_id,
    userId: row.user_id,
    action: row.action,
    recordType: row.record_type,
    recordId: row.record_id,
    ip: row.ip,
    at: Number(row.created_at),
  }));
}

export async function maxAuditId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Services a new patient may book online (not call-to-schedule, not existing patients only). */
export async function onlineServices(db: Db, clientId: number): Promise<{ id: number }[]> {
  return db
    .selectFrom('services')
    .select(['id'])
    .where('client_id', '=', clientId)
    .where('online_enabled', '=', 1)
    .where('call_to_schedule', '=', 0)
    .where('new_patients', '=', 1)
    .orderBy('id')
    .execute();
}

export async function appointmentsAfter(db: Db, afterId: number): Promise<number> {
  const row = await db
    .selectFrom('appointments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', '>', afterId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
