/* What the patient management services share: the actor, the deps, the mappers to the wire shapes. */
import { APPOINTMENT_STATUS_LABELS } from '@scheduler/domain/appointment-status';
import { addCalendarDays } from '@scheduler/domain/local-date';
import { providerDisplayName } from '@scheduler/domain/providers';
import type { Role } from '@scheduler/domain/roles';
import { startOfLocalDay } from '@scheduler/domain/time-zone';
import type { PatientContact } from '@scheduler/contract/patient-management/patients';
import type { AppointmentSummary, Note } from '@scheduler/contract/patient-management/shared';
import type { AuditActor, AuditLog } from '../../../platform/audit/audit-log.ts';
import type { NoteRecord } from './notes-repository.ts';
import type { PatientManagementRepository } from './patient-management-repository.ts';
import type { AppointmentRecord, PatientRecord } from './records.ts';

/** The staff member making the call: who, in which brand, with which role. */
export interface StaffActor extends AuditActor {
  role: Role;
}

export interface PatientServiceDeps {
  repository: PatientManagementRepository;
  audit: AuditLog;
  now: () => number;
}

/** Appointments shown per patient at most (newest first). */
export const PATIENT_APPOINTMENTS_LIMIT = 500;

export const iso = (epochMs: number): string => new Date(epochMs).toISOString();

export function toContact(patient: PatientRecord): PatientContact {
  return {
    patientId: String(patient.patientId),
    firstName: patient.firstName,
    lastName: patient.lastName,
    dateOfBirth: patient.dateOfBirth,
    gender: patient.gender,
    phone: patient.phone,
    email: patient.email,
    smsPermission: patient.smsPermission,
    emailPermission: patient.emailPermission,
    createdAt: iso(patient.createdAt),
    updatedAt: iso(patient.updatedAt),
  };
}

export function toSummary(a: AppointmentRecord): AppointmentSummary {
  return {
    appointmentId: String(a.appointmentId),
    patientId: String(a.patientId),
    startUtc: iso(a.startAt),
    endUtc: iso(a.endAt),
    timeZone: a.timeZone,
    status: a.status,
    statusLabel: APPOINTMENT_STATUS_LABELS[a.status],
    location: { locationId: String(a.location.id), name: a.location.name },
    provider: { providerId: String(a.provider.id), name: providerDisplayName(a.provider) },
    service: { appointmentTypeId: String(a.service.id), name: a.service.name },
    isNewPatient: a.isNewPatient,
    channel: a.channel,
    cancelReason: a.cancelReason,
    version: a.version,
    createdAt: iso(a.createdAt),
  };
}

export function toNote(note: NoteRecord, viewerUserId: number): Note {
  return {
    noteId: String(note.noteId),
    patientId: String(note.patientId),
    appointmentId: note.appointmentId === null ? null : String(note.appointmentId),
    text: note.text,
    author: note.author === null ? null : { userId: String(note.author.userId), name: note.author.name },
    createdAt: iso(note.createdAt),
    editedAt: note.editedAt === null ? null : iso(note.editedAt),
    canEdit: note.author !== null && note.author.userId === viewerUserId,
  };
}

/** The names of the filters a query used (never their values: a search may hold a name). */
export function usedFilters(query: Record<string, unknown>, keys: readonly string[]): string[] {
  return keys.filter((key) => query[key] !== undefined);
}

/** The zone asked for, else the brand's first location's, else UTC. */
export async function zoneOf(
  repository: Pick<PatientManagementRepository, 'defaultTimeZone'>,
  clientId: number,
  requested: string | undefined,
): Promise<string> {
  return requested ?? (await repository.defaultTimeZone(clientId)) ?? 'UTC';
}

/** A local-date range as [from, before) epoch ms. */
export async function rangeOf(
  repository: Pick<PatientManagementRepository, 'defaultTimeZone'>,
  clientId: number,
  query: { from?: string | undefined; to?: string | undefined; timeZone?: string | undefined },
): Promise<{ from?: number; before?: number }> {
  if (query.from === undefined && query.to === undefined) return {};
  const zone = await zoneOf(repository, clientId, query.timeZone);
  return {
    ...(query.from === undefined ? {} : { from: startOfLocalDay(query.from, zone).getTime() }),
    ...(query.to === undefined
      ? {}
      : { before: startOfLocalDay(addCalendarDays(query.to, 1), zone).getTime() }),
  };
}
