import { useLingui } from '@lingui/react/macro';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import { useBookingSelector } from '../state/hooks';
import { useLocations } from '../api/get-catalogue';
import type { BookingScope } from '../api/scope';
import { formatAddress } from '../lib/address';
import { providerDisplayName, readProvider, readService, readTime } from '../lib/flow-state';
import { formatDayLabel } from '../lib/slot-format';
import { clockTimeText, zonedTimeLabel, type ZonedTimeLabel } from '../../../lib/zoned-time';

/** The chosen start on the location's clock, or null while the location (its zone) is not known. */
function labelOf(
  startUtc: string,
  timeZone: string | undefined,
  viewerZone: string | undefined,
): ZonedTimeLabel | null {
  if (!timeZone) return null;
  try {
    return zonedTimeLabel(startUtc, timeZone, viewerZone === undefined ? {} : { viewerZone });
  } catch {
    return null;
  }
}

/**
 * The appointment being booked: service, date and time on the location's clock with its zone
 * named ('Fri, Nov 27 at 8:00 AM CT', and '6:00 AM your time' when the patient's zone differs),
 * provider and place.
 */
export function AppointmentSummary({
  scope,
  viewerZone,
}: {
  scope: Pick<BookingScope, 'clientName' | 'scheduler'>;
  /** The patient's zone; the browser's by default (tests pass one). */
  viewerZone?: string;
}) {
  const service = readService(useBookingSelector((state) => state.servicetype.servicetype));
  const provider = readProvider(useBookingSelector((state) => state.patientdetails.selectedProvider));
  const time = readTime(useBookingSelector((state) => state.patientdetails.selectedTime));
  const locations = useLocations(scope).data ?? [];
  const { t } = useLingui();
  if (!service || !provider || !time) return null;
  const location = locations.find((candidate) => candidate.id === time.locationId);
  const when = labelOf(time.startUtc, location?.timeZone, viewerZone);
  // Only while the locations load (they are cached from the first step) is the zone unknown.
  const day = when ? when.date : formatDayLabel(time.dateLocal);
  const clock = when ? when.time : (clockTimeText(time.timeLocal) ?? time.timeLocal);
  return (
    <Box
      component="section"
      aria-label={t`Your appointment`}
      sx={{
        display: 'flex',
        gap: 2,
        alignItems: 'center',
        p: 1.5,
        mb: 2,
        border: '1px solid',
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <Avatar src={provider.photoUrl ?? undefined} alt="" sx={{ width: 48, height: 48 }} />
      <Box sx={{ minWidth: 0 }}>
        <Box component="p" sx={{ m: 0, fontWeight: 600 }}>
          {service.name}:{' '}
          {when ? (
            <>
              {t`${day} at ${clock}`}{' '}
              <Box component="abbr" title={when.zoneLong} sx={{ textDecoration: 'none' }}>
                {when.zone}
              </Box>
            </>
          ) : (
            t`${day} at ${clock}`
          )}
        </Box>
        {when?.yourTime ? (
          <Box component="p" sx={{ m: 0, color: 'text.secondary', fontSize: '0.95rem' }}>
            {when.yourTime}
          </Box>
        ) : null}
        <Box component="p" sx={{ m: 0, color: 'text.secondary', fontSize: '0.95rem' }}>
          {providerDisplayName(provider)}
          {location ? ` · ${location.name}, ${formatAddress(location)}` : ''}
        </Box>
      </Box>
    </Box>
  );
}
