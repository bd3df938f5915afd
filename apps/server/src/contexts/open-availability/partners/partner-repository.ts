/*
 * The SQL of partners (issue 20, migration 020): their OAuth clients and their holds. A hold claims
 * its 5-minute units in `appointment_slot_units` (hold_id set), so the database's unique key refuses
 * a booking over it and it over a booking; deleting the hold frees them (ON DELETE CASCADE).
 */
import type { Db } from '../../../platform/db/database.ts';
import { slotUnitStarts } from '../../../platform/db/slot-units.ts';

export interface PartnerRecord {
  id: number;
  clientId: number;
  name: string;
  clientIdentifier: string;
  secretHash: string;
  createdAt: number;
  createdBy: string | null;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

function partnerQuery(db: Db) {
  return db
    .selectFrom('partner_clients as pc')
    .leftJoin('users as u', 'u.id', 'pc.created_by_user_id')
    .select([
      'pc.id',
      'pc.client_id',
      'pc.name',
      'pc.client_identifier',
      'pc.secret_hash',
      'pc.created_at',
      'u.display_name',
      'pc.last_used_at',
      'pc.revoked_at',
    ]);
}

type PartnerRow = Awaited<ReturnType<ReturnType<typeof partnerQuery>['execute']>>[number];

function toPartner(row: PartnerRow): PartnerRecord {
  return {
    id: row.id,
    clientId: row.client_id,
    name: row.name,
    clientIdentifier: row.client_identifier,
    secretHash: row.secret_hash,
    createdAt: Number(row.created_at),
    createdBy: row.display_name ?? null,
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  };
}

export async function listPartners(db: Db, clientId: number): Promise<PartnerRecord[]> {
  const rows = await partnerQuery(db)
    .where('pc.client_id', '=', clientId)
    .orderBy('pc.created_at', 'desc')
    .orderBy('pc.id', 'desc')
    .execute();
  return rows.map(toPartner);
}

export async function findPartner(
  db: Db,
  clientId: number,
  partnerId: number,
): Promise<PartnerRecord | undefined> {
  const row = await partnerQuery(db)
    .where('pc.client_id', '=', clientId)
    .where('pc.id', '=', partnerId)
    .executeTakeFirst();
  return row && toPartner(row);
}

/** The brand's partner client of this public identifier (revoked or not). */
export async function findPartnerByIdentifier(
  db: Db,
  clientId: number,
  clientIdentifier: string,
): Promise<PartnerRecord | undefined> {
  const row = await partnerQuery(db)
    .where('pc.client_id', '=', clientId)
    .where('pc.client_identifier', '=', clientIdentifier)
    .executeTakeFirst();
  return row && toPartner(row);
}

export interface NewPartner {
  clientId: number;
  name: string;
  clientIdentifier: string;
  secretHash: string;
  createdByUserId: number;
  now: number;
}

export async function insertPartner(trx: Db, partner: NewPartner): Promise<number> {
  const { id } = await trx
    .insertInto('partner_clients')
    .values({
      client_id: partner.clientId,
      name: partner.name,
      client_identifier: partner.clientIdentifier,
      secret_hash: partner.secretHash,
      created_by_user_id: partner.createdByUserId,
      created_at: partner.now,
      last_used_at: null,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Revokes the client (kept revoked at its first revocation); false when the brand has no such client. */
export async function revokePartner(
  trx: Db,
  clientId: number,
  partnerId: number,
  nowMs: number,
): Promise<boolean> {
  const found = await trx
    .selectFrom('partner_clients')
    .select(['id', 'revoked_at'])
    .where('client_id', '=', clientId)
    .where('id', '=', partnerId)
    .executeTakeFirst();
  if (found === undefined) return false;
  if (found.revoked_at === null)
    await trx.updateTable('partner_clients').set({ revoked_at: nowMs }).where('id', '=', partnerId).execute();
  // Its holds go at once: a revoked partner keeps no time from patients.
  await trx
    .deleteFrom('slot_holds')
    .where('client_id', '=', clientId)
    .where('partner_id', '=', partnerId)
    .execute();
  return true;
}

export async function touchPartner(db: Db, partnerId: number, nowMs: number): Promise<void> {
  await db.updateTable('partner_clients').set({ last_used_at: nowMs }).where('id', '=', partnerId).execute();
}

// ---------------------------------------------------------------- holds

export interface HoldRecord {
  id: number;
  clientId: number;
  partnerId: number;
  providerId: number;
  locationId: number;
  serviceId: number;
  startAt: number;
  endAt: number;
  expiresAt: number;
}

export type NewHold = Omit<HoldRecord, 'id'> & { now: number };

/** Deletes the provider's holds past their expiry (their units go with them): a late job never blocks a time. */
export async function deleteExpiredHolds(
  trx: Db,
  clientId: number,
  providerId: number,
  nowMs: number,
): Promise<void> {
  await trx
    .deleteFrom('slot_holds')
    .where('client_id', '=', clientId)
    .where('provider_id', '=', providerId)
    .where('expires_at', '<=', nowMs)
    .execute();
}

/** The live holds of the provider overlapping [startAt, endAt). */
export async function selectHoldsOverlapping(
  trx: Db,
  clientId: number,
  providerId: number,
  startAt: number,
  endAt: number,
  nowMs: number,
): Promise<HoldRecord[]> {
  const rows = await trx
    .selectFrom('slot_holds')
    .select([
      'id',
      'client_id',
      'partner_id',
      'provider_id',
      'location_id',
      'service_id',
      'start_at',
      'end_at',
      'expires_at',
    ])
    .where('client_id', '=', clientId)
    .where('provider_id', '=', providerId)
    .where('start_at', '<', endAt)
    .where('end_at', '>', startAt)
    .where('expires_at', '>', nowMs)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    clientId: row.client_id,
    partnerId: row.partner_id,
    providerId: row.provider_id,
    locationId: row.location_id,
    serviceId: row.service_id,
    startAt: Number(row.start_at),
    endAt: Number(row.end_at),
    expiresAt: Number(row.expires_at),
  }));
}

/** The hold and its slot units (a unique violation of the units when the time is taken or held). */
export async function insertHold(trx: Db, hold: NewHold): Promise<number> {
  const { id } = await trx
    .insertInto('slot_holds')
    .values({
      client_id: hold.clientId,
      partner_id: hold.partnerId,
      provider_id: hold.providerId,
      location_id: hold.locationId,
      service_id: hold.serviceId,
      start_at: hold.startAt,
      end_at: hold.endAt,
      expires_at: hold.expiresAt,
      created_at: hold.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('appointment_slot_units')
    .values(
      slotUnitStarts(hold.startAt, hold.endAt).map((unitStart) => ({
        client_id: hold.clientId,
        provider_id: hold.providerId,
        unit_start: unitStart,
        appointment_id: null,
        hold_id: id,
      })),
    )
    .execute();
  return id;
}

/** Deletes a hold (its units go with it). */
export async function deleteHold(trx: Db, clientId: number, holdId: number): Promise<void> {
  await trx.deleteFrom('slot_holds').where('client_id', '=', clientId).where('id', '=', holdId).execute();
}

/** The expiry job: deletes the hold when it has expired by `nowMs`; true when it did. */
export async function deleteHoldIfExpired(db: Db, holdId: number, nowMs: number): Promise<boolean> {
  const result = await db
    .deleteFrom('slot_holds')
    .where('id', '=', holdId)
    .where('expires_at', '<=', nowMs)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A new patient's administrative gender (the booking's own insert leaves it unknown). */
export async function setPatientGender(
  trx: Db,
  clientId: number,
  patientId: number,
  gender: 'M' | 'F',
): Promise<void> {
  await trx
    .updateTable('patients')
    .set({ gender })
    .where('client_id', '=', clientId)
    .where('id', '=', patientId)
    .execute();
}
