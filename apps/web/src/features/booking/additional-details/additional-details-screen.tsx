import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import {
  NOTES_MAX_LENGTH,
  REASON_FOR_VISIT_MAX_LENGTH,
  additionalDetailsSchema,
} from '@scheduler/contract/booking';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { useBookingDispatch, useBookingSelector } from '../state/hooks';
import { setPatientDetail } from '../state/patientdetails-slice';
import { setStepper } from '../state/stepper-slice';
import { useBookingScope } from '../api/scope';
import { advanceStepper } from '../booking-steps';
import { AppointmentSummary } from '../components/appointment-summary';
import { FormTextField } from '../components/form-fields';
import { StepActions } from '../components/step-actions';
import { StepPage } from '../components/step-page';
import { translatedResolver } from '../identity/contract-messages';
import { readPatientDetail } from '../lib/flow-state';
import { useBookingAnalytics, usePageView } from '../use-booking-analytics';

/** Step 3: the reason for the visit and notes for the office (both optional). */
export function AdditionalDetailsScreen() {
  const scope = useBookingScope();
  const navigate = useNavigate();
  const { search } = useLocation();
  const dispatch = useBookingDispatch();
  const stepper = useBookingSelector((state) => state.stepper.stepper);
  const stored = useBookingSelector((state) => state.patientdetails.patientdetail);
  const detail = readPatientDetail(stored);
  const { send } = useBookingAnalytics('additionaldetails');
  usePageView('additionaldetails');
  const { t, i18n } = useLingui();

  const form = useForm({
    resolver: translatedResolver(zodResolver(additionalDetailsSchema), i18n),
    defaultValues: {
      reasonForVisit: detail.reasonForVisit.slice(0, REASON_FOR_VISIT_MAX_LENGTH),
      notes: detail.notes.slice(0, NOTES_MAX_LENGTH),
    },
  });

  // What the patient types is kept (encrypted, for this session, like the identity step's draft):
  // a reload loses nothing. The restored state is validated with the rest (readPatientDetail).
  const storedRef = useRef(stored);
  storedRef.current = stored;
  useEffect(() => {
    const subscription = form.watch((values) => {
      dispatch(
        setPatientDetail({
          ...(storedRef.current ?? {}),
          reasonForVisit: values.reasonForVisit ?? '',
          notes: values.notes ?? '',
        }),
      );
    });
    return () => subscription.unsubscribe();
  }, [form, dispatch]);

  const onSubmit = form.handleSubmit((values) => {
    dispatch(
      setPatientDetail({
        ...(storedRef.current ?? {}),
        reasonForVisit: values.reasonForVisit,
        notes: values.notes,
      }),
    );
    dispatch(setStepper(advanceStepper(stepper, 2)));
    send({ action: 'click', eventLabel: 'continue', clickPageName: 'insurance' });
    void navigate({ pathname: '../insurance', search }, { relative: 'path' });
  });

  const upTo = (max: number) => t`Up to ${max} characters`;
  return (
    <StepPage
      heading={t`Additional details`}
      intro={t`Tell us why you are coming in. Both fields are optional.`}
    >
      <AppointmentSummary scope={scope} />
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        sx={{ maxWidth: 720, display: 'grid', gap: 2.5 }}
      >
        <FormTextField
          control={form.control}
          name="reasonForVisit"
          label={t`Reason for visit`}
          multiline
          minRows={2}
          maxLength={REASON_FOR_VISIT_MAX_LENGTH}
          helperText={upTo(REASON_FOR_VISIT_MAX_LENGTH)}
        />
        <FormTextField
          control={form.control}
          name="notes"
          label={t`Notes for the office`}
          multiline
          minRows={3}
          maxLength={NOTES_MAX_LENGTH}
          helperText={upTo(NOTES_MAX_LENGTH)}
        />
        <StepActions
          onBack={() => void navigate({ pathname: '../findappointment', search }, { relative: 'path' })}
          next={t`Continue`}
        />
      </Box>
    </StepPage>
  );
}
