import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { resolveStepAccess, type ProtectedBookingStepName } from './booking-steps';

interface ProtectedBookingStepProps {
  step: ProtectedBookingStepName;
  children: ReactNode;
}

/** Renders a booking step only when the earlier steps are complete; otherwise goes to the first incomplete one. */
export function ProtectedBookingStep({ step, children }: ProtectedBookingStepProps) {
  const location = useLocation();
  const stepper = useAppSelector((state) => state.stepper.stepper);
  const hasSelectedProvider = useAppSelector((state) => state.patientdetails.selectedProvider !== null);
  const hasSelectedTime = useAppSelector((state) => state.patientdetails.selectedTime !== null);
  const hasPatientDetail = useAppSelector((state) => state.patientdetails.patientdetail !== null);

  const access = resolveStepAccess(step, { stepper, hasSelectedProvider, hasSelectedTime, hasPatientDetail });
  if (!access.allowed) {
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
