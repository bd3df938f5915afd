import { useLingui } from '@lingui/react/macro';
import type { WaitlistEntry } from '@scheduler/contract/admin/waitlist';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { configKeys } from '../shared/api/config-keys';
import { fetchFilters, patientKeys } from '../shared/api/patient-management-api';
import { fetchClients, sessionKeys } from '../shared/api/session-api';
import { AdminPage } from '../shared/components/admin-page';
import { DataTable, useListQuery } from '../shared/components/data-table';
import { notifySaved } from '../shared/components/save-feedback';
import { useAdminParams } from '../shared/use-admin-params';
import { useStaffAccess } from '../shared/use-staff-access';
import { BookFromWaitlistDialog } from './book-from-waitlist-dialog';
import { RemoveEntryDialog } from './remove-entry-dialog';
import { waitlistColumns } from './waitlist-columns';
import { useWaitlistChanges } from './use-waitlist-changes';
import { fetchWaitlistEntries } from './waitlist-api';
import { OPEN_ENTRIES, WaitlistFiltersBar, type WaitlistFilters } from './waitlist-filters';
import { EntryOffersDialog, useOffersByEntry } from './waitlist-offers';
import { usePracticeTimeZone } from '../shared/use-practice-zone';

/**
 * waitlist: patients waiting for a provider or location with no online availability, by location,
 * provider and service (server-side paging), with their contact details and how long they have
 * waited; staff book a waiting patient into a freed slot, mark one contacted, or remove one
 * (after a confirmation). Each entry shows the waitlist offers it received (issue 18): a summary in
 * the table, and the list (time offered with its zone, wave, sent, outcome) in a dialog.
 */
export function WaitlistScreen() {
  const { t, i18n } = useLingui();
  const { clientId, ruleId } = useAdminParams();
  const queryClient = useQueryClient();
  const access = useStaffAccess();
  const controls = useListQuery('createdAt');
  const { query } = controls;
  const [filters, setFilters] = useState<WaitlistFilters>(OPEN_ENTRIES);
  const [booking, setBooking] = useState<WaitlistEntry | null>(null);
  const [removing, setRemoving] = useState<WaitlistEntry | null>(null);
  const [showingOffers, setShowingOffers] = useState<WaitlistEntry | null>(null);
  const [now] = useState(() => Date.now());

  const options = useQuery({
    queryKey: patientKeys.filters(clientId),
    queryFn: ({ signal }) => fetchFilters(clientId, signal),
    staleTime: 5 * 60_000,
  });
  const brands = useQuery({ queryKey: sessionKeys.clients, queryFn: ({ signal }) => fetchClients(signal) });
  const brand = brands.data?.clients.find((client) => client.clientId === clientId);
  const scheduler = brand?.schedulers.find((candidate) => candidate.schedulerId === ruleId);

  const entries = useQuery({
    queryKey: [...configKeys.waitlist(clientId), filters, query.page, query.pageSize],
    queryFn: ({ signal }) =>
      fetchWaitlistEntries(clientId, { ...filters, page: query.page + 1, pageSize: query.pageSize }, signal),
    placeholderData: keepPreviousData,
  });
  const offersByEntry = useOffersByEntry(clientId);
  const needle = query.search.toLowerCase();
  const rows = entries.data?.items.filter((entry) =>
    needle
      ? `${entry.firstName} ${entry.lastName} ${entry.phone ?? ''} ${entry.email ?? ''}`
          .toLowerCase()
          .includes(needle)
      : true,
  );
  const practiceZone = usePracticeTimeZone();
  const canChange = access.can('waitlist:write');
  const canBook = canChange && brand !== undefined && scheduler !== undefined;
  const { refreshWaitlist, remove, markContacted } = useWaitlistChanges(clientId, () => setRemoving(null));
  const setFilter = (patch: Partial<WaitlistFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    controls.setPage(0);
  };

  const columns = waitlistColumns(
    now,
    canChange
      ? {
          canBook,
          onBook: setBooking,
          markContacted,
          onRemove: (entry) => {
            remove.reset();
            setRemoving(entry);
          },
        }
      : null,
    { byEntry: offersByEntry, onShow: setShowingOffers },
    practiceZone,
    i18n,
  );

  return (
    <AdminPage
      title={t`Waitlist`}
      description={t`Patients who asked to be contacted when a time opens up. Book one into a freed slot, or remove an entry that is no longer needed.`}
    >
      <DataTable
        caption={t`Waitlist`}
        columns={columns}
        rows={rows}
        total={entries.data?.total ?? 0}
        rowKey={(entry) => entry.waitlistEntryId}
        controls={controls}
        loading={entries.isFetching}
        error={entries.error}
        onRetry={() => void entries.refetch()}
        searchLabel={t`Filter this page by name or contact`}
        emptyText={
          filters.locationId || filters.providerId || filters.appointmentTypeId
            ? t`Nobody is waiting for these choices.`
            : t`Nobody is on the waitlist.`
        }
        noMatchText={t`Nobody on this page matches your filter.`}
        toolbar={<WaitlistFiltersBar filters={filters} options={options.data} onChange={setFilter} />}
      />
      {showingOffers ? (
        <EntryOffersDialog clientId={clientId} entry={showingOffers} onClose={() => setShowingOffers(null)} />
      ) : null}
      <RemoveEntryDialog
        entry={removing}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={(entry) => remove.mutate(entry)}
        onClose={() => setRemoving(null)}
      />
      {booking && brand && scheduler ? (
        <BookFromWaitlistDialog
          clientId={clientId}
          entry={booking}
          clientSlug={brand.slug}
          schedulerSlug={scheduler.slug}
          options={options.data}
          onClose={() => setBooking(null)}
          onBooked={(summary) => {
            setBooking(null);
            notifySaved(summary);
            refreshWaitlist();
            void queryClient.invalidateQueries({ queryKey: patientKeys.all(clientId) });
          }}
        />
      ) : null}
    </AdminPage>
  );
}
