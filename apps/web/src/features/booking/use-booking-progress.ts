import { useAppSelector } from '../../app/hooks';
import type { BookingProgress } from './booking-steps';

/** How far the patient got (what the protected steps and the stepper check). */
export function useBookingProgress(): BookingProgress {
  const stepper = useAppSelector((state) => state.stepper.stepper);
  const hasSelectedProvider = useAppSelector((state) => state.patientdetails.selectedProvider !== null);
  const hasSelectedTime = useAppSelector((state) => state.patientdetails.selectedTime !== null);
  const hasPatientDetail = useAppSelector((state) => state.patientdetails.patientdetail !== null);
  return { stepper, hasSelectedProvider, hasSelectedTime, hasPatientDetail };
}
