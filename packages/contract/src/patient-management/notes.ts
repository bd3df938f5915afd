/** Patient management: notes and feedback. */
import * as z from 'zod';
import { recordIdSchema } from '../admin-auth.ts';
import { isoInstantSchema } from '../common.ts';
import { brandFields, noteSchema } from './shared.ts';

// ---------------------------------------------------------------- POST addNote, PUT editNote

export const NOTE_MAX_LENGTH = 4000;

const noteText = z
  .string({ error: 'Write the note' })
  .trim()
  .min(1, { error: 'Write the note' })
  .max(NOTE_MAX_LENGTH, { error: `Keep the note to ${NOTE_MAX_LENGTH} characters or fewer` });

/** A note about an appointment (`appointmentId`) or about the patient (`patientId` alone). */
export const addNoteRequestSchema = z
  .object({
    ...brandFields,
    patientId: recordIdSchema.optional(),
    appointmentId: recordIdSchema.optional(),
    text: noteText,
  })
  .refine((value) => value.patientId !== undefined || value.appointmentId !== undefined, {
    error: 'Choose the patient or the appointment',
    path: ['patientId'],
  });
export type AddNoteRequest = z.output<typeof addNoteRequestSchema>;

export const editNoteRequestSchema = z.object({ ...brandFields, noteId: recordIdSchema, text: noteText });
export type EditNoteRequest = z.output<typeof editNoteRequestSchema>;

/** 201 from addNote, 200 from editNote. */
export const noteResponseSchema = z.object({ note: noteSchema });

// ---------------------------------------------------------------- GET getFeedbackDetails

export const getFeedbackDetailsQuerySchema = z
  .object({
    ...brandFields,
    patientId: recordIdSchema.optional(),
    appointmentId: recordIdSchema.optional(),
  })
  .refine((value) => value.patientId !== undefined || value.appointmentId !== undefined, {
    error: 'Choose the patient or the appointment',
    path: ['patientId'],
  });
export type GetFeedbackDetailsQuery = z.output<typeof getFeedbackDetailsQuerySchema>;

export const feedbackSchema = z.object({
  feedbackId: z.string(),
  patientId: z.string().nullable(),
  appointmentId: z.string().nullable(),
  /** 1..5 */
  rating: z.number().int().nullable(),
  comment: z.string().nullable(),
  createdAt: isoInstantSchema,
});
export type Feedback = z.output<typeof feedbackSchema>;

export const getFeedbackDetailsResponseSchema = z.object({
  /** Newest first. */
  feedback: z.array(feedbackSchema),
  count: z.number().int(),
  /** Mean of the ratings given (null when none). */
  averageRating: z.number().nullable(),
});
export type GetFeedbackDetailsResponse = z.output<typeof getFeedbackDetailsResponseSchema>;
