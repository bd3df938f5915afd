/**
 * The booking feature's public entry: what other features (the widget) may use of it. Everything
 * else under features/booking is internal to the booking flow.
 */
export { useBookingSelector } from './state/hooks';
export type { BookingState } from './state/hooks';
export type { PatientdetailsState } from './state/patientdetails-schema';
export type { ServicetypeState } from './state/servicetype-schema';
