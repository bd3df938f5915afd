import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function NotFoundScreen() {
  return (
    <Box component="main" sx={{ maxWidth: 720, mx: 'auto', px: 3, py: 6 }}>
      <title>Page not found</title>
      <Typography variant="h4" component="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography>
        There is no page at this address. Check the link you were given, or call our office to schedule your
        appointment.
      </Typography>
    </Box>
  );
}
