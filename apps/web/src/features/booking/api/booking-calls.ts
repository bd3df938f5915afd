import type {
  BookAppointmentBodyInput,
  BookAppointmentResponse,
  PatientLookupResponse,
} from '@scheduler/contract/scheduler-api';
import type { PatientIdentityInput } from '@scheduler/contract/patient';
import type { WaitlistEntryRequestInput } from '@scheduler/contract/waitlist';
import { request } from '../../../lib/api-client';
import { contractSchema } from './contract-validation';
import type { BookingScope } from './scope';

type Scope = Pick<BookingScope, 'clientName' | 'scheduler'>;

/**
 * POST createPatients from the anonymous flow: the server looks the patient up and answers only
 * whether they are known, whether they already have an appointment, and whether they may book.
 */
export async function lookUpPatient(
  scope: Scope,
  patient: PatientIdentityInput,
  appointmentTypeId: string,
): Promise<PatientLookupResponse> {
  return request({
    id: 'createPatients',
    method: 'POST',
    path: 'createPatients',
    data: { clientName: scope.clientName, scheduler: scope.scheduler, patient, appointmentTypeId },
    schema: contractSchema('patientLookupResponseSchema'),
  });
}

/** PUT bookAppointment. A retry sends the same idempotency key and gets the first booking back. */
export async function bookAppointment(body: BookAppointmentBodyInput): Promise<BookAppointmentResponse> {
  return request({
    id: 'bookAppointment',
    method: 'PUT',
    path: 'bookAppointment',
    data: body,
    schema: contractSchema('bookAppointmentResponseSchema'),
  });
}

export async function joinWaitlist(body: WaitlistEntryRequestInput): Promise<{ waitlistEntryId: string }> {
  return request({
    id: 'createWaitList',
    method: 'POST',
    path: 'createWaitList',
    data: body,
    schema: contractSchema('createWaitListResponseSchema'),
  });
}
