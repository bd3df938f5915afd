/* Staff notes on a patient or an appointment. Every statement is scoped by client_id. */
import type { Db } from '../../../platform/db/database.ts';

export interface NoteRecord {
  noteId: number;
  patientId: number;
  appointmentId: number | null;
  text: string;
  author: { userId: number; name: string } | null;
  createdAt: number;
  editedAt: number | null;
}

export interface NotesRepository {
  /** Newest first: the patient's notes, or one appointment's. */
  notesOf(clientId: number, of: { patientId: number } | { appointmentId: number }): Promise<NoteRecord[]>;
  findNote(clientId: number, noteId: number): Promise<NoteRecord | undefined>;
  insertNote(note: {
    clientId: number;
    patientId: number;
    appointmentId: number | null;
    authorUserId: number;
    text: string;
    now: number;
  }): Promise<number>;
  updateNote(clientId: number, noteId: number, text: string, now: number): Promise<void>;
}

function selectNotes(db: Db, clientId: number) {
  return db
    .selectFrom('notes as n')
    .leftJoin('users as u', 'u.id', 'n.author_user_id')
    .select([
      'n.id',
      'n.patient_id',
      'n.appointment_id',
      'n.body',
      'n.created_at',
      'n.edited_at',
      'n.author_user_id',
      'u.display_name',
    ])
    .where('n.client_id', '=', clientId);
}

function toNote(row: {
  id: number;
  patient_id: number;
  appointment_id: number | null;
  body: string;
  created_at: number;
  edited_at: number | null;
  author_user_id: number | null;
  display_name: string | null;
}): NoteRecord {
  return {
    noteId: row.id,
    patientId: row.patient_id,
    appointmentId: row.appointment_id,
    text: row.body,
    author: row.author_user_id === null ? null : { userId: row.author_user_id, name: row.display_name ?? '' },
    createdAt: Number(row.created_at),
    editedAt: row.edited_at === null ? null : Number(row.edited_at),
  };
}

export function createNotesRepository(db: Db): NotesRepository {
  return {
    async notesOf(clientId, of) {
      let query = selectNotes(db, clientId);
      query =
        'patientId' in of
          ? query.where('n.patient_id', '=', of.patientId)
          : query.where('n.appointment_id', '=', of.appointmentId);
      const rows = await query.orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').execute();
      return rows.map(toNote);
    },

    async findNote(clientId, noteId) {
      const row = await selectNotes(db, clientId).where('n.id', '=', noteId).executeTakeFirst();
      return row && toNote(row);
    },

    async insertNote(note) {
      const { id } = await db
        .insertInto('notes')
        .values({
          client_id: note.clientId,
          patient_id: note.patientId,
          appointment_id: note.appointmentId,
          author_user_id: note.authorUserId,
          body: note.text,
          created_at: note.now,
          edited_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async updateNote(clientId, noteId, text, now) {
      await db
        .updateTable('notes')
        .set({ body: text, edited_at: now })
        .where('client_id', '=', clientId)
        .where('id', '=', noteId)
        .execute();
    },
  };
}
