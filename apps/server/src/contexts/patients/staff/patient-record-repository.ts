/*
 * A patient's record for staff: contact, insurance policies and feedback (appointments:
 * appointment-read-repository.ts). Every statement is scoped by client_id; the service audits
 * every read.
 */
import type { Db } from '../../../platform/db/database.ts';
import { patientColumns, toPatient } from './records.ts';
import type { NamedRecord, PatientRecord } from './records.ts';

export interface PolicyRecord {
  policyId: number;
  plan: NamedRecord | null;
  carrier: NamedRecord | null;
  relationship: string | null;
  memberId: string | null;
  groupNumber: string | null;
  subscriberFirstName: string | null;
  subscriberLastName: string | null;
  subscriberDateOfBirth: string | null;
  selfPay: boolean;
  updatedAt: number;
}

export interface FeedbackRecord {
  feedbackId: number;
  patientId: number | null;
  appointmentId: number | null;
  rating: number | null;
  comment: string | null;
  createdAt: number;
}

export interface PatientRecordRepository {
  findPatient(clientId: number, patientId: number): Promise<PatientRecord | undefined>;
  policiesOfPatient(clientId: number, patientId: number): Promise<PolicyRecord[]>;
  feedbackOf(
    clientId: number,
    of: { patientId?: number | undefined; appointmentId?: number | undefined },
  ): Promise<FeedbackRecord[]>;
}

export function createPatientRecordRepository(db: Db): PatientRecordRepository {
  return {
    async findPatient(clientId, patientId) {
      const row = await db
        .selectFrom('patients')
        .select(patientColumns)
        .where('client_id', '=', clientId)
        .where('id', '=', patientId)
        .executeTakeFirst();
      return row && toPatient(row);
    },

    async policiesOfPatient(clientId, patientId) {
      const rows = await db
        .selectFrom('insurance_policies as ip')
        .leftJoin('insurance_plans as pl', 'pl.id', 'ip.plan_id')
        .leftJoin('insurance_carriers as c', (join) =>
          join.on((eb) => eb('c.id', '=', eb.fn.coalesce('ip.carrier_id', 'pl.carrier_id'))),
        )
        .leftJoin('insurance_relationships as r', 'r.id', 'ip.relationship_id')
        .select([
          'ip.id',
          'ip.member_id',
          'ip.group_number',
          'ip.subscriber_first_name',
          'ip.subscriber_last_name',
          'ip.subscriber_date_of_birth',
          'ip.self_pay',
          'ip.updated_at',
          'pl.id as plan_id',
          'pl.name as plan_name',
          'c.id as carrier_id',
          'c.name as carrier_name',
          'r.name as relationship',
        ])
        .where('ip.client_id', '=', clientId)
        .where('ip.patient_id', '=', patientId)
        .orderBy('ip.updated_at', 'desc')
        .orderBy('ip.id', 'desc')
        .execute();
      return rows.map((row) => ({
        policyId: row.id,
        plan: row.plan_id === null ? null : { id: row.plan_id, name: row.plan_name ?? '' },
        carrier: row.carrier_id === null ? null : { id: row.carrier_id, name: row.carrier_name ?? '' },
        relationship: row.relationship,
        memberId: row.member_id,
        groupNumber: row.group_number,
        subscriberFirstName: row.subscriber_first_name,
        subscriberLastName: row.subscriber_last_name,
        subscriberDateOfBirth: row.subscriber_date_of_birth,
        selfPay: row.self_pay === 1,
        updatedAt: Number(row.updated_at),
      }));
    },

    async feedbackOf(clientId, of) {
      let query = db
        .selectFrom('feedback')
        .select(['id', 'patient_id', 'appointment_id', 'rating', 'comment', 'created_at'])
        .where('client_id', '=', clientId);
      if (of.patientId !== undefined) query = query.where('patient_id', '=', of.patientId);
      if (of.appointmentId !== undefined) query = query.where('appointment_id', '=', of.appointmentId);
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(500).execute();
      return rows.map((row) => ({
        feedbackId: row.id,
        patientId: row.patient_id,
        appointmentId: row.appointment_id,
        rating: row.rating,
        comment: row.comment,
        createdAt: Number(row.created_at),
      }));
    },
  };
}
