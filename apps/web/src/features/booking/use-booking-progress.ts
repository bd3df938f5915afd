import { useBookingSelector } from './state/hooks';
import type { BookingProgress } from './booking-steps';

/** How far the patient got (what the protected steps and the stepper check). */
export function useBookingProgress(): BookingProgress {
  const stepper = useBookingSelector((state) => state.stepper.stepper);
  const hasSelectedProvider = useBookingSelector((state) => state.patientdetails.selectedProvider !== null);
  const hasSelectedTime = useBookingSelector((state) => state.patientdetails.selectedTime !== null);
  const hasPatientDetail = useBookingSelector((state) => state.patientdetails.patientdetail !== null);
  return { stepper, hasSelectedProvider, hasSelectedTime, hasPatientDetail };
}
