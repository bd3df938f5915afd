import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router';
import { AdminPage } from '../shared/components/admin-page';

/** Where a section the role may not open lands (and the shell's landing when the role may open none). */
export function BlankScreen() {
  const location = useLocation();
  const state = (location.state ?? null) as { forbidden?: unknown } | null;
  const section = typeof state?.forbidden === 'string' ? state.forbidden : null;
  return (
    <AdminPage title="No access">
      <Typography sx={{ mb: 1 }}>
        You don&apos;t have access to this section{section ? ` (${section})` : ''}.
      </Typography>
      <Typography color="text.secondary">
        Choose one of the sections in the navigation, or ask the practice owner to change your role.
      </Typography>
    </AdminPage>
  );
}
