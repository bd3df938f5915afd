import Typography from '@mui/material/Typography';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from 'react-router';
import { AdminPage } from '../shared/components/admin-page';

/** Where a section the role may not open lands (and the shell's landing when the role may open none). */
export function BlankScreen() {
  const { t } = useLingui();
  const location = useLocation();
  const state = (location.state ?? null) as { forbidden?: unknown } | null;
  const section = typeof state?.forbidden === 'string' ? state.forbidden : null;
  return (
    <AdminPage title={t`No access`}>
      <Typography sx={{ mb: 1 }}>
        {section ? (
          <Trans>You don&apos;t have access to this section ({section}).</Trans>
        ) : (
          <Trans>You don&apos;t have access to this section.</Trans>
        )}
      </Typography>
      <Typography color="text.secondary">
        <Trans>
          Choose one of the sections in the navigation, or ask the practice owner to change your role.
        </Trans>
      </Typography>
    </AdminPage>
  );
}
