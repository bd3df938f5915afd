import { useLingui } from '@lingui/react/macro';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { MessageChannel } from '@scheduler/domain/messages/kinds';
import { useId, type RefObject } from 'react';
import type { TemplateFieldErrors } from './template-model';
import type { TemplateDraft } from './templates-api';

export type TextFieldName = 'subject' | 'bodyHtml' | 'bodyText';

export interface TemplateFieldsProps {
  channel: MessageChannel;
  draft: TemplateDraft;
  errors: TemplateFieldErrors;
  readOnly: boolean;
  onChange: (patch: Partial<TemplateDraft>) => void;
  /** The inputs, so a variable can be inserted at the cursor of the last one edited. */
  inputs: RefObject<Partial<Record<TextFieldName, HTMLInputElement | HTMLTextAreaElement | null>>>;
  onFocusField: (name: TextFieldName) => void;
}

const monospace = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '0.85rem',
};

/** Subject, HTML and text of an e-mail; the text of an SMS and its service-name opt-in. */
export function TemplateFields({
  channel,
  draft,
  errors,
  readOnly,
  onChange,
  inputs,
  onFocusField,
}: TemplateFieldsProps) {
  const { t } = useLingui();
  const optInHelpId = useId();
  const field = (name: TextFieldName) => ({
    value: draft[name],
    error: errors[name] !== undefined,
    helperText: errors[name],
    onChange: (event: { target: { value: string } }) => onChange({ [name]: event.target.value }),
    onFocus: () => onFocusField(name),
    inputRef: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      inputs.current[name] = element;
    },
    slotProps: { htmlInput: { readOnly, spellCheck: false } },
    fullWidth: true,
  });
  return (
    <Stack spacing={2}>
      {channel === 'email' ? (
        <>
          <TextField label={t`Subject`} required {...field('subject')} />
          <TextField
            label={t`HTML part`}
            required
            multiline
            minRows={8}
            maxRows={20}
            {...field('bodyHtml')}
            slotProps={{ htmlInput: { readOnly, spellCheck: false, style: monospace } }}
          />
        </>
      ) : null}
      <TextField
        label={channel === 'email' ? t`Plain-text part` : t`Text message`}
        required
        multiline
        minRows={channel === 'email' ? 8 : 4}
        maxRows={20}
        {...field('bodyText')}
      />
      {channel === 'sms' ? (
        <div>
          <FormControlLabel
            control={
              <Checkbox
                checked={draft.smsServiceNameOptIn}
                disabled={readOnly}
                onChange={(event) => onChange({ smsServiceNameOptIn: event.target.checked })}
                slotProps={{ input: { 'aria-describedby': optInHelpId } }}
              />
            }
            label={t`Allow the service name in this text message`}
          />
          <FormHelperText id={optInHelpId} error={errors.smsServiceNameOptIn !== undefined} sx={{ mt: 0 }}>
            {errors.smsServiceNameOptIn ??
              t`Off by default: a text message names only the practice, date, time and place.`}
          </FormHelperText>
        </div>
      ) : null}
    </Stack>
  );
}
