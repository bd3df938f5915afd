import { bookAppointmentBodySchema } from '@scheduler/contract/scheduler-api';
import { describe, expect, it } from 'vitest';
import { buildBookingRequest, type BookingRequestInput } from './booking-request';

const input: BookingRequestInput = {
  clientName: 'brightsmile',
  scheduler: 'main',
  service: { appointmentTypeId: '3', name: 'Emergency Dental Visit', durationMinutes: 30 },
  provider: { providerId: '7', name: 'Dr. Emily Carter', credentials: 'DDS', photoUrl: null },
  time: {
    startUtc: '2030-03-05T14:30:00.000Z',
    dateLocal: '2030-03-05',
    timeLocal: '09:30',
    locationId: '1',
    idempotencyKey: '0b0c1e7a-3f51-4b53-9d7e-2a3c4d5e6f70',
  },
  patient: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    dateOfBirth: '1990-05-14',
    phone: '(212) 555-0100',
    email: 'ada@example.com',
    smsPermission: true,
    emailPermission: true,
  },
  isExistingPatient: false,
  insurance: {
    selfPay: false,
    carrierId: '1',
    planId: '2',
    memberId: 'XJ-1234',
    relationship: 'self',
    carrierName: 'Delta Dental',
    planName: 'Delta Dental PPO',
  },
  details: { reasonForVisit: 'Toothache', notes: '' },
  sessionId: '5c6d7e8f-0000-4000-8000-000000000001',
  campaign: { utm_source: null, utm_medium: null, utm_campaign: null, utm_term: null },
};

describe('buildBookingRequest', () => {
  it('builds a request the API contract accepts', () => {
    const result = bookAppointmentBodySchema.safeParse(buildBookingRequest(input));
    expect(result.success).toBe(true);
  });

  it('sends the idempotency key made when the time was chosen, every time', () => {
    const first = buildBookingRequest(input);
    const retry = buildBookingRequest(input);
    expect(first.idempotencyKey).toBe(input.time.idempotencyKey);
    expect(retry.idempotencyKey).toBe(first.idempotencyKey);
  });

  it('sends the insurance without its display names, or self-pay', () => {
    expect(buildBookingRequest(input).insurance).toEqual({
      selfPay: false,
      carrierId: '1',
      planId: '2',
      memberId: 'XJ-1234',
      relationship: 'self',
    });
    expect(buildBookingRequest({ ...input, insurance: { selfPay: true } }).insurance).toEqual({
      selfPay: true,
    });
    expect(buildBookingRequest({ ...input, insurance: null }).insurance).toBeNull();
  });

  it("reports the campaign as the channel, 'website' without one", () => {
    expect(buildBookingRequest(input).channel).toBe('website');
    const spring = buildBookingRequest({
      ...input,
      campaign: {
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: 'spring',
        utm_term: null,
        rwg_token: 'r1',
      },
    });
    expect(spring.channel).toBe('spring');
    expect(spring.campaign).toEqual({
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'spring',
      utmTerm: null,
      rwgToken: 'r1',
    });
  });
});
