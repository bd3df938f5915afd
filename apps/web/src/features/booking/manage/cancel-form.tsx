import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import {
  CANCEL_NOTE_MAX_LENGTH,
  CANCEL_REASONS,
  type CancelReason,
  type CancelAppointmentRequestInput,
} from '@scheduler/contract/manage';
import { useId, useRef, useState, type FormEvent } from 'react';

/** The contract's reasons (CANCEL_REASONS), by value, in the patient's language. */
const REASON_LABELS: Record<CancelReason, MessageDescriptor> = {
  'schedule-conflict': msg`I have a schedule conflict`,
  'feeling-better': msg`I am feeling better`,
  'booked-elsewhere': msg`I booked somewhere else`,
  transport: msg`I cannot get there`,
  cost: msg`Cost or insurance`,
  other: msg`Other reason`,
};

export interface CancelFormProps {
  /** '… until N hours before', said above the form. */
  cutoffHours: number;
  submitting: boolean;
  onSubmit: (body: CancelAppointmentRequestInput) => void;
  onBack: () => void;
}

/**
 * The explicit cancellation: a reason from the short list (required), an optional note, and a
 * confirm button. Nothing is sent before "Confirm cancellation".
 */
export function CancelForm({ cutoffHours, submitting, onSubmit, onBack }: CancelFormProps) {
  const [reason, setReason] = useState<CancelReason | ''>('');
  const [note, setNote] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonsRef = useRef<HTMLFieldSetElement>(null);
  const headingId = useId();
  const reasonErrorId = useId();
  const { t, i18n } = useLingui();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason === '') {
      setReasonError(t`Choose a reason`);
      reasonsRef.current?.querySelector('input')?.focus();
      return;
    }
    const trimmed = note.trim();
    onSubmit(trimmed ? { reason, note: trimmed } : { reason });
  };

  const length = note.length;
  const max = CANCEL_NOTE_MAX_LENGTH;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} style={{ fontSize: '1.25rem', margin: '24px 0 8px' }}>
        <Trans>Cancel this appointment</Trans>
      </h2>
      <p style={{ marginTop: 0 }}>
        <Plural
          value={cutoffHours}
          one="You can cancel online until # hour before the appointment. The time is then offered to other patients."
          other="You can cancel online until # hours before the appointment. The time is then offered to other patients."
        />
      </p>
      <form noValidate onSubmit={submit}>
        <FormControl
          ref={reasonsRef}
          component="fieldset"
          error={reasonError !== null}
          required
          sx={{ mb: 2 }}
        >
          <FormLabel component="legend">
            <Trans>Why are you cancelling?</Trans>
          </FormLabel>
          <RadioGroup
            name="cancel-reason"
            value={reason}
            onChange={(event) => {
              setReason(event.target.value as CancelReason);
              setReasonError(null);
            }}
          >
            {CANCEL_REASONS.map((option) => (
              <FormControlLabel
                key={option.value}
                value={option.value}
                label={i18n._(REASON_LABELS[option.value])}
                control={
                  <Radio
                    slotProps={{
                      input: reasonError ? { 'aria-describedby': reasonErrorId } : {},
                    }}
                  />
                }
              />
            ))}
          </RadioGroup>
          {reasonError ? <FormHelperText id={reasonErrorId}>{reasonError}</FormHelperText> : null}
        </FormControl>
        <TextField
          label={t`Anything you would like to tell us (optional)`}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          slotProps={{ htmlInput: { maxLength: CANCEL_NOTE_MAX_LENGTH } }}
          helperText={t`${length} of ${max} characters. Please do not include medical details.`}
          sx={{ mb: 2 }}
        />
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
          <Button type="submit" variant="contained" color="error" disabled={submitting}>
            {submitting ? t`Cancelling…` : t`Confirm cancellation`}
          </Button>
          <Button type="button" variant="outlined" color="inherit" onClick={onBack} disabled={submitting}>
            <Trans>Keep my appointment</Trans>
          </Button>
        </div>
      </form>
    </section>
  );
}
