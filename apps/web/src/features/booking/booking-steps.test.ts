import { describe, expect, it } from 'vitest';
import {
  advanceStepper,
  firstIncompleteStep,
  isStepNavigable,
  resolveStepAccess,
  stepOfPathname,
  type BookingProgress,
} from './booking-steps';

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

describe('advanceStepper', () => {
  it('moves forward to the step after the one completed', () => {
    expect(advanceStepper(0, 0)).toBe(1);
    expect(advanceStepper(1, 1)).toBe(2);
  });

  it('keeps the furthest step reached when an earlier step is completed again', () => {
    expect(advanceStepper(4, 1)).toBe(4);
  });

  it('starts over after a booking', () => {
    expect(advanceStepper(5, 0)).toBe(1);
    expect(advanceStepper(5, 1)).toBe(2);
  });
});

describe('stepOfPathname', () => {
  it('reads the step from the last path segment', () => {
    expect(stepOfPathname('/brightsmile/main/all/insurance')).toBe('insurance');
    expect(stepOfPathname('/brightsmile/main/all/landing/')).toBe('landing');
    expect(stepOfPathname('/brightsmile/main/all/widget')).toBeNull();
  });
});

describe('isStepNavigable', () => {
  const progress: BookingProgress = {
    stepper: 3,
    hasSelectedProvider: true,
    hasSelectedTime: true,
    hasPatientDetail: true,
  };

  it('lets the patient go back to a completed step and forward to the furthest one reached', () => {
    expect(isStepNavigable('landing', 'insurance', progress)).toBe(true);
    expect(isStepNavigable('findappointment', 'additionaldetails', progress)).toBe(true);
    expect(isStepNavigable('insurance', 'landing', progress)).toBe(true);
  });

  it('does not offer the current step, a step not reached yet, or the thank-you screen', () => {
    expect(isStepNavigable('insurance', 'insurance', progress)).toBe(false);
    expect(isStepNavigable('identity', 'insurance', progress)).toBe(false);
    expect(isStepNavigable('thankyou', 'insurance', { ...progress, stepper: 5 })).toBe(false);
  });

  it('offers no way back from the thank-you screen', () => {
    expect(isStepNavigable('landing', 'thankyou', { ...progress, stepper: 5 })).toBe(false);
  });
});
