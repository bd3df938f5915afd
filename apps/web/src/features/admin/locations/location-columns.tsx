import { t } from '@lingui/core/macro';
import Button from '@mui/material/Button';
import Switch from '@mui/material/Switch';
import type { LocationAdmin } from '@scheduler/contract/admin/locations';
import Typography from '@mui/material/Typography';
import type { Column } from '../shared/components/data-table';
import { formatPhone } from '../shared/format';
import { zoneLabel, zoneLongName } from '../../../lib/zoned-time';
import { YesNo } from '../shared/components/yes-no';

export interface LocationColumnsOptions {
  /** Locations whose online switch is being saved, with the value being saved. */
  savingOnline: ReadonlyMap<string, boolean>;
  setOnline: (location: LocationAdmin, online: boolean) => void;
  /** The providers working at each location. */
  providersAt: ReadonlyMap<string, string[]>;
  onEdit: (location: LocationAdmin) => void;
}

/** 'Central Time (CT)' for the location's zone; the IANA name under it for whoever set it up. */
function zoneText(timeZone: string): string {
  const now = Date.now();
  const long = zoneLongName(timeZone, now);
  const short = zoneLabel(timeZone, now);
  return long === timeZone ? short : t`${long} (${short})`;
}

/**
 * The locations table: the location (name, address and ZIP code under it), time zone, phone,
 * switches, providers, Edit. The address shares the first column so that Edit is in view from
 * 1280 px (issue 19: it was scrolled out of the card).
 */
export function locationColumns({
  savingOnline,
  setOnline,
  providersAt,
  onEdit,
}: LocationColumnsOptions): Column<LocationAdmin>[] {
  return [
    {
      key: 'name',
      label: t`Location and address`,
      sortField: 'name',
      wrapMinWidth: 220,
      render: (location) => (
        <>
          <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 500 }}>
            {location.name}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {[location.addressLine1, location.addressLine2, `${location.city}, ${location.state}`]
              .filter(Boolean)
              .join(', ')}{' '}
            {location.postalCode}
          </Typography>
        </>
      ),
    },
    {
      key: 'timeZone',
      label: t`Time zone`,
      wrapMinWidth: 120,
      render: (location) => (
        <>
          <Typography component="span" variant="body2" sx={{ display: 'block' }}>
            {zoneText(location.timeZone)}
          </Typography>
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {location.timeZone}
          </Typography>
        </>
      ),
    },
    {
      key: 'phone',
      label: t`Phone`,
      render: (location) => (location.phone ? formatPhone(location.phone) : '—'),
    },
    {
      key: 'online',
      label: t`Online booking`,
      render: (location) => (
        <Switch
          checked={savingOnline.get(location.locationId) ?? location.onlineEnabled}
          disabled={savingOnline.has(location.locationId)}
          onChange={(_event, online) => setOnline(location, online)}
          slotProps={{ input: { 'aria-label': t`Online booking at ${location.name}` } }}
        />
      ),
    },
    { key: 'waitlist', label: t`Waitlist`, render: (location) => <YesNo value={location.waitlistEnabled} /> },
    {
      key: 'providers',
      label: t`Providers`,
      align: 'right',
      render: (location) => providersAt.get(location.locationId)?.length ?? 0,
    },
    {
      key: 'actions',
      label: t`Actions`,
      render: (location) => (
        <Button size="small" onClick={() => onEdit(location)} aria-label={t`Edit ${location.name}`}>
          {t`Edit`}
        </Button>
      ),
    },
  ];
}
