import { describe, expect, it } from 'vitest';
import { firstIncompleteStep, resolveStepAccess, type BookingProgress } from './booking-steps';

const fresh: BookingProgress = {
  stepper: 0,
  hasSelectedProvider: false,
  hasSelectedTime: false,
  hasPatientDetail: false,
};

describe('protected booking steps', () => {
  it('sends a fresh visitor of a later step to the landing step', () => {
    expect(resolveStepAccess('insurance', fresh)).toEqual({ allowed: false, redirectTo: 'landing' });
    expect(resolveStepAccess('findappointment', fresh)).toEqual({ allowed: false, redirectTo: 'landing' });
  });

  it('opens find appointment once the landing step is done', () => {
    expect(resolveStepAccess('findappointment', { ...fresh, stepper: 1 })).toEqual({ allowed: true });
  });

  it('requires a provider and a time before additional details', () => {
    const progress = { ...fresh, stepper: 2, hasSelectedProvider: true };
    expect(resolveStepAccess('additionaldetails', progress)).toEqual({
      allowed: false,
      redirectTo: 'findappointment',
    });
    expect(resolveStepAccess('additionaldetails', { ...progress, hasSelectedTime: true })).toEqual({
      allowed: true,
    });
  });

  it("requires the patient's details before insurance and identity", () => {
    const progress = {
      stepper: 4,
      hasSelectedProvider: true,
      hasSelectedTime: true,
      hasPatientDetail: false,
    };
    expect(resolveStepAccess('identity', progress)).toEqual({
      allowed: false,
      redirectTo: 'additionaldetails',
    });
    expect(resolveStepAccess('identity', { ...progress, hasPatientDetail: true })).toEqual({ allowed: true });
  });

  it('lets the patient go back to any earlier step', () => {
    const progress = { stepper: 4, hasSelectedProvider: true, hasSelectedTime: true, hasPatientDetail: true };
    expect(resolveStepAccess('findappointment', progress)).toEqual({ allowed: true });
  });

  it('opens thank-you only after booking, and keeps it open after the flow is cleared', () => {
    const beforeBooking = {
      stepper: 4,
      hasSelectedProvider: true,
      hasSelectedTime: true,
      hasPatientDetail: true,
    };
    expect(resolveStepAccess('thankyou', beforeBooking)).toEqual({ allowed: false, redirectTo: 'identity' });
    expect(resolveStepAccess('thankyou', { ...fresh, stepper: 5 })).toEqual({ allowed: true });
  });

  it('names the first incomplete step', () => {
    expect(firstIncompleteStep(fresh)).toBe('landing');
    expect(
      firstIncompleteStep({
        stepper: 5,
        hasSelectedProvider: true,
        hasSelectedTime: true,
        hasPatientDetail: true,
      }),
    ).toBe('thankyou');
  });
});
