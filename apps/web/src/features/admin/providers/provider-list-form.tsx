import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { FormEvent, ReactNode } from 'react';
import { SaveErrorAlert } from '../shared/components/save-feedback';

export interface ProviderListFormProps {
  /** The form's accessible name. */
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  saveError: unknown;
  onReload: () => void;
  submitting: boolean;
  dirty: boolean;
  /** The save button's label ('Saving…' while the form is submitted). */
  submitLabel: string;
  onDiscard: () => void;
  children: ReactNode;
}

/**
 * A list of the provider's saved as a whole (working hours, time off): its rows, the save error
 * (Reload after a conflict), then Save and Discard changes.
 */
export function ProviderListForm(props: ProviderListFormProps) {
  const { t } = useLingui();
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void props.onSubmit(event)}
      aria-label={props.label}
    >
      {props.children}
      <SaveErrorAlert error={props.saveError} onReload={props.onReload} />
      <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={props.submitting}>
          {props.submitting ? t`Saving…` : props.submitLabel}
        </Button>
        <Button type="button" onClick={props.onDiscard} disabled={!props.dirty}>
          <Trans>Discard changes</Trans>
        </Button>
      </Stack>
    </Box>
  );
}
