import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ScreenLoadError } from './lazy-screen';

export type ErrorArea = 'root' | 'booking' | 'admin';

const TEXT: Record<ErrorArea, { title: string; body: string }> = {
  root: {
    title: 'Something went wrong',
    body: 'This page could not be shown. Please reload the page to try again.',
  },
  booking: {
    title: 'We could not show this booking page',
    body: 'Please reload the page to try again. If the problem continues, please call our office to schedule your appointment.',
  },
  admin: {
    title: 'This admin screen could not be shown',
    body: 'Please reload the page to try again. If the problem continues, contact your administrator.',
  },
};

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return 'unknown error';
}

/** Error fallback of the root, booking and admin shells. Shows no internal detail to the user. */
export function RouteErrorScreen({ area }: { area: ErrorArea }) {
  const error = useRouteError();
  useEffect(() => {
    console.error(`[route] ${area} error: ${describe(error)}`);
  }, [area, error]);

  const slow = error instanceof ScreenLoadError;
  const text = TEXT[area];
  return (
    <Box component="main" sx={{ maxWidth: 720, mx: 'auto', px: 3, py: 6 }}>
      <title>{text.title}</title>
      <Typography variant="h4" component="h1" gutterBottom>
        {text.title}
      </Typography>
      <Typography sx={{ mb: 3 }}>
        {slow
          ? 'The page took too long to load. Please check your connection and reload the page.'
          : text.body}
      </Typography>
      {/* A plain button styled from the theme: the error screen stays in the first chunk and small. */}
      <Box
        component="button"
        type="button"
        onClick={() => window.location.reload()}
        sx={{
          font: 'inherit',
          fontWeight: 500,
          px: 2.5,
          py: 1,
          border: 0,
          borderRadius: 1,
          cursor: 'pointer',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          '&:hover': { bgcolor: 'primary.dark' },
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.light', outlineOffset: 2 },
        }}
      >
        Reload page
      </Box>
    </Box>
  );
}
