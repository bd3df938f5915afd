/* Staff notes (add, edit their own) and patient feedback (audited). */
import { DomainError } from '@scheduler/domain/errors';
import { NOTE_NOT_AUTHOR_MESSAGE } from '@scheduler/domain/messages';
import type {
  AddNoteRequest,
  EditNoteRequest,
  GetFeedbackDetailsQuery,
  GetFeedbackDetailsResponse,
} from '@scheduler/contract/patient-management/notes';
import type { Note } from '@scheduler/contract/patient-management/shared';
import { iso, toNote } from './service-parts.ts';
import type { PatientServiceDeps, StaffActor } from './service-parts.ts';

export interface NotesService {
  addNote(actor: StaffActor, request: AddNoteRequest): Promise<Note>;
  editNote(actor: StaffActor, request: EditNoteRequest): Promise<Note>;
  feedback(actor: StaffActor, query: GetFeedbackDetailsQuery): Promise<GetFeedbackDetailsResponse>;
}

export function createNotesService({ repository, audit, now }: PatientServiceDeps): NotesService {
  return {
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
  };
}
