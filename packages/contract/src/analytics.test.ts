import { describe, expect, it } from 'vitest';
import { analyticsEventSchema, analyticsPagePath } from './analytics.ts';
import type { AnalyticsEventInput } from './analytics.ts';

const pageView: AnalyticsEventInput = {
  sessionId: 'c2d1f9e0-8b7a-4c6d-9e8f-0a1b2c3d4e5f',
  clientId: 4,
  pagePath: '/acme-health/main/all/landing',
  pageName: 'landing',
};

describe('analytics event', () => {
  it('accepts a bare page view and reports the website channel', () => {
    const event = analyticsEventSchema.parse(pageView);
    expect(event.clientId).toBe('4');
    expect(event.channelFilters).toBe('website');
    expect(event.googleSessionDetails.utmCampaign).toBe('website');
    expect(event.providerId).toBeUndefined();
  });

  it('keeps every field of spec section 3', () => {
    const full = {
      ...pageView,
      eventLabel: 'Book appointment',
      action: 'click',
      locationId: '12',
      alert: 'This provider cannot be booked online. Please call our office to schedule with them.',
      appointmentTypeId: '3',
      clickPagePath: '/acme-health/main/all/findappointment',
      clickPageName: 'findappointment',
      providerId: '7',
      eventDetails: { slot: '2025-03-12T14:30:00Z', grouped: false },
      isExistingPatient: true,
      googleSessionDetails: {
        utmSource: 'google',
        utmMedium: 'cpc',
        utmCampaign: 'spring',
        utmTerm: 'dentist',
        rwgToken: 'abc',
      },
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'spring',
      utm_term: 'dentist',
      isAptBooked: true,
      channelFilters: 'spring',
      rwgToken: 'abc',
    };
    const event = analyticsEventSchema.parse(full);
    expect(event).toEqual({ ...full, clientId: '4' });
    expect(Object.keys(event).sort()).toEqual(
      [
        'sessionId',
        'clientId',
        'pagePath',
        'pageName',
        'eventLabel',
        'action',
        'locationId',
        'alert',
        'appointmentTypeId',
        'clickPagePath',
        'clickPageName',
        'providerId',
        'eventDetails',
        'isExistingPatient',
        'googleSessionDetails',
        'utm_source',
        'utm_medium',
        'utm_campaign',
        'utm_term',
        'isAptBooked',
        'channelFilters',
        'rwgToken',
      ].sort(),
    );
  });

  it('reads null and blank values as absent, and a blank campaign as website', () => {
    const event = analyticsEventSchema.parse({
      ...pageView,
      providerId: null,
      utm_source: '  ',
      channelFilters: '',
      googleSessionDetails: { utmCampaign: null },
    });
    expect(event.providerId).toBeUndefined();
    expect(event.utm_source).toBeUndefined();
    expect(event.channelFilters).toBe('website');
    expect(event.googleSessionDetails.utmCampaign).toBe('website');
  });

  it('bounds the length of everything a browser can send', () => {
    expect(analyticsEventSchema.safeParse({ ...pageView, pagePath: '/'.repeat(2049) }).success).toBe(false);
    expect(analyticsEventSchema.safeParse({ ...pageView, utm_source: 'x'.repeat(201) }).success).toBe(false);
    expect(analyticsEventSchema.safeParse({ ...pageView, alert: 'x'.repeat(501) }).success).toBe(false);
    expect(analyticsEventSchema.safeParse({ ...pageView, eventDetails: 'x'.repeat(2001) }).success).toBe(
      false,
    );
    const manyKeys = Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`k${index}`, index]));
    expect(analyticsEventSchema.safeParse({ ...pageView, eventDetails: manyKeys }).success).toBe(false);
    expect(
      analyticsEventSchema.safeParse({ ...pageView, eventDetails: { nested: { deep: 1 } } }).success,
    ).toBe(false);
  });

  it('requires the session, client and page', () => {
    expect(analyticsEventSchema.safeParse({ ...pageView, sessionId: undefined }).success).toBe(false);
    expect(analyticsEventSchema.safeParse({ ...pageView, clientId: undefined }).success).toBe(false);
    expect(analyticsEventSchema.safeParse({ ...pageView, pageName: '' }).success).toBe(false);
  });

  it('derives the page path by replacing the last segment with the page name', () => {
    expect(analyticsPagePath('/acme/main/all/landing', 'identity')).toBe('/acme/main/all/identity');
    expect(analyticsPagePath('/acme/main/all/landing/', 'identity')).toBe('/acme/main/all/identity');
  });
});
