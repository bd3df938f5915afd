import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Trans, useLingui } from '@lingui/react/macro';
import { permissionsOf } from '@scheduler/domain/roles';
import { Link as RouterLink } from '../../../components/app-link';
import { sectionPath } from '../shared/admin-paths';
import { firstOpenSection } from '../shared/admin-sections';
import { AdminPage } from '../shared/components/admin-page';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { roleLabel } from '../shared/status-labels';
import { useClientBrands, useSignOut, useUnauthenticatedRedirect } from '../shared/use-admin-session';

/** `/`: the practices (client brands) of the signed-in user and their schedulers. */
export function AdminHomeScreen() {
  const { t } = useLingui();
  useUnauthenticatedRedirect();
  const brands = useClientBrands();
  const { signOut, signingOut } = useSignOut();

  return (
    <AdminPage
      title={t`Admin home`}
      maxWidth={900}
      description={t`Choose a practice and scheduler to manage.`}
      actions={
        <Button variant="outlined" onClick={() => void signOut()} disabled={signingOut}>
          <Trans>Sign out</Trans>
        </Button>
      }
    >
      {brands.isPending ? <LoadingBlock label={t`Loading your practices…`} /> : null}
      {brands.isError ? (
        <ErrorBlock error={brands.error} what={t`your practices`} onRetry={() => void brands.refetch()} />
      ) : null}
      {brands.data && brands.data.clients.length === 0 ? (
        <Typography>
          <Trans>You don&apos;t belong to any practice yet. Ask a practice owner to add you.</Trans>
        </Typography>
      ) : null}
      <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {brands.data?.clients.map((brand) => {
          const segment = firstOpenSection(permissionsOf(brand.role));
          const role = roleLabel(brand.role);
          const brandName = brand.name;
          return (
            <Box component="li" key={brand.clientId}>
              <Card variant="outlined">
                <CardContent>
                  <Typography variant="h5" component="h2">
                    {brand.name}
                  </Typography>
                  <Typography color="text.secondary" sx={{ mb: 1 }}>
                    <Trans>Your role: {role}</Trans>
                  </Typography>
                  {brand.schedulers.length === 0 ? (
                    <Typography>
                      <Trans>This practice has no scheduler yet.</Trans>
                    </Typography>
                  ) : (
                    <Box component="ul" sx={{ m: 0, pl: 3 }} aria-label={t`Schedulers of ${brandName}`}>
                      {brand.schedulers.map((scheduler) => (
                        <li key={scheduler.schedulerId}>
                          <Link
                            component={RouterLink}
                            to={sectionPath(brand.clientId, scheduler.schedulerId, segment)}
                          >
                            {scheduler.name}
                          </Link>
                        </li>
                      ))}
                    </Box>
                  )}
                </CardContent>
              </Card>
            </Box>
          );
        })}
      </Stack>
    </AdminPage>
  );
}
