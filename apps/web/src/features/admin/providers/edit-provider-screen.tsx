import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { useSearchParams } from 'react-router';
import { Link as RouterLink } from '../../../components/app-link';
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
function setupSteps(provider: ProviderDetail, i18n: I18n) {
  return [
    {
      id: 'provider-locations',
      label: i18n._(msg`Choose the locations where this provider works`),
      done: provider.locations.length > 0,
    },
    {
      id: 'provider-services',
      label: i18n._(msg`Choose the services this provider offers`),
      done: provider.services.length > 0,
    },
    {
      id: 'provider-hours',
      label: i18n._(msg`Set the weekly working hours`),
      done: provider.workingHours.length > 0,
    },
    {
      id: 'provider-plans',
      label: i18n._(msg`Choose the insurance plans accepted (optional)`),
      done: provider.insurancePlans.length > 0,
      optional: true,
    },
  ];
}

/** A new (or incomplete) provider's set-up: what is done and what is next, with links to the sections. */
function SetupChecklist({ provider, isNew }: { provider: ProviderDetail; isNew: boolean }) {
  const { t, i18n } = useLingui();
  const steps = setupSteps(provider, i18n);
  const name = provider.name;
  const missing = steps.filter((step) => !step.done && step.optional !== true);
  if (provider.retiredAt !== null || (!isNew && missing.length === 0)) return null;
  return (
    <Alert severity={missing.length === 0 ? 'success' : 'info'} role="status">
      <AlertTitle>
        {missing.length === 0
          ? t`${name} is set up and can be booked.`
          : isNew
            ? t`${name} was added. To make ${name} bookable:`
            : t`To make ${name} bookable:`}
      </AlertTitle>
      <ol style={{ margin: 0, paddingLeft: 20 }}>
        {steps.map((step) => (
          <li key={step.id}>
            <Link href={`#${step.id}`}>{step.label}</Link> — {step.done ? t`done` : t`to do`}
          </li>
        ))}
      </ol>
    </Alert>
  );
}

/** providercontroleditprovider?providerId=: one provider's details, hours, time off and maps. */
export function EditProviderScreen() {
  const { t } = useLingui();
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
      <Trans>Back to providers</Trans>
    </Button>
  );
  const reload = () => void provider.refetch();

  if (providerId === '') {
    return (
      <AdminPage title={t`Edit provider`} actions={back}>
        <Typography>
          <Trans>Choose a provider from the list of providers.</Trans>
        </Typography>
      </AdminPage>
    );
  }
  const detail = provider.data?.provider;
  const detailName = detail?.name ?? '';
  return (
    <AdminPage title={detail ? t`Edit ${detailName}` : t`Edit provider`} actions={back} maxWidth={1000}>
      {provider.isPending ? <LoadingBlock label={t`Loading the provider…`} /> : null}
      {provider.isError ? (
        <ErrorBlock error={provider.error} what={t`the provider`} onRetry={reload} />
      ) : null}
      {detail ? (
        <Stack spacing={3}>
          <SetupChecklist provider={detail} isNew={isNew} />
          <Section id="provider-details" title={t`Details`}>
            <ProviderProfileForm provider={detail} onReload={reload} />
          </Section>
          <Section id="provider-hours" title={t`Weekly working hours`}>
            <WorkingHoursEditor provider={detail} onReload={reload} />
          </Section>
          <Section id="provider-time-off" title={t`Time off`}>
            <TimeOffEditor provider={detail} onReload={reload} />
          </Section>
          <Section id="provider-locations" title={t`Locations`}>
            <ProviderLocationsEditor provider={detail} />
          </Section>
          <Section id="provider-services" title={t`Services`}>
            <ProviderServicesEditor provider={detail} />
          </Section>
          <Section id="provider-plans" title={t`Insurance plans`}>
            <ProviderPlansEditor provider={detail} />
          </Section>
          <Section id="provider-calendar-feed" title={t`Calendar feed`}>
            <ProviderCalendarFeedSection provider={detail} />
          </Section>
          <Section id="provider-retirement" title={detail.retiredAt === null ? t`Retire` : t`Retired`}>
            <ProviderRetirementSection provider={detail} onReload={reload} />
          </Section>
        </Stack>
      ) : null}
    </AdminPage>
  );
}
