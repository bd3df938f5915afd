import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { NOTE_MAX_LENGTH } from '@scheduler/contract/patient-management/notes';
import { type Note } from '@scheduler/contract/patient-management/shared';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { notifySaveFailed, notifySaved, SaveErrorAlert } from '../shared/components/save-feedback';
import { useAdminParams } from '../shared/use-admin-params';
import { formatZonedDateTime } from '../../../lib/zoned-time';
import { usePracticeTimeZone } from '../shared/use-practice-zone';
import { addNote, editNote, type NoteTarget } from './patients-api';
import { i18n } from '../../../i18n/catalogs';

/** Why a note's text cannot be saved, or null. */
export function noteTextError(text: string): string | null {
  const trimmed = text.trim();
  const max = NOTE_MAX_LENGTH;
  if (trimmed === '') return i18n._(msg`Write the note`);
  if (trimmed.length > max) return i18n._(msg`Keep the note to ${max} characters or fewer`);
  return null;
}

interface NoteEditorProps {
  label: string;
  initial: string;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (text: string) => Promise<unknown>;
  onCancel?: () => void;
  autoFocus?: boolean;
}

function NoteEditor({
  label,
  initial,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
  autoFocus,
}: NoteEditorProps) {
  const { t } = useLingui();
  const [text, setText] = useState(initial);
  const length = text.length;
  const max = NOTE_MAX_LENGTH;
  const [fieldError, setFieldError] = useState<string | null>(null);
  const id = useId();
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const problem = noteTextError(text);
        setFieldError(problem);
        if (problem) {
          document.getElementById(id)?.focus();
          return;
        }
        void onSubmit(text.trim()).then(
          () => setText(initial === '' ? '' : text.trim()),
          () => undefined,
        );
      }}
    >
      <TextField
        id={id}
        label={label}
        multiline
        minRows={2}
        maxRows={10}
        fullWidth
        required
        autoFocus={autoFocus}
        value={text}
        error={fieldError !== null}
        helperText={fieldError ?? t`${length}/${max} characters`}
        onChange={(event) => {
          setText(event.target.value);
          if (fieldError) setFieldError(null);
        }}
        slotProps={{ htmlInput: { maxLength: NOTE_MAX_LENGTH } }}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button type="submit" variant="contained" size="small" disabled={pending}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button size="small" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        ) : null}
      </Stack>
      <SaveErrorAlert error={error} />
    </Box>
  );
}

/** Who wrote the note and when, when it was edited, and what it is about. */
function NoteByline({ note, about }: { note: Note; about: string }) {
  const { t } = useLingui();
  const zone = usePracticeTimeZone();
  const editedAt = note.editedAt ? formatZonedDateTime(note.editedAt, zone) : '';
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
      {note.author?.name ?? t`A former user`} ·{' '}
      <time dateTime={note.createdAt}>{formatZonedDateTime(note.createdAt, zone)}</time>
      {note.editedAt ? (
        <>
          {' '}
          ·{' '}
          <Trans>
            edited <time dateTime={note.editedAt}>{editedAt}</time>
          </Trans>
        </>
      ) : null}{' '}
      · {about}
    </Typography>
  );
}

/** Whether a new note is about the selected appointment or the patient in general. */
function NoteAboutChoice({
  appointmentLabel,
  value,
  onChange,
}: {
  appointmentLabel: string;
  value: 'appointment' | 'patient';
  onChange: (value: 'appointment' | 'patient') => void;
}) {
  const { t } = useLingui();
  const aboutId = useId();
  return (
    <FormControl component="fieldset" sx={{ mb: 1 }}>
      <FormLabel component="legend" id={aboutId}>
        <Trans>The new note is about</Trans>
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={aboutId}
        value={value}
        onChange={(event) => onChange(event.target.value === 'patient' ? 'patient' : 'appointment')}
      >
        <FormControlLabel
          value="appointment"
          control={<Radio size="small" />}
          label={t`This appointment (${appointmentLabel})`}
        />
        <FormControlLabel
          value="patient"
          control={<Radio size="small" />}
          label={t`The patient in general`}
        />
      </RadioGroup>
    </FormControl>
  );
}

export interface NotesSectionProps {
  patientId: string;
  /** The selected appointment, when there is one: new notes may be about it. */
  appointment: { appointmentId: string; label: string } | null;
  /** Every note about the patient or one of their appointments, newest first. */
  notes: readonly Note[];
  /** Labels of the patient's appointments by id ('Mar 2, 2026, 9:30 AM · Cleaning'). */
  appointmentLabels: ReadonlyMap<string, string>;
  canWrite: boolean;
  onSaved: () => Promise<unknown>;
}

/** Staff notes: who wrote each and when; add one; edit your own. */
export function NotesSection({
  patientId,
  appointment,
  notes,
  appointmentLabels,
  canWrite,
  onSaved,
}: NotesSectionProps) {
  const { t } = useLingui();
  const zone = usePracticeTimeZone();
  const { clientId } = useAdminParams();
  const [editing, setEditing] = useState<string | null>(null);
  const [about, setAbout] = useState<'appointment' | 'patient'>('appointment');
  const target: NoteTarget =
    appointment && about === 'appointment' ? { appointmentId: appointment.appointmentId } : { patientId };

  const add = useMutation({
    mutationFn: (text: string) => addNote(clientId, target, text),
    onSuccess: async () => {
      notifySaved(t`Note added`);
      await onSaved();
    },
    onError: notifySaveFailed,
  });
  const edit = useMutation({
    mutationFn: ({ noteId, text }: { noteId: string; text: string }) => editNote(clientId, noteId, text),
    onSuccess: async () => {
      notifySaved(t`Note saved`);
      setEditing(null);
      await onSaved();
    },
    onError: notifySaveFailed,
  });

  return (
    <Box>
      {notes.length === 0 ? (
        <Typography color="text.secondary">
          <Trans>No notes yet.</Trans>
        </Typography>
      ) : (
        <Box component="ul" aria-label={t`Notes`} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {notes.map((note) => {
            const appointmentLabel = note.appointmentId
              ? (appointmentLabels.get(note.appointmentId) ?? '')
              : undefined;
            const about =
              appointmentLabel === undefined
                ? t`The patient`
                : appointmentLabel === ''
                  ? t`Appointment`
                  : t`Appointment ${appointmentLabel}`;
            const createdAt = formatZonedDateTime(note.createdAt, zone);
            return (
              <Paper component="li" variant="outlined" key={note.noteId} sx={{ p: 1.5, mb: 1 }}>
                {editing === note.noteId ? (
                  <NoteEditor
                    label={t`Edit note`}
                    initial={note.text}
                    submitLabel={t`Save note`}
                    pending={edit.isPending}
                    error={edit.error}
                    autoFocus
                    onSubmit={(text) => edit.mutateAsync({ noteId: note.noteId, text })}
                    onCancel={() => {
                      setEditing(null);
                      edit.reset();
                    }}
                  />
                ) : (
                  <>
                    <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {note.text}
                    </Typography>
                    <NoteByline note={note} about={about} />
                    {canWrite && note.canEdit ? (
                      <Button
                        size="small"
                        sx={{ mt: 0.5, ml: -1 }}
                        onClick={() => {
                          edit.reset();
                          setEditing(note.noteId);
                        }}
                        aria-label={t`Edit your note of ${createdAt}`}
                      >
                        <Trans>Edit</Trans>
                      </Button>
                    ) : null}
                  </>
                )}
              </Paper>
            );
          })}
        </Box>
      )}
      {canWrite ? (
        <Box sx={{ mt: 2 }}>
          {appointment ? (
            <NoteAboutChoice appointmentLabel={appointment.label} value={about} onChange={setAbout} />
          ) : null}
          <NoteEditor
            label={t`New note`}
            initial=""
            submitLabel={t`Add note`}
            pending={add.isPending}
            error={add.error}
            onSubmit={(text) => add.mutateAsync(text)}
          />
        </Box>
      ) : null}
    </Box>
  );
}
