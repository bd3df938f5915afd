import { describe, expect, it } from 'vitest';
import {
  BOOKING_MESSAGES,
  BOOKING_MESSAGE_CODES,
  fillMessageTemplate,
  formatMessage,
  isBookingMessageCode,
} from './messages.ts';

/** Spec section 8, copied word for word (some have no final period, as in the spec). */
const SPEC_MESSAGES = {
  CALL_TO_SCHEDULE:
    'The selected service is not available for online scheduling. Please call our office to schedule your appointment',
  EXISTING_APPOINTMENT:
    'It looks like you already have an appointment scheduled for APPTDATE at APPTTIME. If you need to make a change to that appointment, please call our office.',
  PROVIDER_NO_CAPACITY:
    'This provider has no online availability. Please call our office to schedule with them.',
  PROVIDER_NOT_ONLINE: 'This provider cannot be booked online. Please call our office to schedule with them.',
  LOCATION_NO_CAPACITY: 'This location has no online availability. Please call our office to schedule.',
  SERVICE_NOT_ONLINE: 'This service cannot be booked online. Please call our office to schedule.',
  LOCATION_OFFLINE:
    'The selected location is not available for online scheduling. Please call our office to schedule your appointment.',
  EXISTING_PATIENTS_BLOCKED:
    'Existing patients are not able to schedule online at this time. Please call our office to schedule your appointment.',
  SLOT_TAKEN:
    'The appointment slot you have selected is no longer available. Please call our office PHONENUMBER or click the button below to select a new appointment time',
  INSURANCE_NOT_IN_NETWORK:
    'Selected insurance plan is not in-network with the provider. Please call our office to book your appointment.',
};

describe('booking messages', () => {
  it.each(Object.entries(SPEC_MESSAGES))('words %s exactly as the spec does', (code, text) => {
    expect(BOOKING_MESSAGES[code as keyof typeof BOOKING_MESSAGES]).toBe(text);
  });

  it('has exactly the ten messages of the spec', () => {
    expect(BOOKING_MESSAGE_CODES).toEqual(Object.keys(SPEC_MESSAGES));
    expect(isBookingMessageCode('SLOT_TAKEN')).toBe(true);
    expect(isBookingMessageCode('toString')).toBe(false);
  });

  it('keeps the missing final period of the call-to-schedule and slot-taken messages', () => {
    expect(BOOKING_MESSAGES.CALL_TO_SCHEDULE.endsWith('your appointment')).toBe(true);
    expect(BOOKING_MESSAGES.SLOT_TAKEN.endsWith('appointment time')).toBe(true);
  });

  it('fills in the date and time of the existing appointment', () => {
    expect(formatMessage('EXISTING_APPOINTMENT', { apptDate: 'March 9, 2025', apptTime: '02:30 PM' })).toBe(
      'It looks like you already have an appointment scheduled for March 9, 2025 at 02:30 PM. If you need to make a change to that appointment, please call our office.',
    );
  });

  it('fills in the office phone number of the slot-taken message', () => {
    expect(formatMessage('SLOT_TAKEN', { phone: '(555) 123-4567' })).toBe(
      'The appointment slot you have selected is no longer available. Please call our office (555) 123-4567 or click the button below to select a new appointment time',
    );
  });

  it('drops the phone placeholder cleanly when the office has no number', () => {
    expect(formatMessage('SLOT_TAKEN')).toBe(
      'The appointment slot you have selected is no longer available. Please call our office or click the button below to select a new appointment time',
    );
    expect(formatMessage('SLOT_TAKEN', { phone: '  ' })).not.toContain('PHONENUMBER');
  });

  it('leaves messages without placeholders untouched', () => {
    expect(formatMessage('LOCATION_OFFLINE', { phone: '555', apptDate: 'x' })).toBe(
      SPEC_MESSAGES.LOCATION_OFFLINE,
    );
  });

  it('fills any template whose code is known only at run time', () => {
    expect(fillMessageTemplate('On APPTDATE at APPTTIME', { apptDate: 'May 1, 2025' })).toBe(
      'On May 1, 2025 at APPTTIME',
    );
  });
});
