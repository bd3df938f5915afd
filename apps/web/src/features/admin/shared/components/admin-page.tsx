import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';

export const ADMIN_MAIN_ID = 'admin-main';

export interface AdminPageProps {
  title: string;
  /** One sentence under the title. */
  description?: ReactNode;
  /** Buttons shown beside the title. */
  actions?: ReactNode;
  children?: ReactNode;
  /** Narrow pages (forms) are centred at this width; wide pages (tables) use the whole width. */
  maxWidth?: number;
}

/**
 * The main landmark of an admin screen: a document title, an h1 that takes the focus on every
 * route change (so screen-reader and keyboard users start at the new page), and the content.
 */
export function AdminPage({ title, description, actions, children, maxWidth = 1200 }: AdminPageProps) {
  const { t } = useLingui();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const location = useLocation();

  useEffect(() => {
    headingRef.current?.focus({ preventScroll: false });
  }, [location.pathname]);

  return (
    <Box
      component="main"
      id={ADMIN_MAIN_ID}
      sx={{ width: '100%', maxWidth, mx: 'auto', px: { xs: 2, sm: 3 }, py: 3 }}
    >
      <title>{t`${title} · Scheduler admin`}</title>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
      >
        <Box>
          <Typography
            ref={headingRef}
            variant="h4"
            component="h1"
            tabIndex={-1}
            sx={{ outline: 'none', fontSize: { xs: '1.6rem', sm: '2rem' } }}
          >
            {title}
          </Typography>
          {description ? (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {description}
            </Typography>
          ) : null}
        </Box>
        {actions ? (
          <Stack direction="row" spacing={1}>
            {actions}
          </Stack>
        ) : null}
      </Stack>
      {children}
    </Box>
  );
}
