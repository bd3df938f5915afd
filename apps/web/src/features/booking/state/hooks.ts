import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { PatientdetailsState } from './patientdetails-schema';
import type { ServicetypeState } from './servicetype-schema';
import type { StepperState } from './stepper-schema';

/** The booking flow's part of the app's state (app/store.ts mounts these slices under these names). */
export interface BookingState {
  stepper: StepperState;
  servicetype: ServicetypeState;
  patientdetails: PatientdetailsState;
}

/** Typed hooks of the booking flow: they know only the booking slices, not the app's whole state. */
export const useBookingSelector = useSelector.withTypes<BookingState>();
export const useBookingDispatch = useDispatch.withTypes<Dispatch<UnknownAction>>();
