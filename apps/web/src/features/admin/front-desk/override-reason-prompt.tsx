import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { i18n } from '../../../i18n/catalogs';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { OVERRIDE_REASON_MAX_LENGTH } from '@scheduler/contract/admin/front-desk';
import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { useForm, type Control, type FieldValues, type Path } from 'react-hook-form';
import * as z from 'zod';
import { errorMessageOf } from '../shared/api/admin-request';
import { FormTextField } from '../shared/components/form-fields';

/** The reason staff give for overriding a rule that protects patients (required, trimmed). */
export const overrideReasonSchema = z.object({
  overrideReason: z
    .string()
    .trim()
    .min(1, { error: () => i18n._(msg`Give the reason for booking this time anyway`) })
    .max(OVERRIDE_REASON_MAX_LENGTH, {
      error: () => i18n._(msg`Keep the reason to ${OVERRIDE_REASON_MAX_LENGTH} characters or fewer`),
    }),
});

/** The contract's explanation when the server gives none (the same English, translated here). */
export const OVERRIDE_REASON_REQUIRED = msg`This time is sooner than the practice's minimum notice for booking. Give a reason to book it anyway.`;

/** The override reason's input (the reason dialog's, the reschedule dialog's and the review step's). */
export function OverrideReasonField<T extends FieldValues & { overrideReason: string }, TOut>({
  control,
  label,
  autoFocus = false,
}: {
  control: Control<T, unknown, TOut>;
  label?: string;
  autoFocus?: boolean;
}) {
  const { t } = useLingui();
  return (
    <FormTextField
      control={control}
      name={'overrideReason' as Path<T>}
      label={label ?? t`Reason for booking this time`}
      required
      multiline
      minRows={2}
      maxLength={OVERRIDE_REASON_MAX_LENGTH}
      fullWidth
      autoFocus={autoFocus}
    />
  );
}

/** Thrown by `useMoveAppointment` when the user closes the reason dialog: nothing was moved. */
export class OverrideDeclinedError extends Error {
  override readonly name = 'OverrideDeclinedError';
  constructor() {
    super('The appointment was not moved.');
  }
}

function OverrideReasonDialog({
  message,
  onSubmit,
  onClose,
}: {
  message: string;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(overrideReasonSchema),
    defaultValues: { overrideReason: '' },
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(event) => void handleSubmit((values) => onSubmit(values.overrideReason))(event)}
      >
        <DialogTitle id={titleId}>
          <Trans>Give a reason to book this time</Trans>
        </DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {message}
          </Alert>
          <OverrideReasonField control={control} label={t`Reason`} autoFocus />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>
            <Trans>Don’t move</Trans>
          </Button>
          <Button type="submit" variant="contained">
            <Trans>Move anyway</Trans>
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * Asks for an override reason in a dialog: `ask(error)` resolves with the reason, or rejects with
 * `OverrideDeclinedError` when the dialog is closed; `prompt` is the dialog to render.
 */
export function useOverrideReasonPrompt(): { ask: (error: unknown) => Promise<string>; prompt: ReactNode } {
  const [message, setMessage] = useState<string | null>(null);
  const pending = useRef<{ resolve: (reason: string) => void; reject: (error: Error) => void } | null>(null);
  const ask = useCallback(
    (error: unknown) =>
      new Promise<string>((resolve, reject) => {
        pending.current = { resolve, reject };
        setMessage(errorMessageOf(error, i18n._(OVERRIDE_REASON_REQUIRED)));
      }),
    [],
  );
  const settle = (reason: string | null) => {
    const waiting = pending.current;
    pending.current = null;
    setMessage(null);
    if (reason === null) waiting?.reject(new OverrideDeclinedError());
    else waiting?.resolve(reason);
  };
  const prompt =
    message === null ? null : (
      <OverrideReasonDialog
        message={message}
        onSubmit={(reason) => settle(reason)}
        onClose={() => settle(null)}
      />
    );
  return { ask, prompt };
}
