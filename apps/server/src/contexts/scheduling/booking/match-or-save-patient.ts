/*
 * The patient of a booking made for someone (the front desk for a caller, a trusted partner through
 * FHIR $book): matched to one on file by name, date of birth and phone or e-mail (left as on file),
 * else created — as the public booking does (patients/matching.ts). One place, so both paths match
 * patients alike.
 */
import type { PatientIdentity } from '@scheduler/contract/patient';
import { comparablePhone, normalizedPatientName, pickPatientMatch } from '../../patients/index.ts';
import type { BookingTransaction } from './booking-repository.ts';

export async function matchOrSavePatient(
  tx: BookingTransaction,
  clientId: number,
  identity: PatientIdentity,
  now: number,
): Promise<{ patientId: number; matched: boolean }> {
  const normalizedName = normalizedPatientName(identity.firstName, identity.lastName);
  const match = pickPatientMatch(
    await tx.findPatientCandidates(clientId, normalizedName, identity.dateOfBirth),
    identity,
  );
  const patientId = await tx.savePatient(match?.id, {
    clientId,
    firstName: identity.firstName,
    lastName: identity.lastName,
    normalizedName,
    dateOfBirth: identity.dateOfBirth,
    phone: comparablePhone(identity.phone),
    email: identity.email.trim().toLowerCase(),
    smsPermission: identity.smsPermission,
    emailPermission: identity.emailPermission,
    now,
  });
  return { patientId, matched: match !== undefined };
}
