import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OpenAvailabilitySettings } from '@scheduler/contract/admin/open-availability';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { AdminPage } from '../shared/components/admin-page';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { SaveErrorAlert, notifySaved } from '../shared/components/save-feedback';
import { useAdminParams } from '../shared/use-admin-params';
import { useStaffAccess } from '../shared/use-staff-access';
import { CopyField } from './copy-field';
import {
  fetchOpenAvailability,
  openAvailabilityKeys,
  saveOpenAvailability,
  type OpenAvailabilityChange,
} from './open-availability-api';
import { OpenAvailabilitySection } from './open-availability-section';
import { PartnersSection } from './partners-section';

/**
 * openavailability (issue 20): whether the practice's open times are published beyond its own
 * booking page — a public FHIR R4 API with SMART Scheduling Links files, each time linking back
 * to the booking page with it chosen — and which scheduler's times; whether providers' calendar
 * feeds name the service; the addresses to give partners; and (owners only) the partners trusted
 * to hold and book times themselves. Reading needs config:read, changing config:write.
 */
export function OpenAvailabilityScreen() {
  const { t } = useLingui();
  const { clientId } = useAdminParams();
  const { can } = useStaffAccess();
  const settings = useQuery({
    queryKey: openAvailabilityKeys.settings(clientId),
    queryFn: ({ signal }) => fetchOpenAvailability(clientId, signal),
  });

  return (
    <AdminPage
      title={t`Open availability`}
      description={t`Let health systems, directories and patients' apps find your open times and send patients to your booking page.`}
      maxWidth={1100}
    >
      {settings.isPending ? <LoadingBlock label={t`Loading the open availability settings…`} /> : null}
      {settings.isError ? (
        <ErrorBlock
          error={settings.error}
          what={t`the open availability settings`}
          onRetry={() => void settings.refetch()}
        />
      ) : null}
      {settings.data ? (
        <>
          <PublicationSettings settings={settings.data} canWrite={can('config:write')} />
          <EndpointsSection settings={settings.data} />
        </>
      ) : null}
      {can('users:manage') ? <PartnersSection /> : null}
    </AdminPage>
  );
}

/** The settings as they will be once `change` is saved (shown at once; undone if refused). */
function applied(
  settings: OpenAvailabilitySettings,
  change: OpenAvailabilityChange,
): OpenAvailabilitySettings {
  return {
    ...settings,
    ...(change.published === undefined ? {} : { published: change.published }),
    ...(change.schedulerId ? { schedulerId: String(change.schedulerId) } : {}),
    ...(change.feedServiceNames === undefined ? {} : { feedServiceNames: change.feedServiceNames }),
  };
}

/** Each change is saved at once with the version read (a change by someone else since: 409, Reload). */
function useSaveSettings(settings: OpenAvailabilitySettings) {
  const { t } = useLingui();
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  const key = openAvailabilityKeys.settings(clientId);
  return useMutation({
    mutationFn: (change: OpenAvailabilityChange) => saveOpenAvailability(clientId, settings.version, change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<OpenAvailabilitySettings>(key);
      if (before) queryClient.setQueryData(key, applied(before, change));
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      notifySaved(t`Open availability saved`);
    },
  });
}

function SwitchField({
  label,
  help,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  help: ReactNode;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const helpId = useId();
  return (
    <div>
      <FormControlLabel
        label={label}
        control={
          <Switch
            checked={checked}
            disabled={disabled}
            onChange={(_event, value) => onChange(value)}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
      />
      <FormHelperText id={helpId} sx={{ mt: -0.5 }}>
        {help}
      </FormHelperText>
    </div>
  );
}

function PublicationSettings({
  settings,
  canWrite,
}: {
  settings: OpenAvailabilitySettings;
  canWrite: boolean;
}) {
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  const save = useSaveSettings(settings);
  const { t } = useLingui();
  const disabled = !canWrite || save.isPending;
  return (
    <OpenAvailabilitySection
      title={t`Publishing`}
      description={t`What is published: the times your booking page offers a new patient (no insurance, gender or distance filter) for the services, locations and providers bookable online. No patient information is ever published. Each time links to your booking page with that time chosen.`}
    >
      <Stack spacing={2}>
        {canWrite ? null : (
          <Alert severity="info">
            <Trans>You can see these settings; an owner or admin can change them.</Trans>
          </Alert>
        )}
        <SwitchField
          label={t`Published`}
          help={
            settings.published
              ? t`Your open times can be found at the addresses below.`
              : t`Not published: the addresses below answer "not found".`
          }
          checked={settings.published}
          disabled={disabled}
          onChange={(published) => save.mutate({ published })}
        />
        <TextField
          select
          label={t`Published scheduler`}
          value={settings.schedulerId}
          disabled={disabled || settings.schedulers.length < 2}
          helperText={t`Its services, locations, providers and booking rules are what partners see.`}
          // Disabled for good with one scheduler: its help stays readable (axe color-contrast).
          slotProps={{ formHelperText: { disabled: false } }}
          onChange={(event) => save.mutate({ schedulerId: event.target.value })}
          sx={{ maxWidth: 420 }}
        >
          {settings.schedulers.map((scheduler) => (
            <MenuItem key={scheduler.schedulerId} value={scheduler.schedulerId}>
              {scheduler.name} ({scheduler.slug})
            </MenuItem>
          ))}
        </TextField>
        <SwitchField
          label={t`Show service names in provider calendar feeds`}
          help={t`Off: events read "Booked: 30 min", so a calendar shared with family or a phone lock screen shows no health information.`}
          checked={settings.feedServiceNames}
          disabled={disabled}
          onChange={(feedServiceNames) => save.mutate({ feedServiceNames })}
        />
      </Stack>
      <SaveErrorAlert
        error={save.error}
        onReload={() => {
          save.reset();
          void queryClient.invalidateQueries({ queryKey: openAvailabilityKeys.settings(clientId) });
        }}
      />
    </OpenAvailabilitySection>
  );
}

function EndpointsSection({ settings }: { settings: OpenAvailabilitySettings }) {
  const { t } = useLingui();
  return (
    <OpenAvailabilitySection
      title={t`Addresses for partners`}
      description={t`Give these to a health system, a state or county “find care” portal or a directory. They follow FHIR R4 and SMART Scheduling Links; anyone may read them.`}
    >
      <Stack spacing={2}>
        {settings.published ? null : (
          <Alert severity="warning">
            <Trans>Publish your open times first: until then these addresses answer “not found”.</Trans>
          </Alert>
        )}
        <CopyField
          label={t`FHIR base URL`}
          value={settings.fhirBaseUrl}
          helperText={t`Location, Practitioner, PractitionerRole, HealthcareService, Schedule and Slot (read and search).`}
        />
        <CopyField
          label={t`$bulk-publish URL`}
          value={settings.bulkPublishUrl}
          helperText={t`The SMART Scheduling Links manifest: files of locations, schedules and open slots.`}
        />
        <Typography variant="body2" color="text.secondary">
          <Trans>
            Partners may add <code>source</code> and <code>booking-referral</code> to a time&apos;s booking
            link: a booking made through it keeps them as its campaign source and term (medium
            “scheduling-link”).
          </Trans>
        </Typography>
      </Stack>
    </OpenAvailabilitySection>
  );
}
