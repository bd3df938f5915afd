import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The centred card of the pages seen before signing in (sign-in, accepting an invitation, the
 * forgotten-password pair): a main landmark, the document title, an h1 that takes the focus, and
 * — on pages opened from an e-mailed link — `referrer: no-referrer`, so nothing of the page's URL
 * is passed on by a link followed from it.
 */
export function PublicPage({
  title,
  heading = title,
  intro,
  noReferrer = false,
  focusHeading = true,
  children,
}: {
  title: string;
  heading?: string;
  intro?: ReactNode;
  noReferrer?: boolean;
  /** false: the page focuses a field itself (the sign-in form). */
  focusHeading?: boolean;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [heading, focusHeading]);
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <title>{t`${title} · Scheduler admin`}</title>
      {noReferrer ? <meta name="referrer" content="no-referrer" /> : null}
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 460, p: { xs: 3, sm: 4 } }}>
        <Typography
          ref={headingRef}
          tabIndex={-1}
          variant="h4"
          component="h1"
          gutterBottom
          sx={{ outline: 'none' }}
        >
          {heading}
        </Typography>
        {intro ? (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {intro}
          </Typography>
        ) : null}
        {children}
      </Paper>
    </Box>
  );
}
