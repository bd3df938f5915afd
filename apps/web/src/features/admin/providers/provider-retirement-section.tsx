import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProviderDetail } from '@scheduler/contract/admin/providers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatZonedDate } from '../../../lib/zoned-time';
import { configKeys } from '../shared/api/config-keys';
import { AppointmentsToRebook } from '../shared/components/appointments-to-rebook';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { notifySaved, SaveErrorAlert } from '../shared/components/save-feedback';
import { useAdminParams } from '../shared/use-admin-params';
import { useStaffAccess } from '../shared/use-staff-access';
import { fetchProviderUpcomingAppointments, setProviderRetired } from './providers-api';

const upcomingKey = (clientId: string, providerId: string) =>
  [...configKeys.provider(clientId, providerId), 'upcoming-appointments'] as const;

function rebookCount(count: number, i18n: I18n): string {
  if (count === 0) return i18n._(msg`No upcoming appointment needs rebooking.`);
  return i18n._(
    msg`${plural(count, { one: '# upcoming appointment to rebook.', other: '# upcoming appointments to rebook.' })}`,
  );
}

/** What retiring means, or since when the provider is retired (`retiredOn`, null while active). */
function RetirementText({ retiredOn }: { retiredOn: string | null }) {
  if (retiredOn === null) {
    return (
      <Typography>
        <Trans>
          Retiring keeps this provider’s appointments and reports, and stops all new bookings: online, by
          staff and through waitlist offers. Upcoming appointments are listed for rebooking. You can restore
          the provider later.
        </Trans>
      </Typography>
    );
  }
  return (
    <Alert severity="info">
      <Trans>
        Retired on {retiredOn}. Kept for history (appointments and reports), but not bookable online, by staff
        or through waitlist offers.
      </Trans>
    </Alert>
  );
}

/**
 * Retire a provider (kept for history, never bookable again: online, by staff or by waitlist
 * offers) or restore a retired one. A retired provider's upcoming appointments are listed with
 * links to the patients, for rebooking with another provider.
 */
export function ProviderRetirementSection({
  provider,
  onReload,
}: {
  provider: ProviderDetail;
  onReload: () => void;
}) {
  const { t, i18n } = useLingui();
  const { clientId } = useAdminParams();
  const { can } = useStaffAccess();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const retired = provider.retiredAt !== null;
  const zone = provider.locations[0]?.timeZone;
  const canReadPatients = can('patients:read');
  const name = provider.name;

  const upcoming = useQuery({
    queryKey: upcomingKey(clientId, provider.providerId),
    queryFn: ({ signal }) => fetchProviderUpcomingAppointments(clientId, provider.providerId, signal),
    enabled: retired && canReadPatients,
  });

  const change = useMutation({
    mutationFn: (retire: boolean) =>
      setProviderRetired(clientId, provider.providerId, retire, provider.version),
    onSuccess: (data, retire) => {
      queryClient.setQueryData(configKeys.provider(clientId, provider.providerId), {
        provider: data.provider,
      });
      queryClient.setQueryData(upcomingKey(clientId, provider.providerId), {
        appointments: data.appointmentsToRebook,
      });
      void queryClient.invalidateQueries({ queryKey: configKeys.providers(clientId) });
      setConfirming(false);
      const savedName = data.provider.name;
      const toRebook = rebookCount(data.appointmentsToRebook.length, i18n);
      notifySaved(
        retire
          ? t`${savedName} retired. ${toRebook}`
          : t`${savedName} restored: bookable again where its hours and services allow.`,
      );
    },
  });

  return (
    <Stack spacing={2}>
      <RetirementText retiredOn={retired ? formatZonedDate(provider.retiredAt, zone) : null} />
      {!confirming ? <SaveErrorAlert error={change.error} onReload={onReload} /> : null}
      <Box>
        {retired ? (
          <Button variant="outlined" onClick={() => change.mutate(false)} disabled={change.isPending}>
            {change.isPending ? t`Restoring…` : t`Restore provider`}
          </Button>
        ) : (
          <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
            <Trans>Retire provider</Trans>
          </Button>
        )}
      </Box>
      {retired && canReadPatients ? (
        <section aria-label={t`Appointments to rebook`}>
          {upcoming.isPending ? <LoadingBlock label={t`Loading the upcoming appointments…`} /> : null}
          {upcoming.isError ? (
            <ErrorBlock
              error={upcoming.error}
              what={t`the upcoming appointments`}
              onRetry={() => void upcoming.refetch()}
            />
          ) : null}
          {upcoming.data ? (
            <AppointmentsToRebook
              caption={t`Appointments to rebook`}
              appointments={upcoming.data.appointments}
              emptyText={t`No upcoming appointment needs rebooking.`}
              showProvider={false}
            />
          ) : null}
        </section>
      ) : null}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>
          <Trans>Retire {name}?</Trans>
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            <Trans>
              {name} will no longer be bookable online, by staff or through waitlist offers. Past and upcoming
              appointments stay; the upcoming ones are listed next so that you can rebook them.
            </Trans>
          </DialogContentText>
          <SaveErrorAlert error={change.error} onReload={onReload} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => change.mutate(true)}
            disabled={change.isPending}
          >
            {change.isPending ? t`Retiring…` : t`Retire provider`}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
