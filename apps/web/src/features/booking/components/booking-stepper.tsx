import Box from '@mui/material/Box';
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

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * Where the patient is in the six steps. Steps already reached are buttons that go back (or
 * forward again) without losing answers. A plain list, not MUI's Stepper: it sits in the
 * landing page's first script.
 */
export function BookingStepper({ current, progress, search }: BookingStepperProps) {
  const navigate = useNavigate();
  const currentIndex = stepIndex(current);
  return (
    <Box component="nav" aria-label="Booking steps" sx={{ mb: 1 }}>
      <Box
        component="p"
        sx={{ display: { xs: 'block', smd: 'none' }, m: 0, mb: 1, fontSize: '0.95rem', fontWeight: 600 }}
      >
        Step {currentIndex + 1} of {BOOKING_STEPS.length}: {STEP_LABELS[current]}
      </Box>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'flex',
          gap: { xs: 0.5, smd: 1 },
          alignItems: 'stretch',
        }}
      >
        {BOOKING_STEPS.map((step, index) => {
          const done = index < currentIndex || (current === 'thankyou' && step === 'thankyou');
          const isCurrent = step === current;
          const navigable = isStepNavigable(step, current, progress);
          const marker = (
            <Box
              component="span"
              aria-hidden="true"
              sx={{
                flex: 'none',
                width: 26,
                height: 26,
                borderRadius: '50%',
                display: 'inline-flex',
                alignItems: 'center',
                justifyContent: 'center',
                fontSize: '0.8rem',
                fontWeight: 700,
                border: '2px solid',
                borderColor: isCurrent || done ? 'primary.main' : 'text.secondary',
                bgcolor: isCurrent || done ? 'primary.main' : 'transparent',
                color: isCurrent || done ? 'primary.contrastText' : 'text.secondary',
              }}
            >
              {done && !isCurrent ? '✓' : index + 1}
            </Box>
          );
          const status = isCurrent ? ' (current step)' : done ? ' (completed)' : '';
          const label = (
            <>
              <Box component="span" sx={visuallyHidden}>
                {STEP_LABELS[step]}
                {status}
              </Box>
              <Box
                component="span"
                aria-hidden="true"
                sx={{
                  display: { xs: 'none', smd: 'inline' },
                  fontWeight: isCurrent ? 700 : 400,
                  whiteSpace: 'nowrap',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                }}
              >
                {STEP_LABELS[step]}
              </Box>
            </>
          );
          return (
            <Box
              component="li"
              key={step}
              aria-current={isCurrent ? 'step' : undefined}
              sx={{
                flex: '1 1 0',
                minWidth: 0,
                borderBottom: '3px solid',
                borderColor: isCurrent || done ? 'primary.main' : 'divider',
                pb: 0.75,
              }}
            >
              {navigable ? (
                <Box
                  component="button"
                  type="button"
                  // Relative to the booking shell's route (/:clientName/:scheduler/:location).
                  onClick={() => void navigate({ pathname: step, search })}
                  sx={{
                    font: 'inherit',
                    color: 'text.primary',
                    bgcolor: 'transparent',
                    border: 0,
                    p: 0.5,
                    m: 0,
                    minHeight: 44,
                    width: '100%',
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1,
                    cursor: 'pointer',
                    textAlign: 'left',
                    borderRadius: 1,
                    '&:hover': { textDecoration: 'underline' },
                    '&:focus-visible': {
                      outline: '3px solid',
                      outlineColor: 'primary.main',
                      outlineOffset: 2,
                    },
                  }}
                >
                  {marker}
                  {label}
                </Box>
              ) : (
                <Box
                  component="span"
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1,
                    p: 0.5,
                    minHeight: 44,
                    color: isCurrent ? 'text.primary' : 'text.secondary',
                  }}
                >
                  {marker}
                  {label}
                </Box>
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
