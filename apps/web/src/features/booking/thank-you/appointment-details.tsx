import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { formatPhoneForDisplay } from '@scheduler/domain/text';
import { zonedTimeLabel, type ZonedTimeLabel } from '../../../lib/zoned-time';
import { telHref } from '../lib/phone';

/** On the location's clock; a zone the browser does not know (an old kept state) reads in UTC, named so. */
function labelOf(startUtc: string, timeZone: string, viewerZone: string | undefined): ZonedTimeLabel {
  const options = viewerZone === undefined ? {} : { viewerZone };
  try {
    return zonedTimeLabel(startUtc, timeZone, options);
  } catch {
    return zonedTimeLabel(startUtc, 'UTC', options);
  }
}

interface AppointmentDetailsProps {
  /** The appointment's start (ISO instant). */
  startUtc: string;
  /** The location's IANA zone: the date and time are shown on its clock, with its zone named. */
  timeZone: string;
  /** The patient's zone (the browser's by default); their own time is added when it differs. */
  viewerZone?: string;
  provider: string;
  locationName: string;
  address: string;
  mapUrl: string;
  phone: string | null;
}

/**
 * The booked appointment's date, time (on the location's clock, zone named: '8:00 AM CT', and the
 * patient's own time when their zone differs), provider and location (with a map link and the phone).
 */
export function AppointmentDetails({
  startUtc,
  timeZone,
  viewerZone,
  provider,
  locationName,
  address,
  mapUrl,
  phone,
}: AppointmentDetailsProps) {
  const when = labelOf(startUtc, timeZone, viewerZone);
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '120px 1fr' },
        gap: { xs: 0.25, sm: 1 },
      }}
    >
      <Box component="dt" sx={{ fontWeight: 600 }}>
        Date
      </Box>
      <Box component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
        {when.longDate}
      </Box>
      <Box component="dt" sx={{ fontWeight: 600 }}>
        Time
      </Box>
      <Box component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
        {when.time}{' '}
        <Box component="abbr" title={when.zoneLong} sx={{ textDecoration: 'none' }}>
          {when.zone}
        </Box>
        {when.yourTime ? (
          <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
            {when.yourTime}
          </Box>
        ) : null}
      </Box>
      <Box component="dt" sx={{ fontWeight: 600 }}>
        Provider
      </Box>
      <Box component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
        {provider}
      </Box>
      <Box component="dt" sx={{ fontWeight: 600 }}>
        Location
      </Box>
      <Box component="dd" sx={{ m: 0 }}>
        <Box component="span" sx={{ display: 'block' }}>
          {locationName}
        </Box>
        <Box component="span" sx={{ display: 'block' }}>
          {address}
        </Box>
        <Link href={mapUrl} target="_blank" rel="noopener noreferrer" underline="always">
          Open in Google Maps
          <Box
            component="span"
            sx={{
              position: 'absolute',
              width: '1px',
              height: '1px',
              overflow: 'hidden',
              clip: 'rect(0 0 0 0)',
            }}
          >
            {' '}
            (opens in a new tab)
          </Box>
        </Link>
        {phone ? (
          <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
            Phone:{' '}
            <Link href={telHref(phone)} underline="always">
              {formatPhoneForDisplay(phone)}
            </Link>
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}
