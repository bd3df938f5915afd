import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { formatPhoneForDisplay } from '@scheduler/domain/text';
import { telHref } from '../lib/phone';

interface AppointmentDetailsProps {
  date: string;
  time: string;
  provider: string;
  locationName: string;
  address: string;
  mapUrl: string;
  phone: string | null;
}

/** The booked appointment's date, time, provider and location (with a map link and the phone). */
export function AppointmentDetails({
  date,
  time,
  provider,
  locationName,
  address,
  mapUrl,
  phone,
}: AppointmentDetailsProps) {
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
        {date}
      </Box>
      <Box component="dt" sx={{ fontWeight: 600 }}>
        Time
      </Box>
      <Box component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
        {time}
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
