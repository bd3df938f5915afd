import { Trans } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { formatPhoneForDisplay } from '@scheduler/domain/text';
import { intlLocale } from '../../../i18n/catalogs';
import { zonedTimeLabel, type ZonedTimeLabel } from '../../../lib/zoned-time';
import { telHref } from '../lib/phone';

/** On the location's clock; a zone the browser does not know (an old kept state) reads in UTC, named so. */
function labelOf(startUtc: string, timeZone: string, viewerZone: string | undefined): ZonedTimeLabel {
  const locale = intlLocale();
  const options = viewerZone === undefined ? { locale } : { viewerZone, locale };
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
  const shownPhone = phone ? formatPhoneForDisplay(phone) : '';
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
        <Trans>Date</Trans>
      </Box>
      <Box component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
        {when.longDate}
      </Box>
      <Box component="dt" sx={{ fontWeight: 600 }}>
        <Trans>Time</Trans>
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
        <Trans>Provider</Trans>
      </Box>
      <Box component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
        {provider}
      </Box>
      <Box component="dt" sx={{ fontWeight: 600 }}>
        <Trans>Location</Trans>
      </Box>
      <Box component="dd" sx={{ m: 0 }}>
        <Box component="span" sx={{ display: 'block' }}>
          {locationName}
        </Box>
        <Box component="span" sx={{ display: 'block' }}>
          {address}
        </Box>
        <Link href={mapUrl} target="_blank" rel="noopener noreferrer" underline="always">
          <Trans>Open in Google Maps</Trans>
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
            <Trans>(opens in a new tab)</Trans>
          </Box>
        </Link>
        {phone ? (
          <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
            <Trans>
              Phone:{' '}
              <Link href={telHref(phone)} underline="always">
                {shownPhone}
              </Link>
            </Trans>
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}
