import Box from '@mui/material/Box';

/** Centred 'Loading...' shown while a screen or the stored state loads. */
export function LoadingScreen() {
  return (
    <Box
      component="main"
      aria-busy="true"
      sx={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 3 }}
    >
      <Box role="status" aria-live="polite" sx={{ typography: 'body1', textAlign: 'center' }}>
        Loading...
      </Box>
    </Box>
  );
}
