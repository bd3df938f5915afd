import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

/**
 * A value to hand on (an address, a client id, a secret): read-only, selected on focus, with a
 * Copy button whose result is announced beside it (copying can be refused by the browser: then
 * the value is to be selected and copied by hand).
 */
export function CopyField({
  label,
  value,
  helperText,
}: {
  label: string;
  value: string;
  helperText?: string;
}) {
  const { t } = useLingui();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        label={label}
        value={value}
        fullWidth
        helperText={
          copied === 'yes'
            ? t`Copied`
            : copied === 'failed'
              ? t`Copying is not allowed here: select the text and copy it.`
              : (helperText ?? ' ')
        }
        slotProps={{
          htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } },
          formHelperText: { role: 'status' },
        }}
        onFocus={(event) => event.target.select()}
      />
      <Button
        variant="outlined"
        aria-label={t`Copy ${label}`}
        onClick={() => void copy()}
        sx={{ mt: { sm: 1 }, flexShrink: 0 }}
      >
        <Trans>Copy</Trans>
      </Button>
    </Stack>
  );
}
