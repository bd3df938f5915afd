import { describe, expect, it } from 'vitest';
import { RESERVED_LOCATION_SLUGS, createLocationRequestSchema } from './locations.ts';

const fields = {
  slug: 'main-street',
  name: 'Main Street',
  addressLine1: '1 Main St',
  postalCode: '10001',
  timeZone: 'America/New_York',
};

describe('location fields', () => {
  it('accepts an ordinary short name', () => {
    expect(createLocationRequestSchema.parse(fields).slug).toBe('main-street');
  });

  it.each(RESERVED_LOCATION_SLUGS)('refuses %s, a segment of the booking routes, in any case', (slug) => {
    const result = createLocationRequestSchema.safeParse({ ...fields, slug: slug.toUpperCase() });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/used by the booking pages/);
    expect(result.error?.issues[0]?.path).toEqual(['slug']);
  });
});
