import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useRef, useState } from 'react';

type CopyOutcome = 'copied' | 'selected' | null;

/**
 * "Confirmation number: K7M-4QXD" with a Copy button: the number the confirmation e-mail and SMS
 * carry, as text (bold, monospaced, selectable as a whole), and the copy's outcome announced in a
 * status region. Where the clipboard is refused, the number is selected for the patient to copy.
 */
export function ConfirmationNumber({ value }: { value: string }) {
  const numberRef = useRef<HTMLElement>(null);
  const [outcome, setOutcome] = useState<CopyOutcome>(null);
  const { t } = useLingui();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setOutcome('copied');
    } catch {
      const number = numberRef.current;
      if (number) window.getSelection()?.selectAllChildren(number);
      setOutcome('selected');
    }
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 1, mb: 2 }}>
      <Box component="p" sx={{ m: 0, fontSize: '1.1rem' }}>
        <Trans>
          Confirmation number:{' '}
          <Box
            component="strong"
            ref={numberRef}
            sx={{ fontFamily: 'monospace', fontSize: '1.2rem', letterSpacing: '0.08em', userSelect: 'all' }}
          >
            {value}
          </Box>
        </Trans>
      </Box>
      <Button
        variant="outlined"
        size="small"
        color="inherit"
        aria-label={t`Copy confirmation number`}
        onClick={() => void copy()}
      >
        <Trans>Copy</Trans>
      </Button>
      <Box component="span" role="status" sx={{ fontSize: '0.95rem' }}>
        {outcome === 'copied' ? t`Confirmation number copied` : null}
        {outcome === 'selected' ? t`The number is selected: copy it with your device’s copy command` : null}
      </Box>
    </Box>
  );
}
