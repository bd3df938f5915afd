import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ProviderDetail } from '@scheduler/contract/admin/providers';
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
import { ProviderCalendarFeedSection } from './provider-calendar-feed-section';
import { ProviderRetirementSection } from './provider-retirement-section';
import { TimeOffEditor } from './time-off-editor';
import { WorkingHoursEditor } from './working-hours-editor';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h6" component="h2" tabIndex={-1} sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** What a provider still lacks to be bookable, in the order to set it up (each links to its section). */
function setupSteps(provider: ProviderDetail) {
  return [
    {
      id: 'provider-locations',
      label: 'Choose the locations where this provider works',
      done: provider.locations.length > 0,
    },
    {
      id: 'provider-services',
      label: 'Choose the services this provider offers',
      done: provider.services.length > 0,
    },
    { id: 'provider-hours', label: 'Set the weekly working hours', done: provider.workingHours.length > 0 },
    {
      id: 'provider-plans',
      label: 'Choose the insurance plans accepted (optional)',
      done: provider.insurancePlans.length > 0,
      optional: true,
    },
  ];
}

/** A new (or incomplete) provider's set-up: what is done and what is next, with links to the sections. */
function SetupChecklist({ provider, isNew }: { provider: ProviderDetail; isNew: boolean }) {
  const steps = setupSteps(provider);
  const missing = steps.filter((step) => !step.done && step.optional !== true);
  if (provider.retiredAt !== null || (!isNew && missing.length === 0)) return null;
  return (
    <Alert severity={missing.length === 0 ? 'success' : 'info'} role="status">
      <AlertTitle>
        {missing.length === 0
          ? `${provider.name} is set up and can be booked.`
          : `${isNew ? `${provider.name} was added. ` : ''}To make ${provider.name} bookable:`}
      </AlertTitle>
      <ol style={{ margin: 0, paddingLeft: 20 }}>
        {steps.map((step) => (
          <li key={step.id}>
            <Link href={`#${step.id}`}>{step.label}</Link> — {step.done ? 'done' : 'to do'}
          </li>
        ))}
      </ol>
    </Alert>
  );
}

/** providercontroleditprovider?providerId=: one provider's details, hours, time off and maps. */
export function EditProviderScreen() {
  const { clientId, ruleId } = useAdminParams();
  const [searchParams] = useSearchParams();
  const providerId = searchParams.get('providerId') ?? '';
  const isNew = searchParams.get('new') === '1';
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
          <SetupChecklist provider={detail} isNew={isNew} />
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
          <Section id="provider-calendar-feed" title="Calendar feed">
            <ProviderCalendarFeedSection provider={detail} />
          </Section>
          <Section id="provider-retirement" title={detail.retiredAt === null ? 'Retire' : 'Retired'}>
            <ProviderRetirementSection provider={detail} onReload={reload} />
          </Section>
        </Stack>
      ) : null}
    </AdminPage>
  );
}
