import Button from '@mui/material/Button';
import Switch from '@mui/material/Switch';
import type { LocationAdmin } from '@scheduler/contract/admin/locations';
import type { Column } from '../shared/components/data-table';
import { YesNo } from '../shared/components/yes-no';

export interface LocationColumnsOptions {
  /** Locations whose online switch is being saved, with the value being saved. */
  savingOnline: ReadonlyMap<string, boolean>;
  setOnline: (location: LocationAdmin, online: boolean) => void;
  /** The providers working at each location. */
  providersAt: ReadonlyMap<string, string[]>;
  onEdit: (location: LocationAdmin) => void;
}

/** The locations table: name, address, ZIP code, time zone, phone, switches, providers, Edit. */
export function locationColumns({
  savingOnline,
  setOnline,
  providersAt,
  onEdit,
}: LocationColumnsOptions): Column<LocationAdmin>[] {
  return [
    { key: 'name', label: 'Location', sortField: 'name', render: (location) => location.name },
    {
      key: 'address',
      label: 'Address',
      wrapMinWidth: 220,
      render: (location) =>
        [location.addressLine1, location.addressLine2, `${location.city}, ${location.state}`]
          .filter(Boolean)
          .join(', '),
    },
    {
      key: 'postalCode',
      label: 'ZIP code',
      sortField: 'postalCode',
      render: (location) => location.postalCode,
    },
    { key: 'timeZone', label: 'Time zone', render: (location) => location.timeZone },
    { key: 'phone', label: 'Phone', render: (location) => location.phone || '—' },
    {
      key: 'online',
      label: 'Online booking',
      render: (location) => (
        <Switch
          checked={savingOnline.get(location.locationId) ?? location.onlineEnabled}
          disabled={savingOnline.has(location.locationId)}
          onChange={(_event, online) => setOnline(location, online)}
          slotProps={{ input: { 'aria-label': `Online booking at ${location.name}` } }}
        />
      ),
    },
    { key: 'waitlist', label: 'Waitlist', render: (location) => <YesNo value={location.waitlistEnabled} /> },
    {
      key: 'providers',
      label: 'Providers',
      align: 'right',
      render: (location) => providersAt.get(location.locationId)?.length ?? 0,
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (location) => (
        <Button size="small" onClick={() => onEdit(location)} aria-label={`Edit ${location.name}`}>
          Edit
        </Button>
      ),
    },
  ];
}
