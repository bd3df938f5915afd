import { describe, expect, it } from 'vitest';
import { providersQueryParams, type ProviderSearch } from './get-providers';

const scope = { clientName: 'brightsmile', scheduler: 'main' };
const search: ProviderSearch = {
  appointmentTypeId: '3',
  locationId: 'all',
  genders: ['M', 'F'],
  postalCode: '',
  maxDistance: 30,
  insurancePlanId: null,
  isExistingPatient: false,
  fromDate: null,
  days: 1,
};

describe('providersQueryParams', () => {
  it('sends only the scope, service, location, patient type and days by default', () => {
    expect(providersQueryParams(scope, search)).toEqual({
      clientName: 'brightsmile',
      scheduler: 'main',
      appointmentTypeId: '3',
      locationId: 'all',
      isExistingPatient: 'false',
      days: 1,
    });
  });

  it('filters by gender only when one is unchecked', () => {
    expect(providersQueryParams(scope, { ...search, genders: ['F'] }).gender).toBe('F');
    expect(providersQueryParams(scope, { ...search, genders: ['F', 'M'] }).gender).toBeUndefined();
  });

  it('sends the distance only with a valid 5-digit postal code', () => {
    expect(
      providersQueryParams(scope, { ...search, postalCode: '1011', maxDistance: 10 }),
    ).not.toHaveProperty('distance');
    expect(
      providersQueryParams(scope, { ...search, postalCode: ' 10118 ', maxDistance: 12.4 }),
    ).toMatchObject({
      postalCode: '10118',
      distance: 12,
    });
  });

  it('keeps the distance within 0–30 and days within 1–90', () => {
    const params = providersQueryParams(scope, {
      ...search,
      postalCode: '10118',
      maxDistance: 45,
      days: 400,
    });
    expect(params.distance).toBe(30);
    expect(params.days).toBe(90);
  });

  it('sends the insurance plan and the first day when chosen', () => {
    expect(
      providersQueryParams(scope, {
        ...search,
        insurancePlanId: '4',
        fromDate: '2030-03-05',
        isExistingPatient: true,
      }),
    ).toMatchObject({ insurancePlanId: '4', fromDate: '2030-03-05', isExistingPatient: 'true' });
  });

  it('sends the patient\'s own provider only when one is given ("Book again")', () => {
    expect(providersQueryParams(scope, { ...search, providerId: '7' }).providerId).toBe('7');
    expect(providersQueryParams(scope, { ...search, providerId: null })).not.toHaveProperty('providerId');
    expect(providersQueryParams(scope, search)).not.toHaveProperty('providerId');
  });
});
