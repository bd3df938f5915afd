import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { Trans } from '@lingui/react/macro';
import { useId, type FormEvent, type ReactNode } from 'react';
import type { FieldValues, UseFormHandleSubmit, UseFormSetError } from 'react-hook-form';
import { applyServerFieldErrors, SaveErrorAlert } from './save-feedback';

export interface FormDialogProps {
  title: string;
  maxWidth: 'sm' | 'md';
  /** The submit button's label ('Saving…' while the form is submitted). */
  submitLabel: string;
  submitting: boolean;
  /** Also disables the submit button (e.g. while a part of the form is still loading). */
  submitDisabled?: boolean;
  /** The failed save, shown under the fields; `onReload` is offered after a conflict. */
  saveError: unknown;
  onReload?: (() => void) | undefined;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}

/** The add / edit dialog of a configuration screen: title, the fields, the save error, Cancel and submit. */
export function FormDialog(props: FormDialogProps) {
  const titleId = useId();
  const { submitting, onClose } = props;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth={props.maxWidth}>
      <form noValidate onSubmit={(event) => void props.onSubmit(event)}>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {props.children}
            <SaveErrorAlert error={props.saveError} onReload={props.onReload} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="contained" disabled={submitting || props.submitDisabled === true}>
            {submitting ? <Trans>Saving…</Trans> : props.submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** A form's submit handler: saves the valid values; a refused save puts the server's field errors on the fields. */
export function submitWithFieldErrors<V extends FieldValues, O>(
  handleSubmit: UseFormHandleSubmit<V, O>,
  setError: UseFormSetError<V>,
  save: (values: O) => Promise<unknown>,
) {
  return handleSubmit(async (values) => {
    try {
      await save(values);
    } catch (error) {
      applyServerFieldErrors(error, setError);
    }
  });
}
