import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useBookingSelector } from './state/hooks';
import { resolveStepAccess, type ProtectedBookingStepName } from './booking-steps';

interface ProtectedBookingStepProps {
  step: ProtectedBookingStepName;
  children: ReactNode;
}

/** Renders a booking step only when the earlier steps are complete; otherwise goes to the first incomplete one. */
export function ProtectedBookingStep({ step, children }: ProtectedBookingStepProps) {
  const location = useLocation();
  const stepper = useBookingSelector((state) => state.stepper.stepper);
  const hasSelectedProvider = useBookingSelector((state) => state.patientdetails.selectedProvider !== null);
  const hasSelectedTime = useBookingSelector((state) => state.patientdetails.selectedTime !== null);
  const hasPatientDetail = useBookingSelector((state) => state.patientdetails.patientdetail !== null);

  const access = resolveStepAccess(step, { stepper, hasSelectedProvider, hasSelectedTime, hasPatientDetail });
  // A slot deep link (…/findappointment?slot=…, issue 20) implies the landing's answers: the
  // find-appointment chunk opens it (find-appointment/slot-link-opening.tsx).
  const slotLink = step === 'findappointment' && new URLSearchParams(location.search).has('slot');
  if (!access.allowed && !slotLink) {
    // Sibling of the current step: '/c/s/l/insurance' → '/c/s/l/findappointment'.
    return (
      <Navigate
        to={{ pathname: `../${access.redirectTo}`, search: location.search }}
        relative="path"
        replace
      />
    );
  }
  return children;
}
