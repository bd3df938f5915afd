import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { formatPhoneForDisplay } from '@scheduler/domain/text';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useBookingDispatch, useBookingSelector } from '../state/hooks';
import { clearPatientFlow } from '../state/patientdetails-slice';
import { setStepper } from '../state/stepper-slice';
import { useSchedulerConfig } from '../api/get-config';
import { useBookingScope } from '../api/scope';
import { StepPage } from '../components/step-page';
import { formatAddress, mapSearchUrl } from '../lib/address';
import { providerDisplayName } from '../lib/flow-state';
import { buildIcs, icsFileName } from '../lib/ics';
import { useThankYouTexts } from '../lib/practice-texts';
import { usePageView } from '../use-booking-analytics';
import { AppointmentDetails } from './appointment-details';
import { ConfirmationNumber } from './confirmation-number';
import { readThankYouState } from './thank-you-state';
import { PENDING_NOTE, primaryMessage, sentToLine, thankYouHeading } from './thank-you-wording';

function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The practice's message, the pending note and where the details went (announced as a status). */
function ThankYouStatus({
  primary,
  pending,
  sentTo,
}: {
  primary: string;
  pending: boolean;
  sentTo: string | null;
}) {
  const { i18n } = useLingui();
  return (
    <Box role="status" sx={{ mb: 2 }}>
      <Box component="p" sx={{ fontSize: '1.1rem', fontWeight: 600, mt: 0 }}>
        {primary}
      </Box>
      {pending ? <Box component="p">{i18n._(PENDING_NOTE)}</Box> : null}
      {sentTo ? <Box component="p">{sentTo}</Box> : null}
    </Box>
  );
}

/** Add to calendar, the manage link (when the answer has one) and "Book another appointment". */
function ThankYouActions({
  onAddToCalendar,
  manageUrl,
  onBookAnother,
}: {
  onAddToCalendar: () => void;
  manageUrl: string | null | undefined;
  onBookAnother: () => void;
}) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 3 }}>
      <Button variant="contained" onClick={onAddToCalendar}>
        <Trans>Add to calendar</Trans>
      </Button>
      {manageUrl ? (
        <Button variant="outlined" href={manageUrl}>
          <Trans>Manage your appointment</Trans>
        </Button>
      ) : null}
      <Button variant="outlined" color="inherit" onClick={onBookAnother}>
        <Trans>Book another appointment</Trans>
      </Button>
    </Box>
  );
}

/** Step 6: the confirmation, from the booking answer kept in the history state. */
export function ThankYouScreen() {
  const scope = useBookingScope();
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useBookingDispatch();
  const config = useSchedulerConfig(scope);
  const { t, i18n } = useLingui();
  const state = useMemo(() => readThankYouState(location.state), [location.state]);
  const booking = state?.booking ?? null;
  const hasPatientData = useBookingSelector(
    (root) =>
      root.patientdetails.patientdetail !== null ||
      root.patientdetails.selectedTime !== null ||
      root.patientdetails.insurancePolicy !== null,
  );
  usePageView('thankyou', {
    isAptBooked: booking !== null,
    providerId: booking?.provider.providerId ?? null,
    locationId: booking?.location.id ?? null,
  });

  // The booking is made: the patient's answers are forgotten (and the key they were stored under).
  const cleared = useRef(false);
  useEffect(() => {
    if (cleared.current || !hasPatientData) return;
    cleared.current = true;
    dispatch(clearPatientFlow());
  }, [hasPatientData, dispatch]);

  const settings = config.data?.settings;
  // Issue 21: the practice's texts in the page's language (its Spanish, the default's, or its English).
  const practiceTexts = {
    primary: booking?.thankYou.primary ?? settings?.thankYouPrimary ?? '',
    secondary: booking?.thankYou.secondary ?? settings?.thankYouSecondary ?? '',
    primaryEs: settings?.thankYouPrimaryEs,
    secondaryEs: settings?.thankYouSecondaryEs,
  };
  const { primary, secondary } = useThankYouTexts(
    practiceTexts,
    booking ? primaryMessage(practiceTexts.primary, booking.startUtc, Date.now()) : undefined,
  );
  const bookAnother = () => {
    dispatch(setStepper(0));
    void navigate({ pathname: '../landing', search: location.search }, { relative: 'path' });
  };

  if (!booking) {
    return (
      <StepPage heading={t`Thank you`}>
        {primary ? <Box component="p">{primary}</Box> : null}
        {secondary ? <Box component="p">{secondary}</Box> : null}
        <Button variant="contained" onClick={bookAnother}>
          <Trans>Book another appointment</Trans>
        </Button>
      </StepPage>
    );
  }

  const address = formatAddress(booking.location);
  const mapUrl = mapSearchUrl(`${booking.location.name}, ${address}`);
  const phone = booking.location.phone || config.data?.client.phone || null;
  const provider = providerDisplayName(booking.provider);

  const addToCalendar = () => {
    const ics = buildIcs(
      {
        appointmentId: booking.appointmentId,
        startUtc: booking.startUtc,
        endUtc: booking.endUtc,
        timeZone: booking.timeZone,
        serviceName: booking.service.name,
        providerName: provider,
        locationName: booking.location.name,
        address,
        phone: phone ? formatPhoneForDisplay(phone) : null,
        mapUrl,
      },
      new Date(),
    );
    downloadText(icsFileName(booking.startUtc, booking.dateLocal), ics, 'text/calendar;charset=utf-8');
  };

  return (
    <StepPage heading={i18n._(thankYouHeading(booking.status))}>
      <ThankYouStatus
        primary={primary}
        pending={booking.status === 'pending'}
        sentTo={sentToLine(i18n, booking.notifiedBy)}
      />
      {booking.confirmationNumber ? <ConfirmationNumber value={booking.confirmationNumber} /> : null}

      <Box
        component="section"
        aria-labelledby="appointment-title"
        sx={{
          border: '1px solid',
          borderColor: 'divider',
          borderRadius: 2,
          p: { xs: 2, sm: 3 },
          maxWidth: 720,
        }}
      >
        <Box component="h2" id="appointment-title" sx={{ m: 0, mb: 2, fontSize: '1.25rem' }}>
          {booking.service.name}
        </Box>
        <AppointmentDetails
          startUtc={booking.startUtc}
          timeZone={booking.timeZone}
          provider={provider}
          locationName={booking.location.name}
          address={address}
          mapUrl={mapUrl}
          phone={phone}
        />
        <ThankYouActions
          onAddToCalendar={addToCalendar}
          manageUrl={booking.manageUrl}
          onBookAnother={bookAnother}
        />
      </Box>
      {secondary ? (
        <Box component="p" sx={{ mt: 3 }}>
          {secondary}
        </Box>
      ) : null}
    </StepPage>
  );
}
