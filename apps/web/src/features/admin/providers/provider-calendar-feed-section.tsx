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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type CalendarFeed,
  calendarFeedResponseSchema,
  rotateCalendarFeedResponseSchema,
} from '@scheduler/contract/admin/calendar-feeds';
import type { ProviderDetail } from '@scheduler/contract/admin/providers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { adminRequest } from '../shared/api/admin-request';
import { configKeys } from '../shared/api/config-keys';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { notifySaved, SaveErrorAlert } from '../shared/components/save-feedback';
import { useAdminParams } from '../shared/use-admin-params';
import { useStaffAccess } from '../shared/use-staff-access';

const feedPath = (providerId: string) => `admin/providers/${encodeURIComponent(providerId)}/calendar-feed`;

/** The provider's calendar feed address, null while there is none (the server audits the read). */
export function fetchCalendarFeed(clientId: string, providerId: string, signal?: AbortSignal) {
  return adminRequest({
    path: feedPath(providerId),
    params: { clientId },
    signal,
    schema: calendarFeedResponseSchema,
  });
}

/** The first address, or a new one: the old one stops working at once. */
export function rotateCalendarFeed(clientId: string, providerId: string) {
  return adminRequest({
    method: 'POST',
    path: `${feedPath(providerId)}/rotate`,
    data: { clientId },
    schema: rotateCalendarFeedResponseSchema,
  });
}

/** The address read-only, Copy (with its outcome announced), Subscribe (webcal://), and Replace. */
function FeedAddress({
  address,
  describedBy,
  onReplace,
}: {
  address: CalendarFeed;
  describedBy: string;
  onReplace: (() => void) | undefined;
}) {
  const { t } = useLingui();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address.url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <>
      <TextField
        label={t`Calendar feed address`}
        value={address.url}
        fullWidth
        slotProps={{ htmlInput: { readOnly: true, 'aria-describedby': describedBy, spellCheck: false } }}
        onFocus={(event) => event.target.select()}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={() => void copy()}>
          <Trans>Copy address</Trans>
        </Button>
        <Button variant="contained" component="a" href={address.webcalUrl}>
          <Trans>Subscribe</Trans>
        </Button>
        {onReplace ? (
          <Button color="warning" onClick={onReplace}>
            <Trans>Get a new address</Trans>
          </Button>
        ) : null}
      </Box>
      <div role="status">
        {copied === 'yes' ? (
          <Alert severity="success">
            <Trans>Address copied</Trans>
          </Alert>
        ) : null}
        {copied === 'failed' ? (
          <Alert severity="warning">
            <Trans>Copying is not allowed here: select the address and copy it.</Trans>
          </Alert>
        ) : null}
      </div>
      <Typography variant="body2" color="text.secondary">
        <Trans>
          Anyone with this address can see these appointment times. “Subscribe” opens it in this device’s
          calendar app; on Android or in Google Calendar, add the copied address as a calendar “From URL”.
        </Trans>
      </Typography>
    </>
  );
}

const feedKey = (clientId: string, providerId: string) =>
  [...configKeys.provider(clientId, providerId), 'calendar-feed'] as const;

/**
 * The provider's private calendar feed (issue 20): an address calendar applications subscribe to,
 * listing the provider's appointments (times and places, never patient details). Made on request
 * (config:write); then copy it, open it as a subscription (webcal://), or replace it when it was
 * shared too widely (the old one stops working).
 */
export function ProviderCalendarFeedSection({ provider }: { provider: ProviderDetail }) {
  const { t } = useLingui();
  const { clientId } = useAdminParams();
  const { can } = useStaffAccess();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const hintId = useId();
  const key = feedKey(clientId, provider.providerId);
  const name = provider.name;

  const feed = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchCalendarFeed(clientId, provider.providerId, signal),
  });

  const address = feed.data?.feed ?? null;
  const hadFeed = address !== null;
  const rotate = useMutation({
    mutationFn: () => rotateCalendarFeed(clientId, provider.providerId),
    onSuccess: (data) => {
      queryClient.setQueryData(key, data);
      setConfirming(false);
      notifySaved(
        hadFeed
          ? t`New calendar address ready. The old address no longer works.`
          : t`Calendar address ready.`,
      );
    },
  });
  const canWrite = can('config:write');

  return (
    <Stack spacing={2}>
      <Typography id={hintId}>
        <Trans>
          A private address that shows {name}’s appointments in the calendar app they already use (Google
          Calendar, Apple Calendar, Outlook). It lists each appointment’s time and location, from the past
          week to 60 days ahead, and no patient details. Calendar apps refresh subscribed calendars on their
          own schedule: Apple Calendar and Outlook every few hours or sooner, Google Calendar can take up to a
          day, so use the schedule here for last-minute changes.
        </Trans>
      </Typography>
      {feed.isPending ? <LoadingBlock label={t`Loading the calendar address…`} /> : null}
      {feed.isError ? (
        <ErrorBlock error={feed.error} what={t`the calendar address`} onRetry={() => void feed.refetch()} />
      ) : null}
      {feed.data && address === null ? (
        <>
          <Typography>
            <Trans>{name} has no calendar address yet.</Trans>
            {canWrite ? '' : ` ${t`Someone who may change the configuration can create one.`}`}
          </Typography>
          {!confirming ? <SaveErrorAlert error={rotate.error} /> : null}
          {canWrite ? (
            <Box>
              <Button variant="contained" onClick={() => rotate.mutate()} disabled={rotate.isPending}>
                {rotate.isPending ? t`Creating…` : t`Create calendar address`}
              </Button>
            </Box>
          ) : null}
        </>
      ) : null}
      {address ? (
        <FeedAddress
          key={address.url}
          address={address}
          describedBy={hintId}
          onReplace={
            canWrite
              ? () => {
                  rotate.reset();
                  setConfirming(true);
                }
              : undefined
          }
        />
      ) : null}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>
          <Trans>Replace {name}’s calendar address?</Trans>
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            <Trans>
              The old link stops working at once: calendars subscribed with it stop updating and must be
              subscribed again with the new address.
            </Trans>
          </DialogContentText>
          <SaveErrorAlert error={rotate.error} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            color="warning"
            variant="contained"
            onClick={() => rotate.mutate()}
            disabled={rotate.isPending}
          >
            {rotate.isPending ? t`Replacing…` : t`Replace address`}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
