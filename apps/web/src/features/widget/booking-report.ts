import type { BookedAppointment } from '@scheduler/embed/protocol';
import type { PatientdetailsState, ServicetypeState } from '../booking';

const STEP = /^[a-z-]{1,40}$/;

/** The booking step a widget path shows ('/c/s/l/widget/insurance' → 'insurance'); null for the widget root. */
export function bookingStepOf(pathname: string): string | null {
  const segments = pathname.split('/').filter(Boolean);
  const widgetAt = segments.lastIndexOf('widget');
  const step = widgetAt === -1 ? undefined : segments[widgetAt + 1];
  return step !== undefined && STEP.test(step) ? step : null;
}

function idText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value !== '' && value.length <= 100 ? value : null;
}

function firstText(record: Record<string, unknown> | null, keys: readonly string[]): string | null {
  if (record === null) return null;
  for (const key of keys) {
    const value = idText(record[key]);
    if (value !== null) return value;
  }
  return null;
}

/**
 * What the host page hears about a booking, from the booking state: ids and the start instant,
 * never the patient's details.
 */
export function bookedAppointmentOf(
  patientdetails: Pick<PatientdetailsState, 'selectedTime' | 'selectedProvider'>,
  servicetype: Pick<ServicetypeState, 'servicetype' | 'locationId'>,
): BookedAppointment {
  const time = patientdetails.selectedTime;
  return {
    appointmentId: firstText(time, ['appointmentId']),
    startUtc: firstText(time, ['startUtc', 'start']),
    appointmentTypeId: idText(servicetype.servicetype?.appointmentTypeId),
    // The chosen time's location: the flow's own may be 'all' (any location).
    locationId: firstText(time, ['locationId']) ?? idText(servicetype.locationId),
    providerId: idText(patientdetails.selectedProvider?.providerId),
  };
}

function recordOf(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

/**
 * The confirmed booking the thank-you step receives in the router's history state (`{ booking }`,
 * the PUT bookAppointment answer), read field by field (history is untrusted); empty when absent.
 */
export function bookedAppointmentFromHistory(state: unknown): Partial<BookedAppointment> {
  const booking = recordOf(recordOf(state)?.booking);
  if (booking === null) return {};
  const found: Partial<BookedAppointment> = {};
  const appointmentId = idText(booking.appointmentId);
  const startUtc = idText(booking.startUtc);
  const appointmentTypeId = idText(recordOf(booking.service)?.appointmentTypeId);
  const locationId = idText(recordOf(booking.location)?.id);
  const providerId = idText(recordOf(booking.provider)?.providerId);
  if (appointmentId !== null) found.appointmentId = appointmentId;
  if (startUtc !== null) found.startUtc = startUtc;
  if (appointmentTypeId !== null) found.appointmentTypeId = appointmentTypeId;
  if (locationId !== null) found.locationId = locationId;
  if (providerId !== null) found.providerId = providerId;
  return found;
}

const REPORTED_KEY = 'widget.bookedReported';

/**
 * Remembers (for the tab, where storage is allowed) that this booking was reported, so that a
 * reload of the thank-you step does not report it twice. True when it was not reported before.
 */
export function rememberBooked(
  booking: BookedAppointment,
  storage: Pick<Storage, 'getItem' | 'setItem'> | null = sessionStorageOrNull(),
): boolean {
  const key = [booking.appointmentId, booking.startUtc, booking.providerId].join('|');
  if (key === '||') return true;
  try {
    if (storage?.getItem(REPORTED_KEY) === key) return false;
    storage?.setItem(REPORTED_KEY, key);
  } catch {
    // storage blocked (third-party frame): report anyway
  }
  return true;
}

function sessionStorageOrNull(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}
