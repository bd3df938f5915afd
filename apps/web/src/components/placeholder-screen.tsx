import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export const PLACEHOLDER_TEXT = msg`This screen is being built.`;

/** Stand-in for a screen that is not built yet. It says so, and claims nothing works. */
export function PlaceholderScreen({ title }: { title: string }) {
  const { i18n } = useLingui();
  return (
    <Box component="main" sx={{ maxWidth: 720, mx: 'auto', px: 3, py: 6 }}>
      <title>{title}</title>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography>{i18n._(PLACEHOLDER_TEXT)}</Typography>
    </Box>
  );
}
