import { describe, expect, it } from 'vitest';
import { providerDisplayName } from './providers.ts';

describe('providerDisplayName', () => {
  it('joins prefix, first and last name', () => {
    expect(providerDisplayName({ prefix: 'Dr.', firstName: 'Emily', lastName: 'Carter' })).toBe(
      'Dr. Emily Carter',
    );
  });

  it('leaves out a missing or blank prefix', () => {
    expect(providerDisplayName({ prefix: null, firstName: 'Ana', lastName: 'Ruiz' })).toBe('Ana Ruiz');
    expect(providerDisplayName({ prefix: ' ', firstName: 'Ana', lastName: 'Ruiz' })).toBe('Ana Ruiz');
  });
});
