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

function rebookCount(count: number): string {
  if (count === 0) return 'No upcoming appointment needs rebooking.';
  return count === 1 ? '1 upcoming appointment to rebook.' : `${count} upcoming appointments to rebook.`;
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
  const { clientId } = useAdminParams();
  const { can } = useStaffAccess();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const retired = provider.retiredAt !== null;
  const zone = provider.locations[0]?.timeZone;
  const canReadPatients = can('patients:read');

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
      notifySaved(
        retire
          ? `${data.provider.name} retired. ${rebookCount(data.appointmentsToRebook.length)}`
          : `${data.provider.name} restored: bookable again where its hours and services allow.`,
      );
    },
  });

  return (
    <Stack spacing={2}>
      {retired ? (
        <Alert severity="info">
          Retired on {formatZonedDate(provider.retiredAt, zone)}. Kept for history (appointments and reports),
          but not bookable online, by staff or through waitlist offers.
        </Alert>
      ) : (
        <Typography>
          Retiring keeps this provider’s appointments and reports, and stops all new bookings: online, by
          staff and through waitlist offers. Upcoming appointments are listed for rebooking. You can restore
          the provider later.
        </Typography>
      )}
      {!confirming ? <SaveErrorAlert error={change.error} onReload={onReload} /> : null}
      <Box>
        {retired ? (
          <Button variant="outlined" onClick={() => change.mutate(false)} disabled={change.isPending}>
            {change.isPending ? 'Restoring…' : 'Restore provider'}
          </Button>
        ) : (
          <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
            Retire provider
          </Button>
        )}
      </Box>
      {retired && canReadPatients ? (
        <section aria-label="Appointments to rebook">
          {upcoming.isPending ? <LoadingBlock label="Loading the upcoming appointments…" /> : null}
          {upcoming.isError ? (
            <ErrorBlock
              error={upcoming.error}
              what="the upcoming appointments"
              onRetry={() => void upcoming.refetch()}
            />
          ) : null}
          {upcoming.data ? (
            <AppointmentsToRebook
              caption="Appointments to rebook"
              appointments={upcoming.data.appointments}
              emptyText="No upcoming appointment needs rebooking."
              showProvider={false}
            />
          ) : null}
        </section>
      ) : null}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Retire {provider.name}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {provider.name} will no longer be bookable online, by staff or through waitlist offers. Past and
            upcoming appointments stay; the upcoming ones are listed next so that you can rebook them.
          </DialogContentText>
          <SaveErrorAlert error={change.error} onReload={onReload} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => change.mutate(true)}
            disabled={change.isPending}
          >
            {change.isPending ? 'Retiring…' : 'Retire provider'}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
