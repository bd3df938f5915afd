import { Trans } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

export interface StepActionsProps {
  onBack: () => void;
  /** The submit button's text. */
  next: ReactNode;
  busy?: boolean;
}

/** Back and continue, continue first on phones (where it is the thumb's button). */
export function StepActions({ onBack, next, busy = false }: StepActionsProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column-reverse', sm: 'row' },
        justifyContent: 'space-between',
        gap: 1.5,
        mt: 3,
      }}
    >
      <Button variant="outlined" color="inherit" onClick={onBack} sx={{ minHeight: 48 }}>
        <Trans>Back</Trans>
      </Button>
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={busy}
        aria-busy={busy}
        sx={{ minHeight: 48 }}
      >
        {next}
      </Button>
    </Box>
  );
}
