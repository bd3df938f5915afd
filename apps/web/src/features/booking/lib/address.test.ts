import { describe, expect, it } from 'vitest';
import { formatAddress, mapSearchUrl } from './address';

describe('formatAddress', () => {
  it('joins street, suite, city, state and ZIP code', () => {
    expect(
      formatAddress({
        addressLine1: '350 Fifth Avenue',
        addressLine2: 'Suite 4810',
        city: 'New York',
        state: 'NY',
        postalCode: '10118',
      }),
    ).toBe('350 Fifth Avenue, Suite 4810, New York, NY 10118');
  });

  it('leaves out an empty second line', () => {
    expect(
      formatAddress({
        addressLine1: '1333 Second Street',
        addressLine2: null,
        city: 'Santa Monica',
        state: 'CA',
        postalCode: '90401',
      }),
    ).toBe('1333 Second Street, Santa Monica, CA 90401');
  });
});

describe('mapSearchUrl', () => {
  it('builds a Google Maps search link with the address encoded', () => {
    expect(mapSearchUrl('350 Fifth Avenue, New York, NY 10118')).toBe(
      'https://www.google.com/maps/search/?api=1&query=350%20Fifth%20Avenue%2C%20New%20York%2C%20NY%2010118',
    );
  });
});
