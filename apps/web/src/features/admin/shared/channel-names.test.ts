import { describe, expect, it } from 'vitest';
import { channelName } from './channel-names';

describe('channel names', () => {
  it('names the channels staff know by name', () => {
    expect(channelName('website')).toBe('Practice website');
    expect(channelName('reserve_with_google')).toBe('Google Business Profile');
    expect(channelName('Reserve-With-Google')).toBe('Google Business Profile');
    expect(channelName('phone')).toBe('Phone (booked by staff)');
    expect(channelName('front-desk')).toBe('Front desk (booked by staff)');
    expect(channelName('partner')).toBe('Partner booking (FHIR)');
  });

  it('names a widget by the site it is on', () => {
    expect(channelName('widget:www.example-dental.com')).toBe('Widget on www.example-dental.com');
    expect(channelName('widget_brightsmile.com')).toBe('Widget on brightsmile.com');
    expect(channelName('widget')).toBe('Booking widget');
  });

  it('turns any other campaign slug into words, keeping brand names as written', () => {
    expect(channelName('new_patient_search')).toBe('New patient search');
    expect(channelName('spring-checkup-2026')).toBe('Spring checkup 2026');
    expect(channelName('facebook_spring_ads')).toBe('Facebook spring ads');
    expect(channelName('summer_google_cpc')).toBe('Summer Google CPC');
  });

  it('never shows an empty name', () => {
    expect(channelName('')).toBe('Unknown');
    expect(channelName(null)).toBe('Unknown');
    expect(channelName('___')).toBe('___');
  });
});
