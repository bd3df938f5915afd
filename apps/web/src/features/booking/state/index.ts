import { patientdetailsReducer } from './patientdetails-slice';
import { servicetypeReducer } from './servicetype-slice';
import { stepperReducer } from './stepper-slice';

/** The booking slices, under the names of spec section 4 (app/store.ts combines them). */
export const bookingReducers = {
  stepper: stepperReducer,
  servicetype: servicetypeReducer,
  patientdetails: patientdetailsReducer,
};

export { clearPatientFlow } from './patientdetails-slice';
export type { BookingState } from './hooks';
