import Typography from '@mui/material/Typography';
import { Trans, useLingui } from '@lingui/react/macro';
import { Navigate, Outlet } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import type { segmentOfPath } from '../shared/admin-sections';
import { canOpenSection, firstOpenSection, sectionOf } from '../shared/admin-sections';
import { AdminPage } from '../shared/components/admin-page';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import type { useClientSession } from '../shared/use-admin-session';

type Session = ReturnType<typeof useClientSession>;

/**
 * The shell's main area: loading, no access to the practice, a failure, the first section the role
 * may open, `blank` for a section it may not, else the section's screen.
 */
export function ShellContent({
  session,
  segment,
  permissions,
}: {
  session: Session;
  segment: ReturnType<typeof segmentOfPath>;
  permissions: readonly string[];
}) {
  const { t, i18n } = useLingui();
  if (session.isPending) {
    return (
      <AdminPage title={t`Loading`}>
        <LoadingBlock />
      </AdminPage>
    );
  }
  if (session.isError) {
    const forbidden =
      isApiError(session.error) && (session.error.status === 403 || session.error.status === 404);
    return (
      <AdminPage title={forbidden ? t`No access to this practice` : t`Something went wrong`}>
        {forbidden ? (
          <Typography>
            <Trans>
              You don&apos;t have access to this practice. Choose one of your practices from the list.
            </Trans>
          </Typography>
        ) : (
          <ErrorBlock error={session.error} onRetry={() => void session.refetch()} />
        )}
      </AdminPage>
    );
  }
  if (segment === undefined) {
    return <Navigate to={firstOpenSection(permissions)} replace />;
  }
  if (!canOpenSection(permissions, segment)) {
    const section = sectionOf(segment);
    return <Navigate to="blank" replace state={{ forbidden: section ? i18n._(section.label) : segment }} />;
  }
  return <Outlet />;
}
