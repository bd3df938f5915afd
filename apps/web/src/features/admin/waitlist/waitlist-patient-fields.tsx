import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { WaitlistEntry } from '@scheduler/contract/admin/waitlist';
import { NOTES_MAX_LENGTH } from '@scheduler/contract/booking';
import type { Ref } from 'react';
import { formatIsoDate, formatPhone } from '../shared/format';

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {value}
      </Typography>
    </>
  );
}

/** The waitlisted patient as the entry has them (the date of birth only when it has one). */
export function WaitlistPatientSummary({ entry }: { entry: WaitlistEntry }) {
  const { t } = useLingui();
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 2,
        rowGap: 0.5,
        mt: 0,
        mb: 2,
      }}
    >
      <Detail term={t`Name`} value={`${entry.firstName} ${entry.lastName}`} />
      {entry.dateOfBirth === null ? null : (
        <Detail term={t`Date of birth`} value={entry.dateOfBirth ? formatIsoDate(entry.dateOfBirth) : '—'} />
      )}
      <Detail term={t`Phone`} value={formatPhone(entry.phone)} />
      <Detail term={t`E-mail`} value={entry.email ?? '—'} />
    </Box>
  );
}

export interface DateOfBirthFieldProps {
  value: string;
  error: string | null;
  inputRef: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
}

/** Asked only when the entry has no date of birth: the patient record is matched or created by it. */
export function DateOfBirthField({ value, error, inputRef, onChange }: DateOfBirthFieldProps) {
  const { t } = useLingui();
  return (
    <TextField
      size="small"
      label={t`Date of birth`}
      type="date"
      required
      value={value}
      inputRef={inputRef}
      onChange={(event) => onChange(event.target.value)}
      error={error !== null}
      helperText={
        error ??
        t`The waitlist entry has no date of birth: it is needed to find or create the patient record.`
      }
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ mb: 2, minWidth: 220 }}
    />
  );
}

export interface ConsentAndNotesProps {
  sms: boolean;
  email: boolean;
  notes: string;
  onSms: (value: boolean) => void;
  onEmail: (value: boolean) => void;
  onNotes: (value: string) => void;
}

/** The contact permissions staff confirm with the patient, and the appointment's notes. */
export function ConsentAndNotes({ sms, email, notes, onSms, onEmail, onNotes }: ConsentAndNotesProps) {
  const { t } = useLingui();
  const tooLong = notes.trim().length > NOTES_MAX_LENGTH;
  const max = NOTES_MAX_LENGTH;
  const length = notes.length;
  return (
    <>
      <FormControlLabel
        control={<Switch checked={sms} onChange={(event) => onSms(event.target.checked)} />}
        label={t`The patient agrees to text messages about the appointment`}
      />
      <FormControlLabel
        control={<Switch checked={email} onChange={(event) => onEmail(event.target.checked)} />}
        label={t`The patient agrees to e-mails about the appointment`}
      />
      <TextField
        label={t`Notes for the appointment`}
        multiline
        minRows={2}
        fullWidth
        value={notes}
        onChange={(event) => onNotes(event.target.value)}
        error={tooLong}
        helperText={
          tooLong ? t`Keep the notes to ${max} characters or fewer` : t`${length}/${max} characters`
        }
        sx={{ mt: 2 }}
      />
    </>
  );
}
