/*
 * Use cases of the patient management API. Every read or change of patient data writes one audit
 * entry (ids and field names only) before the data leaves; records of another brand are simply
 * not found (404), so their existence never leaks.
 */
import {
  APPOINTMENT_STATUSES,
  APPOINTMENT_STATUS_LABELS,
  checkStatusChange,
  holdsSlot,
  nextStatusesFor,
} from '@scheduler/domain/appointment-status';
import { usDateToIsoDate } from '@scheduler/domain/dates';
import { DomainError } from '@scheduler/domain/errors';
import { addCalendarDays, isValidIsoDate } from '@scheduler/domain/local-date';
import type { Role } from '@scheduler/domain/roles';
import type {
  AddNoteRequest,
  AppointmentSummary,
  EditNoteRequest,
  GetAppointmentDetailsResponse,
  GetAuditLogQuery,
  GetAuditLogResponse,
  GetFeedbackDetailsQuery,
  GetFeedbackDetailsResponse,
  GetFiltersResponse,
  GetPatientDetailsResponse,
  GetPatientListQuery,
  GetPatientListResponse,
  Note,
  PatientContact,
  UpdateAppointmentStatusRequest,
} from '@scheduler/contract/patient-management';
import { startOfLocalDay } from '@scheduler/domain/time-zone';
import { phoneDigits } from '@scheduler/domain/text';
import type { AuditActor, AuditLog } from '../../platform/audit/audit-log.ts';
import { providerDisplayName } from '../admin-config/service.ts';
import type {
  AppointmentCriteria,
  AppointmentRecord,
  NoteRecord,
  PatientManagementRepository,
  PatientRecord,
  PatientSearchTerm,
} from './patient-management-repository.ts';

/** The staff member making the call: who, in which brand, with which role. */
export interface StaffActor extends AuditActor {
  role: Role;
}

export const STALE_APPOINTMENT_MESSAGE =
  'This appointment was changed by someone else. Reload to see the latest version.';
export const NOTE_NOT_AUTHOR_MESSAGE = 'Only the author of a note can edit it.';

/** Appointments shown per patient at most (newest first). */
export const PATIENT_APPOINTMENTS_LIMIT = 500;

const iso = (epochMs: number): string => new Date(epochMs).toISOString();

export interface PatientManagementService {
  filters(actor: StaffActor): Promise<GetFiltersResponse>;
  patientList(actor: StaffActor, query: GetPatientListQuery): Promise<GetPatientListResponse>;
  patientDetails(actor: StaffActor, patientId: number): Promise<GetPatientDetailsResponse>;
  appointmentDetails(
    actor: StaffActor,
    appointmentId: number,
    patientId?: number,
  ): Promise<GetAppointmentDetailsResponse>;
  updateStatus(
    actor: StaffActor,
    request: UpdateAppointmentStatusRequest,
  ): Promise<GetAppointmentDetailsResponse>;
  addNote(actor: StaffActor, request: AddNoteRequest): Promise<Note>;
  editNote(actor: StaffActor, request: EditNoteRequest): Promise<Note>;
  feedback(actor: StaffActor, query: GetFeedbackDetailsQuery): Promise<GetFeedbackDetailsResponse>;
  auditLog(actor: StaffActor, query: GetAuditLogQuery): Promise<GetAuditLogResponse>;
}

// ---------------------------------------------------------------- search parsing

const PHONE_LIKE = /^[\d\s()+.-]+$/;

function nameWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/,+$/, ''))
    .filter((word) => word !== '');
}

function phoneTerm(text: string): PatientSearchTerm | undefined {
  const digits = phoneDigits(text);
  if (digits === '') return undefined;
  // Numbers are stored without the US country code.
  return { kind: 'phone', digits: digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits };
}

/** What the one search box means: a date of birth, an e-mail, a phone number or a name. */
export function parseSearch(text: string): PatientSearchTerm | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const date = isValidIsoDate(trimmed) ? trimmed : usDateToIsoDate(trimmed);
  if (date !== null) return { kind: 'dateOfBirth', date };
  if (trimmed.includes('@')) return { kind: 'email', prefix: trimmed.toLowerCase() };
  if (PHONE_LIKE.test(trimmed) && phoneDigits(trimmed).length >= 3) return phoneTerm(trimmed);
  const words = nameWords(trimmed);
  return words.length === 0 ? undefined : { kind: 'name', words };
}

function searchTermsOf(query: GetPatientListQuery): PatientSearchTerm[] {
  const terms: (PatientSearchTerm | undefined)[] = [
    // Most selective first: the first term drives the index lookup.
    query.dateOfBirth === undefined ? undefined : { kind: 'dateOfBirth', date: query.dateOfBirth },
    query.email === undefined ? undefined : { kind: 'email', prefix: query.email.toLowerCase() },
    query.phone === undefined ? undefined : phoneTerm(query.phone),
    query.search === undefined ? undefined : parseSearch(query.search),
    query.name === undefined || nameWords(query.name).length === 0
      ? undefined
      : { kind: 'name', words: nameWords(query.name) },
  ];
  return terms.filter((term): term is PatientSearchTerm => term !== undefined);
}

// ---------------------------------------------------------------- mapping

function toContact(patient: PatientRecord): PatientContact {
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

function toSummary(a: AppointmentRecord): AppointmentSummary {
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

function toNote(note: NoteRecord, viewerUserId: number): Note {
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

function parseDetails(details: string | null): Record<string, unknown> | null {
  if (details === null) return null;
  try {
    const parsed: unknown = JSON.parse(details);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : { value: parsed };
  } catch {
    return null;
  }
}

/** The names of the filters a query used (never their values: a search may hold a name). */
function usedFilters(query: Record<string, unknown>, keys: readonly string[]): string[] {
  return keys.filter((key) => query[key] !== undefined);
}

// ---------------------------------------------------------------- service

export function createPatientManagementService({
  repository,
  audit,
  now,
}: {
  repository: PatientManagementRepository;
  audit: AuditLog;
  now: () => number;
}): PatientManagementService {
  async function zoneOf(clientId: number, requested: string | undefined): Promise<string> {
    return requested ?? (await repository.defaultTimeZone(clientId)) ?? 'UTC';
  }

  /** A local-date range as [from, before) epoch ms. */
  async function rangeOf(
    clientId: number,
    query: { from?: string | undefined; to?: string | undefined; timeZone?: string | undefined },
  ): Promise<{ from?: number; before?: number }> {
    if (query.from === undefined && query.to === undefined) return {};
    const zone = await zoneOf(clientId, query.timeZone);
    return {
      ...(query.from === undefined ? {} : { from: startOfLocalDay(query.from, zone).getTime() }),
      ...(query.to === undefined
        ? {}
        : { before: startOfLocalDay(addCalendarDays(query.to, 1), zone).getTime() }),
    };
  }

  async function loadAppointmentDetails(
    actor: StaffActor,
    appointmentId: number,
  ): Promise<GetAppointmentDetailsResponse | undefined> {
    const appointment = await repository.findAppointment(actor.clientId, appointmentId);
    if (appointment === undefined) return undefined;
    const [patient, history, notes] = await Promise.all([
      repository.findPatient(actor.clientId, appointment.patientId),
      repository.statusHistory(actor.clientId, appointmentId),
      repository.notesOf(actor.clientId, { appointmentId }),
    ]);
    if (patient === undefined) return undefined;
    return {
      appointment: {
        ...toSummary(appointment),
        schedulerId: appointment.schedulerId === null ? null : String(appointment.schedulerId),
        reasonForVisit: appointment.reason,
        patientNotes: appointment.notes,
        insurancePolicyId:
          appointment.insurancePolicyId === null ? null : String(appointment.insurancePolicyId),
        utmSource: appointment.utmSource,
        utmMedium: appointment.utmMedium,
        utmCampaign: appointment.utmCampaign,
        updatedAt: iso(appointment.updatedAt),
      },
      patient: toContact(patient),
      statusHistory: history.map((entry) => ({
        fromStatus: entry.fromStatus,
        toStatus: entry.toStatus,
        toLabel: APPOINTMENT_STATUS_LABELS[entry.toStatus],
        reason: entry.reason,
        changedBy:
          entry.changedBy === null
            ? null
            : { userId: String(entry.changedBy.userId), name: entry.changedBy.name },
        at: iso(entry.at),
      })),
      notes: notes.map((note) => toNote(note, actor.userId)),
      allowedStatuses: nextStatusesFor(appointment.status, actor.role, appointment.startAt, now()),
    };
  }

  return {
    async filters(actor) {
      const [options, zone] = await Promise.all([
        repository.filterOptions(actor.clientId),
        zoneOf(actor.clientId, undefined),
      ]);
      return {
        locations: options.locations.map((l) => ({
          locationId: String(l.id),
          name: l.name,
          timeZone: l.timeZone,
        })),
        providers: options.providers.map((p) => ({ providerId: String(p.id), name: providerDisplayName(p) })),
        services: options.services.map((s) => ({ appointmentTypeId: String(s.id), name: s.name })),
        statuses: APPOINTMENT_STATUSES.map((value) => ({ value, label: APPOINTMENT_STATUS_LABELS[value] })),
        defaultTimeZone: zone,
      };
    },

    async patientList(actor, query) {
      const range = await rangeOf(actor.clientId, query);
      const appointments: AppointmentCriteria = {
        locationId: query.locationId,
        providerId: query.providerId,
        serviceId: query.appointmentTypeId,
        statuses: query.status,
        startFrom: range.from,
        startBefore: range.before,
      };
      const { items, total } = await repository.listPatients(actor.clientId, {
        terms: searchTermsOf(query),
        appointments,
        sort: query.sort,
        page: query.page,
        pageSize: query.pageSize,
        now: now(),
      });
      await audit.recordFor(actor, 'patient.list.read', {
        type: 'patient',
        details: {
          patientIds: items.map((item) => item.patientId),
          total,
          page: query.page,
          filters: usedFilters(query, [
            'search',
            'name',
            'phone',
            'email',
            'dateOfBirth',
            'locationId',
            'providerId',
            'appointmentTypeId',
            'status',
            'from',
            'to',
          ]),
        },
      });
      return {
        page: query.page,
        pageSize: query.pageSize,
        total,
        items: items.map((item) => ({
          patientId: String(item.patientId),
          firstName: item.firstName,
          lastName: item.lastName,
          dateOfBirth: item.dateOfBirth,
          gender: item.gender,
          phone: item.phone,
          email: item.email,
          createdAt: iso(item.createdAt),
          appointmentCount: item.appointmentCount,
          lastAppointmentUtc: item.lastAppointmentAt === null ? null : iso(item.lastAppointmentAt),
          nextAppointmentUtc: item.nextAppointmentAt === null ? null : iso(item.nextAppointmentAt),
        })),
      };
    },

    async patientDetails(actor, patientId) {
      const patient = await repository.findPatient(actor.clientId, patientId);
      if (patient === undefined) throw new DomainError('NOT_FOUND');
      const [policies, appointments, notes] = await Promise.all([
        repository.policiesOfPatient(actor.clientId, patientId),
        repository.appointmentsOfPatient(actor.clientId, patientId, PATIENT_APPOINTMENTS_LIMIT),
        repository.notesOf(actor.clientId, { patientId }),
      ]);
      await audit.recordFor(actor, 'patient.read', {
        type: 'patient',
        id: patientId,
        details: {
          appointments: appointments.length,
          insurancePolicies: policies.length,
          notes: notes.length,
        },
      });
      const at = now();
      const summaries = appointments.map((a) => ({ startAt: a.startAt, summary: toSummary(a) }));
      return {
        patient: toContact(patient),
        insurancePolicies: policies.map((p) => ({
          policyId: String(p.policyId),
          plan: p.plan === null ? null : { planId: String(p.plan.id), name: p.plan.name },
          carrier: p.carrier === null ? null : { carrierId: String(p.carrier.id), name: p.carrier.name },
          relationship: p.relationship,
          memberId: p.memberId,
          groupNumber: p.groupNumber,
          subscriberFirstName: p.subscriberFirstName,
          subscriberLastName: p.subscriberLastName,
          subscriberDateOfBirth: p.subscriberDateOfBirth,
          selfPay: p.selfPay,
          updatedAt: iso(p.updatedAt),
        })),
        // The repository returns latest first.
        upcomingAppointments: summaries
          .filter((a) => a.startAt >= at)
          .reverse()
          .map((a) => a.summary),
        pastAppointments: summaries.filter((a) => a.startAt < at).map((a) => a.summary),
        notes: notes.map((note) => toNote(note, actor.userId)),
      };
    },

    async appointmentDetails(actor, appointmentId, patientId) {
      const details = await loadAppointmentDetails(actor, appointmentId);
      if (details === undefined) throw new DomainError('NOT_FOUND');
      if (patientId !== undefined && details.patient.patientId !== String(patientId)) {
        throw new DomainError('NOT_FOUND');
      }
      await audit.recordFor(actor, 'appointment.read', {
        type: 'appointment',
        id: appointmentId,
        details: { patientId: Number(details.patient.patientId) },
      });
      return details;
    },

    async updateStatus(actor, request) {
      const at = now();
      const outcome = await repository.changeStatus({
        clientId: actor.clientId,
        appointmentId: request.appointmentId,
        expectedVersion: request.version,
        to: request.status,
        reason: request.reason ?? null,
        releasesSlot: !holdsSlot(request.status),
        userId: actor.userId,
        now: at,
        check(current) {
          const verdict = checkStatusChange({
            from: current.status,
            to: request.status,
            role: actor.role,
            startAt: current.startAt,
            now: at,
            reason: request.reason,
          });
          if (verdict.ok) return;
          switch (verdict.reason) {
            case 'role':
              throw new DomainError('FORBIDDEN', verdict.message);
            case 'reason-required':
              throw new DomainError('VALIDATION', verdict.message, {
                fields: [{ path: 'reason', message: verdict.message }],
              });
            case 'unchanged':
            case 'not-allowed':
            case 'before-start':
              throw new DomainError('STATUS_CHANGE_NOT_ALLOWED', verdict.message, {
                field: 'status',
                reason: verdict.reason,
                currentStatus: current.status,
              });
          }
        },
      });
      if (outcome.kind === 'not-found') throw new DomainError('NOT_FOUND');
      if (outcome.kind === 'stale') {
        throw new DomainError('CONFLICT', STALE_APPOINTMENT_MESSAGE, {
          currentVersion: outcome.currentVersion,
        });
      }
      await audit.recordFor(actor, 'appointment.status.update', {
        type: 'appointment',
        id: request.appointmentId,
        details: {
          patientId: outcome.patientId,
          from: outcome.from,
          to: request.status,
          version: outcome.version,
          slotReleased: !holdsSlot(request.status),
        },
      });
      const details = await loadAppointmentDetails(actor, request.appointmentId);
      if (details === undefined) throw new DomainError('NOT_FOUND');
      return details;
    },

    async addNote(actor, request) {
      let patientId = request.patientId;
      const appointmentId = request.appointmentId ?? null;
      if (appointmentId !== null) {
        const appointment = await repository.findAppointment(actor.clientId, appointmentId);
        if (appointment === undefined) throw new DomainError('NOT_FOUND');
        if (patientId !== undefined && patientId !== appointment.patientId)
          throw new DomainError('NOT_FOUND');
        patientId = appointment.patientId;
      } else if (patientId !== undefined) {
        if ((await repository.findPatient(actor.clientId, patientId)) === undefined) {
          throw new DomainError('NOT_FOUND');
        }
      }
      if (patientId === undefined) throw new DomainError('NOT_FOUND');
      const noteId = await repository.insertNote({
        clientId: actor.clientId,
        patientId,
        appointmentId,
        authorUserId: actor.userId,
        text: request.text,
        now: now(),
      });
      await audit.recordFor(actor, 'note.create', {
        type: 'note',
        id: noteId,
        details: { patientId, appointmentId },
      });
      const note = await repository.findNote(actor.clientId, noteId);
      if (note === undefined) throw new DomainError('NOT_FOUND');
      return toNote(note, actor.userId);
    },

    async editNote(actor, request) {
      const note = await repository.findNote(actor.clientId, request.noteId);
      if (note === undefined) throw new DomainError('NOT_FOUND');
      if (note.author === null || note.author.userId !== actor.userId) {
        throw new DomainError('FORBIDDEN', NOTE_NOT_AUTHOR_MESSAGE);
      }
      await repository.updateNote(actor.clientId, request.noteId, request.text, now());
      await audit.recordFor(actor, 'note.update', {
        type: 'note',
        id: request.noteId,
        details: { patientId: note.patientId, appointmentId: note.appointmentId, fields: ['text'] },
      });
      const updated = await repository.findNote(actor.clientId, request.noteId);
      if (updated === undefined) throw new DomainError('NOT_FOUND');
      return toNote(updated, actor.userId);
    },

    async feedback(actor, query) {
      // The patient or appointment must be this brand's: otherwise 404, as for every record.
      if (query.appointmentId !== undefined) {
        const appointment = await repository.findAppointment(actor.clientId, query.appointmentId);
        if (appointment === undefined) throw new DomainError('NOT_FOUND');
        if (query.patientId !== undefined && query.patientId !== appointment.patientId) {
          throw new DomainError('NOT_FOUND');
        }
      } else if (
        query.patientId !== undefined &&
        (await repository.findPatient(actor.clientId, query.patientId)) === undefined
      ) {
        throw new DomainError('NOT_FOUND');
      }
      const rows = await repository.feedbackOf(actor.clientId, {
        patientId: query.patientId,
        appointmentId: query.appointmentId,
      });
      await audit.recordFor(
        actor,
        'patient.feedback.read',
        query.appointmentId === undefined
          ? { type: 'patient', id: query.patientId ?? null, details: { feedback: rows.length } }
          : {
              type: 'appointment',
              id: query.appointmentId,
              details: { patientId: query.patientId ?? null, feedback: rows.length },
            },
      );
      const ratings = rows.map((row) => row.rating).filter((rating): rating is number => rating !== null);
      return {
        feedback: rows.map((row) => ({
          feedbackId: String(row.feedbackId),
          patientId: row.patientId === null ? null : String(row.patientId),
          appointmentId: row.appointmentId === null ? null : String(row.appointmentId),
          rating: row.rating,
          comment: row.comment,
          createdAt: iso(row.createdAt),
        })),
        count: rows.length,
        averageRating:
          ratings.length === 0
            ? null
            : Math.round((ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length) * 100) / 100,
      };
    },

    async auditLog(actor, query) {
      const range = await rangeOf(actor.clientId, query);
      const { items, total } = await repository.auditLog(actor.clientId, {
        userId: query.userId,
        action: query.action,
        recordType: query.recordType,
        recordId: query.recordId,
        from: range.from,
        before: range.before,
        page: query.page,
        pageSize: query.pageSize,
      });
      await audit.recordFor(actor, 'audit.read', {
        type: 'audit_log',
        details: { page: query.page, total },
      });
      return {
        page: query.page,
        pageSize: query.pageSize,
        total,
        items: items.map((item) => ({
          auditId: String(item.auditId),
          at: iso(item.at),
          user:
            item.user === null
              ? null
              : { userId: String(item.user.userId), name: item.user.name, email: item.user.email },
          action: item.action,
          recordType: item.recordType,
          recordId: item.recordId,
          ip: item.ip,
          details: parseDetails(item.details),
        })),
      };
    },
  };
}
