import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { WAITLIST_STATUSES, type WaitlistEntry } from '@scheduler/contract/admin-config';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { notify } from '../../../lib/notify';
import { errorMessageOf } from '../api/admin-request';
import { configKeys } from '../api/config-api';
import { fetchClients, sessionKeys } from '../api/session-api';
import { AdminPage } from '../components/admin-page';
import { DataTable, useListQuery, type Column } from '../components/data-table';
import { notifySaved } from '../components/save-feedback';
import { elapsedSince, formatIsoDate } from '../patients/format';
import { fetchFilters, patientKeys } from '../patients/patient-management-api';
import { useStaffAccess } from '../patients/use-staff-access';
import { useAdminParams } from '../use-admin-params';
import { BookFromWaitlistDialog } from './book-from-waitlist-dialog';
import { fetchWaitlistEntries, removeWaitlistEntry, updateWaitlistEntry } from './waitlist-api';

const STATUS_OPTIONS = [
  { value: 'open', label: 'Waiting or contacted' },
  ...WAITLIST_STATUSES.map((status) => ({
    value: status,
    label: status[0]?.toUpperCase() + status.slice(1),
  })),
  { value: 'all', label: 'All' },
];

const fieldSx = { minWidth: 170, flex: '1 1 170px' } as const;

interface WaitlistFilters {
  status: string;
  locationId: string;
  providerId: string;
  appointmentTypeId: string;
}

/**
 * waitlist: patients waiting for a provider or location with no online availability, by location,
 * provider and service (server-side paging), with their contact details and how long they have
 * waited; staff book a waiting patient into a freed slot, mark one contacted, or remove one
 * (after a confirmation).
 */
export function WaitlistScreen() {
  const { clientId, ruleId } = useAdminParams();
  const queryClient = useQueryClient();
  const access = useStaffAccess();
  const controls = useListQuery('createdAt');
  const { query } = controls;
  const [filters, setFilters] = useState<WaitlistFilters>({
    status: 'open',
    locationId: '',
    providerId: '',
    appointmentTypeId: '',
  });
  const [booking, setBooking] = useState<WaitlistEntry | null>(null);
  const [removing, setRemoving] = useState<WaitlistEntry | null>(null);
  const removeTitleId = useId();
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
  const needle = query.search.toLowerCase();
  const rows = entries.data?.items.filter((entry) =>
    needle
      ? `${entry.firstName} ${entry.lastName} ${entry.phone ?? ''} ${entry.email ?? ''}`
          .toLowerCase()
          .includes(needle)
      : true,
  );
  const canChange = access.can('waitlist:write');
  const canBook = canChange && brand !== undefined && scheduler !== undefined;
  const refreshWaitlist = () => {
    void queryClient.invalidateQueries({ queryKey: configKeys.waitlist(clientId) });
  };
  const remove = useMutation({
    mutationFn: (entry: WaitlistEntry) => removeWaitlistEntry(clientId, entry.waitlistEntryId),
    onSuccess: (_answer, entry) => {
      setRemoving(null);
      notifySaved(`Removed ${entry.firstName} ${entry.lastName} from the waitlist`);
      refreshWaitlist();
    },
  });
  const markContacted = useMutation({
    mutationFn: (entry: WaitlistEntry) =>
      updateWaitlistEntry(clientId, { waitlistEntryId: entry.waitlistEntryId, status: 'contacted' }),
    onSuccess: (_answer, entry) => {
      notifySaved(`Marked ${entry.firstName} ${entry.lastName} as contacted`);
      refreshWaitlist();
    },
    onError: (error) => {
      void notify(errorMessageOf(error, 'The entry could not be changed. Please try again.'), 'error');
    },
  });
  const setFilter = (patch: Partial<WaitlistFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    controls.setPage(0);
  };

  const columns: Column<WaitlistEntry>[] = [
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
      render: (entry) =>
        entry.phone || entry.email ? (
          <>
            {entry.phone ? <Box>{entry.phone}</Box> : null}
            {entry.email ? <Box sx={{ wordBreak: 'break-all' }}>{entry.email}</Box> : null}
          </>
        ) : (
          '—'
        ),
    },
    { key: 'location', label: 'Location', render: (entry) => entry.location?.name ?? 'Any' },
    { key: 'provider', label: 'Provider', render: (entry) => entry.provider?.name ?? 'Any' },
    { key: 'service', label: 'Service', render: (entry) => entry.service?.name ?? '—' },
    {
      key: 'preferred',
      label: 'Preferred times',
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
        <time dateTime={entry.createdAt} title={new Date(entry.createdAt).toLocaleString('en-US')}>
          {elapsedSince(entry.createdAt, now)}
        </time>
      ),
    },
    ...(canChange
      ? [
          {
            key: 'actions',
            label: 'Actions',
            render: (entry: WaitlistEntry) => {
              const name = `${entry.firstName} ${entry.lastName}`;
              const open = entry.status === 'waiting' || entry.status === 'contacted';
              return (
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {open && canBook ? (
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() => setBooking(entry)}
                      aria-label={`Book ${name}`}
                    >
                      Book
                    </Button>
                  ) : null}
                  {entry.status === 'waiting' ? (
                    <Button
                      size="small"
                      onClick={() => markContacted.mutate(entry)}
                      disabled={markContacted.isPending}
                      aria-label={`Mark contacted: ${name}`}
                    >
                      Mark contacted
                    </Button>
                  ) : null}
                  {entry.status !== 'removed' ? (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => {
                        remove.reset();
                        setRemoving(entry);
                      }}
                      aria-label={`Remove ${name}`}
                    >
                      Remove
                    </Button>
                  ) : null}
                </Stack>
              );
            },
          },
        ]
      : []),
  ];

  return (
    <AdminPage
      title="Waitlist"
      description="Patients who asked to be contacted when a time opens up. Book one into a freed slot, or remove an entry that is no longer needed."
    >
      <DataTable
        caption="Waitlist"
        columns={columns}
        rows={rows}
        total={entries.data?.total ?? 0}
        rowKey={(entry) => entry.waitlistEntryId}
        controls={controls}
        loading={entries.isFetching}
        error={entries.error}
        onRetry={() => void entries.refetch()}
        searchLabel="Filter this page by name or contact"
        emptyText={
          filters.locationId || filters.providerId || filters.appointmentTypeId
            ? 'Nobody is waiting for these choices.'
            : 'Nobody is on the waitlist.'
        }
        noMatchText="Nobody on this page matches your filter."
        toolbar={
          <Box
            role="group"
            aria-label="Filters"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, width: '100%' }}
          >
            <TextField
              select
              size="small"
              label="Location"
              value={filters.locationId}
              disabled={!options.data}
              onChange={(event) => setFilter({ locationId: event.target.value })}
              sx={fieldSx}
            >
              <MenuItem value="">Any location</MenuItem>
              {options.data?.locations.map((location) => (
                <MenuItem key={location.locationId} value={location.locationId}>
                  {location.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Provider"
              value={filters.providerId}
              disabled={!options.data}
              onChange={(event) => setFilter({ providerId: event.target.value })}
              sx={fieldSx}
            >
              <MenuItem value="">Any provider</MenuItem>
              {options.data?.providers.map((provider) => (
                <MenuItem key={provider.providerId} value={provider.providerId}>
                  {provider.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Service"
              value={filters.appointmentTypeId}
              disabled={!options.data}
              onChange={(event) => setFilter({ appointmentTypeId: event.target.value })}
              sx={fieldSx}
            >
              <MenuItem value="">Any service</MenuItem>
              {options.data?.services.map((service) => (
                <MenuItem key={service.appointmentTypeId} value={service.appointmentTypeId}>
                  {service.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Status"
              value={filters.status}
              onChange={(event) => setFilter({ status: event.target.value })}
              sx={fieldSx}
            >
              {STATUS_OPTIONS.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
          </Box>
        }
      />
      <Dialog
        open={removing !== null}
        onClose={() => (remove.isPending ? undefined : setRemoving(null))}
        aria-labelledby={removeTitleId}
      >
        <DialogTitle id={removeTitleId}>
          Remove {removing?.firstName} {removing?.lastName} from the waitlist?
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {removing?.firstName} {removing?.lastName} will no longer be listed as waiting
            {removing?.service ? ` for ${removing.service.name}` : ''}
            {removing?.location ? ` at ${removing.location.name}` : ''}. The entry is kept with the status
            removed.
          </DialogContentText>
          {remove.error ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessageOf(remove.error, 'The entry could not be removed. Please try again.')}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() => {
              if (removing) remove.mutate(removing);
            }}
          >
            {remove.isPending ? 'Removing…' : 'Remove'}
          </Button>
        </DialogActions>
      </Dialog>
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
