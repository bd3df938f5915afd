import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * Rules of the protected booking wrapper (the spec leaves them open): the steps run in order, and a
 * step is reachable only when every earlier step is complete. A step counts as complete when the
 * stepper has moved past it and the state it produced is present:
 *   landing            stepper > 0
 *   findappointment    stepper > 1, a provider and a time are selected
 *   additionaldetails  stepper > 2, the patient's details are present
 *   insurance          stepper > 3 (insurance is optional: self-pay is allowed)
 *   identity           stepper > 4 (the appointment was booked)
 * The thank-you step is reachable once the stepper reached it, even after the patient flow was
 * cleared (its data is no longer needed there).
 */

export const BOOKING_STEPS = [
  'landing',
  'findappointment',
  'additionaldetails',
  'insurance',
  'identity',
  'thankyou',
] as const;

export type BookingStep = (typeof BOOKING_STEPS)[number];
export type ProtectedBookingStepName = Exclude<BookingStep, 'landing'>;

export interface BookingProgress {
  stepper: number;
  hasSelectedProvider: boolean;
  hasSelectedTime: boolean;
  hasPatientDetail: boolean;
}

export function stepIndex(step: BookingStep): number {
  return BOOKING_STEPS.indexOf(step);
}

function producedItsState(step: BookingStep, progress: BookingProgress): boolean {
  switch (step) {
    case 'findappointment':
      return progress.hasSelectedProvider && progress.hasSelectedTime;
    case 'additionaldetails':
      return progress.hasPatientDetail;
    case 'landing':
    case 'insurance':
    case 'identity':
    case 'thankyou':
      return true;
  }
}

function isStepComplete(index: number, progress: BookingProgress): boolean {
  const step = BOOKING_STEPS[index];
  return step !== undefined && progress.stepper > index && producedItsState(step, progress);
}

/** The first step the patient has not completed ('thankyou' when all before it are complete). */
export function firstIncompleteStep(progress: BookingProgress): BookingStep {
  const last = BOOKING_STEPS.length - 1;
  for (let index = 0; index < last; index += 1) {
    if (!isStepComplete(index, progress)) return BOOKING_STEPS[index] ?? 'landing';
  }
  return 'thankyou';
}

export type StepAccess = { allowed: true } | { allowed: false; redirectTo: BookingStep };

export function resolveStepAccess(step: BookingStep, progress: BookingProgress): StepAccess {
  if (step === 'thankyou' && progress.stepper >= stepIndex('thankyou')) return { allowed: true };
  const target = firstIncompleteStep(progress);
  if (stepIndex(step) <= stepIndex(target)) return { allowed: true };
  return { allowed: false, redirectTo: target };
}

/** What the stepper shows for each step (translated where shown: `i18n._(STEP_LABELS[step])`). */
export const STEP_LABELS: Record<BookingStep, MessageDescriptor> = {
  landing: msg`Service`,
  findappointment: msg`Date & time`,
  additionaldetails: msg`Details`,
  insurance: msg`Insurance`,
  identity: msg`Your information`,
  thankyou: msg`Confirmed`,
};

/** The step a booking URL's last segment names, or null ('widget', unknown). */
export function stepOfPathname(pathname: string): BookingStep | null {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const last = segments[segments.length - 1];
  return (BOOKING_STEPS as readonly string[]).includes(last ?? '') ? (last as BookingStep) : null;
}

/**
 * The stepper value after the patient completes the step at `completedIndex`: the furthest step
 * reached stays (going back and forth loses nothing), except after a booking (stepper at
 * thank-you), where a new flow starts over from the completed step.
 */
export function advanceStepper(current: number, completedIndex: number): number {
  const reached = completedIndex + 1;
  if (current >= stepIndex('thankyou')) return reached;
  return Math.max(current, reached);
}

/** Steps the stepper lets the patient jump to (thank-you only by booking). */
export function isStepNavigable(step: BookingStep, current: BookingStep | null, progress: BookingProgress) {
  if (step === current || step === 'thankyou' || current === 'thankyou') return false;
  return resolveStepAccess(step, progress).allowed;
}
