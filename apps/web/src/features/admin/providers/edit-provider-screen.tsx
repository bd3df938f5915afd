import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { sectionPath } from '../shared/admin-paths';
import { configKeys } from '../shared/api/config-keys';
import { fetchProvider } from './providers-api';
import { AdminPage } from '../shared/components/admin-page';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { useAdminParams } from '../shared/use-admin-params';
import { ProviderLocationsEditor, ProviderPlansEditor, ProviderServicesEditor } from './provider-mappings';
import { ProviderProfileForm } from './provider-profile-form';
import { TimeOffEditor } from './time-off-editor';
import { WorkingHoursEditor } from './working-hours-editor';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** providercontroleditprovider?providerId=: one provider's details, hours, time off and maps. */
export function EditProviderScreen() {
  const { clientId, ruleId } = useAdminParams();
  const [searchParams] = useSearchParams();
  const providerId = searchParams.get('providerId') ?? '';
  const provider = useQuery({
    queryKey: configKeys.provider(clientId, providerId),
    queryFn: ({ signal }) => fetchProvider(clientId, providerId, signal),
    enabled: providerId !== '',
  });
  const back = (
    <Button component={RouterLink} to={sectionPath(clientId, ruleId, 'providercontrol')}>
      Back to providers
    </Button>
  );
  const reload = () => void provider.refetch();

  if (providerId === '') {
    return (
      <AdminPage title="Edit provider" actions={back}>
        <Typography>Choose a provider from the list of providers.</Typography>
      </AdminPage>
    );
  }
  const detail = provider.data?.provider;
  return (
    <AdminPage title={detail ? `Edit ${detail.name}` : 'Edit provider'} actions={back} maxWidth={1000}>
      {provider.isPending ? <LoadingBlock label="Loading the provider…" /> : null}
      {provider.isError ? <ErrorBlock error={provider.error} what="the provider" onRetry={reload} /> : null}
      {detail ? (
        <Stack spacing={3}>
          <Section id="provider-details" title="Details">
            <ProviderProfileForm provider={detail} onReload={reload} />
          </Section>
          <Section id="provider-hours" title="Weekly working hours">
            <WorkingHoursEditor provider={detail} onReload={reload} />
          </Section>
          <Section id="provider-time-off" title="Time off">
            <TimeOffEditor provider={detail} onReload={reload} />
          </Section>
          <Section id="provider-locations" title="Locations">
            <ProviderLocationsEditor provider={detail} />
          </Section>
          <Section id="provider-services" title="Services">
            <ProviderServicesEditor provider={detail} />
          </Section>
          <Section id="provider-plans" title="Insurance plans">
            <ProviderPlansEditor provider={detail} />
          </Section>
        </Stack>
      ) : null}
    </AdminPage>
  );
}
