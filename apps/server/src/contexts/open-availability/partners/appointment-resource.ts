/*
 * The Appointment of `$hold` and `$book` (issue 20, IHE ITI Scheduling shapes): the request's
 * `Parameters` with one `appointment-resource` (an Appointment naming one Slot; for `$book` also a
 * contained Patient, its participant `#id`), checked with zod, and the answers: the hold as a
 * `pending` Appointment (`hold-{id}`, with when it expires) and the booking as a `booked` one. Times
 * carry the location's offset; participants are the practitioner and the location (no patient data
 * is sent back: the partner has it).
 */
import type { Appointment, AppointmentParticipant, Extension } from '@medplum/fhirtypes';
import { createPatientIdentitySchema } from '@scheduler/contract/patient';
import type { PatientIdentity } from '@scheduler/contract/patient';
import { confirmationNumberOf } from '@scheduler/domain/messages/format';
import { z } from 'zod';
import { FhirError } from '../fhir/operation-outcome.ts';
import {
  fhirInstantInZone,
  locationReference,
  practitionerReference,
  serviceTypeOf,
} from '../fhir/resources.ts';
import type { FhirContext, ProviderInput, ServiceInput } from '../fhir/resources.ts';

/** Extension of a held Appointment: when the hold ends (valueInstant). */
export const HOLD_EXPIRES_EXTENSION = 'hold-expires';
export const holdExpiresExtensionUrl = (publicUrl: string): string =>
  `${publicUrl.replace(/\/+$/, '')}/fhir/StructureDefinition/${HOLD_EXPIRES_EXTENSION}`;

const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;

const slotReferenceSchema = z
  .object({
    reference: z
      .string({ error: 'Name the slot as Slot/{id}' })
      .regex(/^Slot\/[A-Za-z0-9\-.]{1,64}$/, { error: 'Name the slot as Slot/{id}' }),
  })
  .loose();

const appointmentSchema = z
  .object({
    resourceType: z.literal('Appointment', { error: 'appointment-resource must be an Appointment' }),
    status: z.enum(['proposed', 'pending'], { error: 'A new appointment is proposed or pending' }).optional(),
    slot: z.array(slotReferenceSchema).length(1, { error: 'Name exactly one slot' }),
    contained: z
      .array(z.object({ resourceType: z.string(), id: z.string().optional() }).loose())
      .max(5)
      .optional(),
    participant: z
      .array(
        z
          .object({
            actor: z
              .object({ reference: z.string().max(200).optional() })
              .loose()
              .optional(),
          })
          .loose(),
      )
      .max(10)
      .optional(),
  })
  .loose();
export type AppointmentResourceInput = z.output<typeof appointmentSchema>;

/** The body of both operations: FHIR Parameters with exactly one `appointment-resource`. */
export const operationParametersSchema = z
  .object({
    resourceType: z.literal('Parameters', { error: 'Send a Parameters resource' }),
    parameter: z
      .array(
        z
          .object({
            name: z.literal('appointment-resource', {
              error: 'Only the parameter appointment-resource is supported',
            }),
            resource: appointmentSchema,
          })
          .loose(),
      )
      .length(1, { error: 'Send exactly one appointment-resource' }),
  })
  .loose();
export type OperationParameters = z.output<typeof operationParametersSchema>;

/** The slot id the Appointment names (`Slot/{id}`). */
export function slotIdOfAppointment(appointment: AppointmentResourceInput): string {
  return appointment.slot[0]?.reference.slice('Slot/'.length) ?? '';
}

const telecomSchema = z
  .object({
    system: z.enum(['phone', 'fax', 'email', 'pager', 'url', 'sms', 'other']),
    value: z.string().max(254),
    use: z.enum(['home', 'work', 'temp', 'old', 'mobile']).optional(),
  })
  .loose();

const containedPatientSchema = z
  .object({
    resourceType: z.literal('Patient'),
    id: z.string().regex(FHIR_ID, { error: 'The contained Patient needs an id' }),
    name: z
      .array(
        z
          .object({
            family: z.string({ error: 'Give the patient’s family name' }),
            given: z.array(z.string()).min(1, { error: 'Give the patient’s given name' }),
          })
          .loose(),
      )
      .min(1, { error: 'Give the patient’s name' }),
    birthDate: z.string({ error: 'Give the patient’s birthDate' }),
    gender: z.enum(['male', 'female', 'other', 'unknown']).optional(),
    telecom: z.array(telecomSchema).min(1, { error: 'Give the patient’s e-mail address and phone' }).max(10),
  })
  .loose();

/** Where each identity field came from in the Patient (for the OperationOutcome's expression). */
const IDENTITY_PATHS: Record<string, string> = {
  firstName: 'Patient.name.given',
  lastName: 'Patient.name.family',
  dateOfBirth: 'Patient.birthDate',
  phone: 'Patient.telecom',
  email: 'Patient.telecom',
  smsPermission: 'Patient.telecom',
  emailPermission: 'Patient.telecom',
};

export interface BookingPatient {
  identity: PatientIdentity;
  gender: 'M' | 'F' | null;
}

/**
 * The patient of a `$book`: the contained Patient its participant names (`#id`), checked with the
 * public identity step's schema and rules (today at the location). The confirmation goes by e-mail;
 * by SMS only to a number the partner marked `sms` or `mobile`.
 */
export function bookingPatientOf(appointment: AppointmentResourceInput, today: string): BookingPatient {
  const actorIds = (appointment.participant ?? [])
    .map((participant) => participant.actor?.reference)
    .filter((reference): reference is string => reference !== undefined);
  const local = actorIds
    .filter((reference) => reference.startsWith('#'))
    .map((reference) => reference.slice(1));
  if (actorIds.some((reference) => reference.startsWith('Patient/')))
    throw new FhirError(422, {
      code: 'not-supported',
      diagnostics: 'Send the patient as a contained Patient (participant actor #id), not a reference',
      expression: ['Appointment.participant.actor'],
    });
  const contained = (appointment.contained ?? []).filter(
    (resource) =>
      resource.resourceType === 'Patient' && resource.id !== undefined && local.includes(resource.id),
  );
  if (contained.length !== 1)
    throw new FhirError(400, {
      code: 'required',
      diagnostics: 'Contain one Patient and name it as a participant (actor reference #id)',
      expression: ['Appointment.contained', 'Appointment.participant.actor'],
    });
  const patient = containedPatientSchema.safeParse(contained[0]);
  if (!patient.success)
    throw new FhirError(
      400,
      ...patient.error.issues.map((issue) => ({
        code: 'invalid' as const,
        diagnostics: issue.message,
        expression: [['Patient', ...issue.path.map(String)].join('.')],
      })),
    );
  const { name, birthDate, telecom, gender } = patient.data;
  const first = name[0];
  const phones = telecom.filter((t) => t.system === 'phone' || t.system === 'sms');
  const identity = createPatientIdentitySchema({ smsEmailPermissions: 'optional', today }).safeParse({
    firstName: first?.given[0] ?? '',
    lastName: first?.family ?? '',
    dateOfBirth: birthDate,
    phone: phones[0]?.value ?? '',
    email: telecom.find((t) => t.system === 'email')?.value ?? '',
    smsPermission: phones.some((t) => t.system === 'sms' || t.use === 'mobile'),
    emailPermission: true,
  });
  if (!identity.success)
    throw new FhirError(
      400,
      ...identity.error.issues.map((issue) => {
        const field = String(issue.path[0] ?? '');
        return {
          code: 'invalid' as const,
          diagnostics: issue.message,
          expression: [IDENTITY_PATHS[field] ?? 'Patient'],
        };
      }),
    );
  return {
    identity: identity.data,
    gender: gender === 'male' ? 'M' : gender === 'female' ? 'F' : null,
  };
}

export interface AppointmentView {
  slotId: string;
  provider: ProviderInput;
  location: { id: number; name: string; timeZone: string };
  service: ServiceInput;
  startAt: number;
  endAt: number;
}

function participants(
  view: AppointmentView,
  status: AppointmentParticipant['status'],
): AppointmentParticipant[] {
  return [
    { actor: practitionerReference(view.provider), required: 'required', status },
    { actor: locationReference(view.location), required: 'required', status },
  ];
}

function times(view: AppointmentView) {
  return {
    start: fhirInstantInZone(view.startAt, view.location.timeZone),
    end: fhirInstantInZone(view.endAt, view.location.timeZone),
    minutesDuration: Math.round((view.endAt - view.startAt) / 60_000),
  };
}

/** The hold as a pending Appointment (`hold-{id}`) and when it expires. */
export function heldAppointment(
  ctx: FhirContext,
  view: AppointmentView,
  hold: { id: number; createdAt: number; expiresAt: number },
): Appointment {
  const expires: Extension = {
    url: holdExpiresExtensionUrl(ctx.publicUrl),
    valueInstant: fhirInstantInZone(hold.expiresAt, view.location.timeZone),
  };
  return {
    resourceType: 'Appointment',
    id: `hold-${String(hold.id)}`,
    extension: [expires],
    status: 'pending',
    serviceType: serviceTypeOf(ctx, view.service),
    ...times(view),
    created: fhirInstantInZone(hold.createdAt, view.location.timeZone),
    slot: [{ reference: `Slot/${view.slotId}` }],
    participant: participants(view, 'tentative'),
  };
}

/** The booked Appointment, with its confirmation number as an identifier. */
export function bookedAppointment(
  ctx: FhirContext,
  fhirBase: string,
  view: AppointmentView,
  appointment: { id: number; createdAt: number },
): Appointment {
  return {
    resourceType: 'Appointment',
    id: String(appointment.id),
    identifier: [
      { system: `${fhirBase}/NamingSystem/confirmation-number`, value: confirmationNumberOf(appointment.id) },
    ],
    status: 'booked',
    serviceType: serviceTypeOf(ctx, view.service),
    ...times(view),
    created: fhirInstantInZone(appointment.createdAt, view.location.timeZone),
    slot: [{ reference: `Slot/${view.slotId}` }],
    participant: participants(view, 'accepted'),
  };
}
