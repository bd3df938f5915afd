import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WAITLIST_STATUSES, WaitlistEntry } from '@scheduler/contract/admin/waitlist';
import type { WaitlistOfferRow } from '@scheduler/contract/waitlist-offers';
import type { UseMutationResult } from '@tanstack/react-query';
import type { Column } from '../shared/components/data-table';
import { elapsedSince, formatIsoDate, formatPhone } from '../shared/format';
import { formatZonedDateTime } from '../../../lib/zoned-time';
import { offersSummary } from './waitlist-offers';
import { i18n as activeI18n } from '../../../i18n/catalogs';

/** An entry's status as the table shows it (lower case, as the server names it). */
const STATUS_TEXT: Readonly<Record<(typeof WAITLIST_STATUSES)[number], MessageDescriptor>> = {
  waiting: msg`waiting`,
  contacted: msg`contacted`,
  booked: msg`booked`,
  removed: msg`removed`,
};

function waitlistStatusText(status: string, i18n: I18n): string {
  const known = (STATUS_TEXT as Partial<Record<string, MessageDescriptor>>)[status];
  return known ? i18n._(known) : status;
}

const addedTitle = (when: string, i18n: I18n): string => i18n._(msg`Added ${when}`);
const bornText = (date: string, i18n: I18n): string => i18n._(msg`Born ${date}`);

export interface WaitlistActions {
  /** Book is offered (the brand and scheduler of the page are known, and staff may change entries). */
  canBook: boolean;
  onBook: (entry: WaitlistEntry) => void;
  markContacted: Pick<UseMutationResult<unknown, Error, WaitlistEntry>, 'mutate' | 'isPending'>;
  onRemove: (entry: WaitlistEntry) => void;
}

/** An entry's actions: book (while it is open), mark contacted (while waiting), remove. */
function EntryActions({ entry, actions }: { entry: WaitlistEntry; actions: WaitlistActions }) {
  const { t } = useLingui();
  const name = `${entry.firstName} ${entry.lastName}`;
  const open = entry.status === 'waiting' || entry.status === 'contacted';
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {open && actions.canBook ? (
        <Button
          size="small"
          variant="outlined"
          onClick={() => actions.onBook(entry)}
          aria-label={t`Book ${name}`}
        >
          <Trans>Book</Trans>
        </Button>
      ) : null}
      {entry.status === 'waiting' ? (
        <Button
          size="small"
          onClick={() => actions.markContacted.mutate(entry)}
          disabled={actions.markContacted.isPending}
          aria-label={t`Mark contacted: ${name}`}
        >
          <Trans>Mark contacted</Trans>
        </Button>
      ) : null}
      {entry.status !== 'removed' ? (
        <Button
          size="small"
          color="error"
          onClick={() => actions.onRemove(entry)}
          aria-label={t`Remove ${name}`}
        >
          <Trans>Remove</Trans>
        </Button>
      ) : null}
    </Stack>
  );
}

/** The waitlist offers of the page's entries (issue 18): a summary per entry and a button for the list. */
export interface WaitlistOffersColumn {
  /** The brand's newest offers by entry id; undefined while loading or when they could not be read. */
  byEntry: ReadonlyMap<string, WaitlistOfferRow[]> | undefined;
  onShow: (entry: WaitlistEntry) => void;
}

function offersColumn(offers: WaitlistOffersColumn, i18n: I18n): Column<WaitlistEntry> {
  return {
    key: 'offers',
    label: i18n._(msg`Offers`),
    wrapMinWidth: 100,
    render: (entry) => {
      const name = `${entry.firstName} ${entry.lastName}`;
      const list = offers.byEntry?.get(entry.waitlistEntryId) ?? [];
      return (
        <>
          {offers.byEntry === undefined ? null : <Box>{offersSummary(list, i18n)}</Box>}
          <Button
            size="small"
            onClick={() => offers.onShow(entry)}
            aria-label={i18n._(msg`Offers to ${name}`)}
          >
            <Trans>Show</Trans>
          </Button>
        </>
      );
    },
  };
}

/**
 * The waitlist table's columns; `actions` is null when staff may only read the waitlist.
 * `now`: when the screen opened (how long each patient has waited). `offers`: the offers column.
 * `practiceZone`: the zone of "added" times (a waitlist entry may want any location). What the
 * patient wants (location, provider, service) shares a column, and long text wraps, so that the
 * table fits from 1280 px (issue 19).
 */
export function waitlistColumns(
  now: number,
  actions: WaitlistActions | null,
  offers?: WaitlistOffersColumn,
  practiceZone?: string,
  i18n: I18n = activeI18n,
): Column<WaitlistEntry>[] {
  return [
    {
      key: 'name',
      label: i18n._(msg`Patient`),
      render: (entry) => (
        <>
          {entry.firstName} {entry.lastName}
          {entry.age === null ? null : (
            <Typography component="span" variant="body2" color="text.secondary">
              {' '}
              ({entry.age})
            </Typography>
          )}
          {entry.dateOfBirth ? (
            <Typography variant="body2" color="text.secondary">
              {bornText(formatIsoDate(entry.dateOfBirth), i18n)}
            </Typography>
          ) : null}
        </>
      ),
    },
    {
      key: 'contact',
      label: i18n._(msg`Contact`),
      wrapMinWidth: 120,
      render: (entry) =>
        entry.phone || entry.email ? (
          <>
            {entry.phone ? <Box sx={{ whiteSpace: 'nowrap' }}>{formatPhone(entry.phone)}</Box> : null}
            {entry.email ? <Box sx={{ overflowWrap: 'anywhere' }}>{entry.email}</Box> : null}
          </>
        ) : (
          '—'
        ),
    },
    {
      key: 'wants',
      label: i18n._(msg`Service, provider, location`),
      wrapMinWidth: 120,
      render: (entry) => (
        <>
          <Box>{entry.service?.name ?? '—'}</Box>
          <Typography variant="body2" color="text.secondary">
            {entry.provider?.name ?? i18n._(msg`Any provider`)} ·{' '}
            {entry.location?.name ?? i18n._(msg`Any location`)}
          </Typography>
        </>
      ),
    },
    {
      key: 'preferred',
      label: i18n._(msg`Preferred times`),
      wrapMinWidth: 120,
      render: (entry) => (
        <>
          {entry.preferredTimes ?? '—'}
          {entry.notes ? (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {entry.notes}
            </Typography>
          ) : null}
        </>
      ),
    },
    { key: 'status', label: i18n._(msg`Status`), render: (entry) => waitlistStatusText(entry.status, i18n) },
    {
      key: 'createdAt',
      label: i18n._(msg`Waiting`),
      render: (entry) => (
        <time
          dateTime={entry.createdAt}
          title={addedTitle(formatZonedDateTime(entry.createdAt, practiceZone), i18n)}
        >
          {elapsedSince(entry.createdAt, now)}
        </time>
      ),
    },
    ...(offers ? [offersColumn(offers, i18n)] : []),
    ...(actions
      ? [
          {
            key: 'actions',
            label: i18n._(msg`Actions`),
            wrapMinWidth: 120,
            render: (entry: WaitlistEntry) => <EntryActions entry={entry} actions={actions} />,
          },
        ]
      : []),
  ];
}
