import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WaitlistEntry } from '@scheduler/contract/admin/waitlist';
import type { WaitlistOfferRow } from '@scheduler/contract/waitlist-offers';
import type { UseMutationResult } from '@tanstack/react-query';
import type { Column } from '../shared/components/data-table';
import { elapsedSince, formatIsoDate, formatPhone } from '../shared/format';
import { formatZonedDateTime } from '../../../lib/zoned-time';
import { offersSummary } from './waitlist-offers';

export interface WaitlistActions {
  /** Book is offered (the brand and scheduler of the page are known, and staff may change entries). */
  canBook: boolean;
  onBook: (entry: WaitlistEntry) => void;
  markContacted: Pick<UseMutationResult<unknown, Error, WaitlistEntry>, 'mutate' | 'isPending'>;
  onRemove: (entry: WaitlistEntry) => void;
}

/** An entry's actions: book (while it is open), mark contacted (while waiting), remove. */
function EntryActions({ entry, actions }: { entry: WaitlistEntry; actions: WaitlistActions }) {
  const name = `${entry.firstName} ${entry.lastName}`;
  const open = entry.status === 'waiting' || entry.status === 'contacted';
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {open && actions.canBook ? (
        <Button
          size="small"
          variant="outlined"
          onClick={() => actions.onBook(entry)}
          aria-label={`Book ${name}`}
        >
          Book
        </Button>
      ) : null}
      {entry.status === 'waiting' ? (
        <Button
          size="small"
          onClick={() => actions.markContacted.mutate(entry)}
          disabled={actions.markContacted.isPending}
          aria-label={`Mark contacted: ${name}`}
        >
          Mark contacted
        </Button>
      ) : null}
      {entry.status !== 'removed' ? (
        <Button
          size="small"
          color="error"
          onClick={() => actions.onRemove(entry)}
          aria-label={`Remove ${name}`}
        >
          Remove
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

function offersColumn(offers: WaitlistOffersColumn): Column<WaitlistEntry> {
  return {
    key: 'offers',
    label: 'Offers',
    wrapMinWidth: 100,
    render: (entry) => {
      const name = `${entry.firstName} ${entry.lastName}`;
      const list = offers.byEntry?.get(entry.waitlistEntryId) ?? [];
      return (
        <>
          {offers.byEntry === undefined ? null : <Box>{offersSummary(list)}</Box>}
          <Button size="small" onClick={() => offers.onShow(entry)} aria-label={`Offers to ${name}`}>
            Show
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
): Column<WaitlistEntry>[] {
  return [
    {
      key: 'name',
      label: 'Patient',
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
              Born {formatIsoDate(entry.dateOfBirth)}
            </Typography>
          ) : null}
        </>
      ),
    },
    {
      key: 'contact',
      label: 'Contact',
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
      label: 'Service, provider, location',
      wrapMinWidth: 120,
      render: (entry) => (
        <>
          <Box>{entry.service?.name ?? '—'}</Box>
          <Typography variant="body2" color="text.secondary">
            {entry.provider?.name ?? 'Any provider'} · {entry.location?.name ?? 'Any location'}
          </Typography>
        </>
      ),
    },
    {
      key: 'preferred',
      label: 'Preferred times',
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
    { key: 'status', label: 'Status', render: (entry) => entry.status },
    {
      key: 'createdAt',
      label: 'Waiting',
      render: (entry) => (
        <time
          dateTime={entry.createdAt}
          title={`Added ${formatZonedDateTime(entry.createdAt, practiceZone)}`}
        >
          {elapsedSince(entry.createdAt, now)}
        </time>
      ),
    },
    ...(offers ? [offersColumn(offers)] : []),
    ...(actions
      ? [
          {
            key: 'actions',
            label: 'Actions',
            wrapMinWidth: 120,
            render: (entry: WaitlistEntry) => <EntryActions entry={entry} actions={actions} />,
          },
        ]
      : []),
  ];
}
