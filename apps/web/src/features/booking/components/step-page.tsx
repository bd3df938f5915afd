import Box from '@mui/material/Box';
import { useEffect, useRef, type ReactNode } from 'react';

export interface StepPageProps {
  /** The step's heading (h1), also the document title. */
  heading: string;
  intro?: ReactNode;
  children: ReactNode;
}

/**
 * The main landmark of a booking step: a heading that takes the focus when the step opens (so a
 * screen reader announces where the patient is), then the step's content.
 */
export function StepPage({ heading, intro, children }: StepPageProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: false });
  }, []);
  return (
    <Box
      component="main"
      id="main-content"
      sx={{ width: '100%', maxWidth: 1100, mx: 'auto', px: { xs: 2, sm: 3 }, pb: 6 }}
    >
      <title>{`${heading} – Book an appointment`}</title>
      {/* Typography's h4 and body1 styles on plain elements (Typography stays out of the landing's script). */}
      <Box
        ref={headingRef}
        tabIndex={-1}
        component="h1"
        sx={{
          typography: 'h4',
          m: 0,
          fontSize: { xs: '1.6rem', sm: '2rem' },
          mt: 2,
          mb: 1,
          '&:focus': { outline: 'none' },
        }}
      >
        {heading}
      </Box>
      {intro ? (
        <Box component="div" sx={{ typography: 'body1', m: 0, mb: 2, color: 'text.secondary' }}>
          {intro}
        </Box>
      ) : null}
      {children}
    </Box>
  );
}
