import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** One section of the Open availability screen: a titled card with an optional description. */
export function OpenAvailabilitySection({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** A button beside the title (e.g. "Add partner"). */
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Box>
      {description ? (
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
          {description}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );
}
