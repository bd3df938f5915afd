import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * Why the next steps of the workflow are not offered now ("Arrived can only be set on the
 * appointment's day, …"): a short list under a status control; nothing when there is none.
 */
export function StatusHints({ hints }: { hints: readonly string[] }) {
  if (hints.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5, color: 'text.secondary' }}>
      {hints.map((hint) => (
        <Typography key={hint} component="li" variant="body2">
          {hint}
        </Typography>
      ))}
    </Box>
  );
}
