import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from 'react-router';
import {
  BOOKING_STEPS,
  STEP_LABELS,
  isStepNavigable,
  stepIndex,
  type BookingProgress,
  type BookingStep,
} from '../booking-steps';

export interface BookingStepperProps {
  current: BookingStep;
  progress: BookingProgress;
  search: string;
}

/**
 * Where the patient is in the six steps. Steps already reached are buttons that go back (or
 * forward again) without losing answers. A plain list styled by the app's static stylesheet, not
 * MUI's Stepper: it sits in the landing page's first script.
 */
export function BookingStepper({ current, progress, search }: BookingStepperProps) {
  const navigate = useNavigate();
  const { i18n, t } = useLingui();
  const currentIndex = stepIndex(current);
  const number = currentIndex + 1;
  const count = BOOKING_STEPS.length;
  const currentLabel = i18n._(STEP_LABELS[current]);
  return (
    <nav aria-label={t`Booking steps`} className="stepper">
      <p className="stepper__summary">
        <Trans>
          Step {number} of {count}: {currentLabel}
        </Trans>
      </p>
      <ol className="stepper__list">
        {BOOKING_STEPS.map((step, index) => {
          const done = index < currentIndex || (current === 'thankyou' && step === 'thankyou');
          const isCurrent = step === current;
          const reached = isCurrent || done;
          const navigable = isStepNavigable(step, current, progress);
          const marker = (
            <span
              aria-hidden="true"
              className={reached ? 'stepper__marker stepper__marker--reached' : 'stepper__marker'}
            >
              {done && !isCurrent ? '✓' : index + 1}
            </span>
          );
          const stepLabel = i18n._(STEP_LABELS[step]);
          const status = isCurrent ? t`(current step)` : done ? t`(completed)` : '';
          const label = (
            <>
              <span className="visually-hidden">
                {stepLabel}
                {status ? ` ${status}` : ''}
              </span>
              <span
                aria-hidden="true"
                className={isCurrent ? 'stepper__label stepper__label--current' : 'stepper__label'}
              >
                {stepLabel}
              </span>
            </>
          );
          return (
            <li
              key={step}
              aria-current={isCurrent ? 'step' : undefined}
              className={reached ? 'stepper__item stepper__item--reached' : 'stepper__item'}
            >
              {navigable ? (
                <button
                  type="button"
                  // Relative to the booking shell's route (/:clientName/:scheduler/:location).
                  onClick={() => void navigate({ pathname: step, search })}
                  className="stepper__step focus-ring"
                >
                  {marker}
                  {label}
                </button>
              ) : (
                <span className={isCurrent ? 'stepper__step stepper__step--current' : 'stepper__step'}>
                  {marker}
                  {label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
