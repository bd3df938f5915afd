import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import { useBookingSelector } from '../state/hooks';
import { useLocations } from '../api/get-catalogue';
import type { BookingScope } from '../api/scope';
import { formatAddress } from '../lib/address';
import { providerDisplayName, readProvider, readService, readTime } from '../lib/flow-state';
import { formatDayLabel, formatSlotTime } from '../lib/slot-format';

/** The appointment being booked: service, time, provider and place. */
export function AppointmentSummary({ scope }: { scope: Pick<BookingScope, 'clientName' | 'scheduler'> }) {
  const service = readService(useBookingSelector((state) => state.servicetype.servicetype));
  const provider = readProvider(useBookingSelector((state) => state.patientdetails.selectedProvider));
  const time = readTime(useBookingSelector((state) => state.patientdetails.selectedTime));
  const locations = useLocations(scope).data ?? [];
  if (!service || !provider || !time) return null;
  const location = locations.find((candidate) => candidate.id === time.locationId);
  return (
    <Box
      component="section"
      aria-label="Your appointment"
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
          {service.name}: {formatDayLabel(time.dateLocal)} at {formatSlotTime(time.timeLocal)}
        </Box>
        <Box component="p" sx={{ m: 0, color: 'text.secondary', fontSize: '0.95rem' }}>
          {providerDisplayName(provider)}
          {location ? ` · ${location.name}, ${formatAddress(location)}` : ''}
        </Box>
      </Box>
    </Box>
  );
}
