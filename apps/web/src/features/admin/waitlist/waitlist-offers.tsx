import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { WaitlistEntry } from '@scheduler/contract/admin/waitlist';
import type { WaitlistOfferOutcome, WaitlistOfferRow } from '@scheduler/contract/waitlist-offers';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { zonedTimeLabel } from '../../../lib/zoned-time';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { fetchWaitlistOffers, waitlistOfferKeys } from './waitlist-offers-api';
import { i18n as activeI18n } from '../../../i18n/catalogs';

/** What staff read for an offer's outcome ('sent' is an offer still open to claim). */
export const OUTCOME_LABELS: Record<WaitlistOfferOutcome, MessageDescriptor> = {
  sent: msg`Open`,
  claimed: msg`Claimed`,
  gone: msg`Gone (claimed by another patient)`,
  expired: msg`Expired`,
};

/** The same, short (the table's summary). */
const OUTCOME_SHORT_LABELS: Record<WaitlistOfferOutcome, MessageDescriptor> = {
  sent: msg`Open`,
  claimed: msg`Claimed`,
  gone: msg`Gone`,
  expired: msg`Expired`,
};

/** 'Fri, Nov 27, 8:00 AM' and the zone ('ET', with its long name for a tooltip and screen readers). */
function ZonedTime({ instant, timeZone }: { instant: string; timeZone: string }) {
  let label;
  try {
    label = zonedTimeLabel(instant, timeZone);
  } catch {
    label = zonedTimeLabel(instant, 'UTC');
  }
  return (
    <time dateTime={instant}>
      {label.date}, {label.time} <abbr title={label.zoneLong}>{label.zone}</abbr>
    </time>
  );
}

/** One entry's offers as a summary for the waitlist table: '2 offers, last Claimed'. */
export function offersSummary(offers: readonly WaitlistOfferRow[], i18n: I18n = activeI18n): string {
  if (offers.length === 0) return i18n._(msg`None`);
  const last = [...offers].sort((a, b) => b.startUtc.localeCompare(a.startUtc) || b.wave - a.wave)[0];
  const total = offers.length;
  if (last === undefined) return i18n._(msg`${plural(total, { one: '# offer', other: '# offers' })}`);
  const outcome = i18n._(OUTCOME_SHORT_LABELS[last.outcome]);
  return i18n._(msg`${plural(total, { one: '# offer', other: '# offers' })}, last ${outcome}`);
}

/** The offers of an entry: time offered (with zone), wave, sent, outcome. Scrolls inside its container. */
export function OffersTable({ offers, caption }: { offers: readonly WaitlistOfferRow[]; caption: string }) {
  const { t, i18n } = useLingui();
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={t`${caption} (scrollable)`}
      sx={{ overflowX: 'auto' }}
    >
      <Table size="small">
        <caption>{caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">
              <Trans>Time offered</Trans>
            </TableCell>
            <TableCell scope="col">
              <Trans>With</Trans>
            </TableCell>
            <TableCell scope="col" align="right">
              <Trans>Wave</Trans>
            </TableCell>
            <TableCell scope="col">
              <Trans>Sent</Trans>
            </TableCell>
            <TableCell scope="col">
              <Trans>Outcome</Trans>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {offers.map((offer) => (
            <TableRow key={offer.offerId}>
              <TableCell component="th" scope="row">
                <ZonedTime instant={offer.startUtc} timeZone={offer.timeZone} />
                {offer.isMove ? (
                  <Typography variant="body2" color="text.secondary">
                    <Trans>Moves a later appointment</Trans>
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>
                {offer.providerName}
                <Typography variant="body2" color="text.secondary">
                  {offer.serviceName}, {offer.locationName}
                </Typography>
              </TableCell>
              <TableCell align="right">{offer.wave}</TableCell>
              <TableCell>
                {offer.sentAt === null ? (
                  t`Not sent yet`
                ) : (
                  <>
                    <ZonedTime instant={offer.sentAt} timeZone={offer.timeZone} />
                    <Typography variant="body2" color="text.secondary">
                      {offer.channel === 'email' ? t`by e-mail` : t`by text message`}
                    </Typography>
                  </>
                )}
              </TableCell>
              <TableCell>
                {i18n._(OUTCOME_LABELS[offer.outcome])}
                {offer.outcomeAt !== null && offer.outcome !== 'sent' ? (
                  <Typography variant="body2" color="text.secondary">
                    <ZonedTime instant={offer.outcomeAt} timeZone={offer.timeZone} />
                  </Typography>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The dialog "Offers to <name>": every offer the entry received, newest time first. */
export function EntryOffersDialog({
  clientId,
  entry,
  onClose,
}: {
  clientId: string;
  entry: WaitlistEntry;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const name = `${entry.firstName} ${entry.lastName}`;
  const offers = useQuery({
    queryKey: waitlistOfferKeys.list(clientId, entry.waitlistEntryId),
    queryFn: ({ signal }) => fetchWaitlistOffers(clientId, entry.waitlistEntryId, signal),
  });
  const items = offers.data?.items ?? [];
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>
        <Trans>Offers to {name}</Trans>
      </DialogTitle>
      <DialogContent>
        {offers.isPending ? <LoadingBlock label={t`Loading the offers…`} /> : null}
        {offers.isError ? (
          <ErrorBlock error={offers.error} what={t`the offers`} onRetry={() => void offers.refetch()} />
        ) : null}
        {offers.data && items.length === 0 ? (
          <Typography>
            <Trans>No time has been offered to {name} yet.</Trans>
          </Typography>
        ) : null}
        {items.length > 0 ? <OffersTable offers={items} caption={t`Waitlist offers to ${name}`} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The brand's newest offers (up to 500) by waitlist entry id; undefined while loading or on a failure. */
export function useOffersByEntry(clientId: string): ReadonlyMap<string, WaitlistOfferRow[]> | undefined {
  const offers = useQuery({
    queryKey: waitlistOfferKeys.list(clientId, null),
    queryFn: ({ signal }) => fetchWaitlistOffers(clientId, null, signal),
  });
  return useMemo(() => {
    if (!offers.data) return undefined;
    const map = new Map<string, WaitlistOfferRow[]>();
    for (const offer of offers.data.items) {
      const list = map.get(offer.waitlistEntryId) ?? [];
      list.push(offer);
      map.set(offer.waitlistEntryId, list);
    }
    return map;
  }, [offers.data]);
}
