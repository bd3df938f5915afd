/*
 * The writes of a booking (the patient's booking and the staff booking from the waitlist), each
 * on the write transaction's handle: the patient, the insurance policy, the appointment with its
 * status history and slot units.
 */
import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.ts';
import type { AppointmentStatus } from '../../../platform/db/schema.ts';
import { holdsSlotUnits, slotUnitStarts } from '../../../platform/db/slot-units.ts';
import { writePatientSearchTokens } from '../../patients/index.ts';

export interface Campaign {
  channel: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  rwgToken: string | null;
}

export interface NewPatient {
  clientId: number;
  firstName: string;
  lastName: string;
  normalizedName: string;
  dateOfBirth: string;
  phone: string;
  email: string;
  smsPermission: boolean;
  emailPermission: boolean;
  now: number;
}

export interface NewPolicy {
  clientId: number;
  patientId: number;
  planId: number | null;
  carrierId: number | null;
  /** Relationship label to look up in the client's list ('Self', 'Spouse' …). */
  relationshipLabel: string | null;
  memberId: string | null;
  selfPay: boolean;
  now: number;
}

export interface NewAppointment {
  clientId: number;
  schedulerId: number | null;
  providerId: number;
  locationId: number;
  serviceId: number;
  patientId: number;
  insurancePolicyId: number | null;
  startAt: number;
  endAt: number;
  status: AppointmentStatus;
  isNewPatient: boolean;
  idempotencyKey: string;
  /** The booking flow's analytics session (null for a staff booking). */
  sessionId: string | null;
  campaign: Campaign;
  reason: string | null;
  notes: string | null;
  /** The staff user who booked it (the staff booking from the waitlist); absent for a patient's booking. */
  createdByUserId?: number | null;
  /** Issue 21: the language the patient booked in; its messages go out in it ('en' when absent). */
  language?: 'en' | 'es';
  now: number;
}

/**
 * The matched patient's id (`existingId`), else a new record with the details given; its id.
 * A matched record is never written: an unauthenticated request does not change a stored
 * patient's phone, e-mail or consents (issue 15, finding 3); the caller keeps what differs as a
 * pending change for staff (`keepPendingContactChange` of the patients context).
 */
export async function savePatient(
  trx: Db,
  existingId: number | undefined,
  patient: NewPatient,
): Promise<number> {
  if (existingId !== undefined) return existingId;
  const { id } = await trx
    .insertInto('patients')
    .values({
      client_id: patient.clientId,
      first_name: patient.firstName,
      last_name: patient.lastName,
      normalized_name: patient.normalizedName,
      date_of_birth: patient.dateOfBirth,
      gender: null,
      phone: patient.phone,
      email: patient.email,
      sms_permission: patient.smsPermission ? 1 : 0,
      email_permission: patient.emailPermission ? 1 : 0,
      created_at: patient.now,
      updated_at: patient.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The staff search finds the new patient by name, e-mail and phone (issue 19).
  await writePatientSearchTokens(trx, patient.clientId, id, patient);
  return id;
}

/** An identical policy of the patient (its relationship brought up to date), else a new one. */
export async function findOrInsertPolicy(trx: Db, policy: NewPolicy): Promise<number> {
  const relationship =
    policy.relationshipLabel === null
      ? undefined
      : await trx
          .selectFrom('insurance_relationships')
          .select('id')
          .where('client_id', '=', policy.clientId)
          .where(sql<string>`lower(name)`, '=', policy.relationshipLabel.toLowerCase())
          .executeTakeFirst();
  const relationshipId = relationship?.id ?? null;
  let existing = trx
    .selectFrom('insurance_policies')
    .select('id')
    .where('client_id', '=', policy.clientId)
    .where('patient_id', '=', policy.patientId)
    .where('self_pay', '=', policy.selfPay ? 1 : 0);
  existing =
    policy.planId === null
      ? existing.where('plan_id', 'is', null)
      : existing.where('plan_id', '=', policy.planId);
  existing =
    policy.memberId === null
      ? existing.where('member_id', 'is', null)
      : existing.where('member_id', '=', policy.memberId);
  const found = await existing.orderBy('id', 'desc').executeTakeFirst();
  if (found !== undefined) {
    await trx
      .updateTable('insurance_policies')
      .set({ relationship_id: relationshipId, updated_at: policy.now })
      .where('id', '=', found.id)
      .execute();
    return found.id;
  }
  const { id } = await trx
    .insertInto('insurance_policies')
    .values({
      client_id: policy.clientId,
      patient_id: policy.patientId,
      plan_id: policy.planId,
      carrier_id: policy.carrierId,
      relationship_id: relationshipId,
      member_id: policy.memberId,
      group_number: null,
      subscriber_first_name: null,
      subscriber_last_name: null,
      subscriber_date_of_birth: null,
      self_pay: policy.selfPay ? 1 : 0,
      created_at: policy.now,
      updated_at: policy.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The appointment, its first status-history row and its slot units (when its status holds them). */
export async function insertAppointment(trx: Db, a: NewAppointment): Promise<number> {
  const { id } = await trx
    .insertInto('appointments')
    .values({
      client_id: a.clientId,
      scheduler_id: a.schedulerId,
      provider_id: a.providerId,
      location_id: a.locationId,
      service_id: a.serviceId,
      patient_id: a.patientId,
      insurance_policy_id: a.insurancePolicyId,
      start_at: a.startAt,
      end_at: a.endAt,
      status: a.status,
      is_new_patient: a.isNewPatient ? 1 : 0,
      idempotency_key: a.idempotencyKey,
      session_id: a.sessionId,
      channel: a.campaign.channel,
      utm_source: a.campaign.utmSource,
      utm_medium: a.campaign.utmMedium,
      utm_campaign: a.campaign.utmCampaign,
      utm_term: a.campaign.utmTerm,
      rwg_token: a.campaign.rwgToken,
      reason: a.reason,
      notes: a.notes,
      cancel_reason: null,
      version: 1,
      created_by_user_id: a.createdByUserId ?? null,
      language: a.language ?? 'en',
      created_at: a.now,
      updated_at: a.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('appointment_status_history')
    .values({
      client_id: a.clientId,
      appointment_id: id,
      from_status: null,
      to_status: a.status,
      reason: null,
      changed_by_user_id: a.createdByUserId ?? null,
      created_at: a.now,
    })
    .execute();
  if (holdsSlotUnits(a.status)) {
    await trx
      .insertInto('appointment_slot_units')
      .values(
        slotUnitStarts(a.startAt, a.endAt).map((unitStart) => ({
          client_id: a.clientId,
          provider_id: a.providerId,
          unit_start: unitStart,
          appointment_id: id,
        })),
      )
      .execute();
  }
  return id;
}
