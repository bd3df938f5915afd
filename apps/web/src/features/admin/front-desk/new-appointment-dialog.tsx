import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PatientIdentity } from '@scheduler/contract/patient';
import { localDateOf } from '@scheduler/domain/time-zone';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { isApiError } from '../../../lib/api-client';
import { fieldErrorsOf } from '../../../lib/api-errors';
import { todayIn } from '../../../lib/zoned-time';
import { errorMessageOf } from '../shared/api/admin-request';
import { AppointmentFields, zoneOfLocation, type AppointmentChoice } from './appointment-fields';
import { FreeTimePicker, type ChosenTime } from './free-time-picker';
import { needsOverrideReason, useBookForCaller, useBookingChoices } from './front-desk-api';
import { InsuranceStep, NO_INSURANCE, checkInsurance, type InsuranceDraft } from './insurance-step';
import { useMessageLanguageChoice } from './message-language-choice';
import {
  NewPatientForm,
  PatientModeChoice,
  PatientSearch,
  type ChosenPatient,
  type PatientMode,
} from './patient-step';
import { useServiceForClickedTime } from './prefill';
import { ReviewStep, type ReviewValues } from './review-step';

export interface NewAppointmentDialogProps {
  open: boolean;
  onClose: () => void;
  onBooked: (appointmentId: string) => void;
  clientId: string;
  locationId?: string;
  providerId?: string;
  /** A free time clicked on the schedule. */
  start?: Date;
  /** The patient, when opened from their page. */
  patientId?: string;
}

const STEPS = [msg`Patient`, msg`Time`, msg`Insurance`, msg`Review`] as const;
const BOOKING_FAILED = msg`The appointment could not be booked. Please try again.`;
const NEW_PATIENT_PREFIX = 'patient.newPatient.';

/** The dialog's state, pre-filled from a clicked free time or the patient's page. */
function useNewAppointmentState(props: NewAppointmentDialogProps) {
  const { t } = useLingui();
  const choices = useBookingChoices(props.clientId);
  const [step, setStep] = useState(0);
  const [mode, setMode] = useState<PatientMode>('find');
  const [patient, setPatient] = useState<ChosenPatient | null>(
    props.patientId
      ? { kind: 'on-file', patientId: props.patientId, name: t`This patient`, dateOfBirth: '' }
      : null,
  );
  const [choice, setChoice] = useState<AppointmentChoice>({
    appointmentTypeId: '',
    locationId: props.locationId ?? '',
    providerId: props.providerId ?? '',
  });
  const [date, setDate] = useState('');
  const [time, setTime] = useState<ChosenTime | null>(
    props.start && props.providerId
      ? { providerId: props.providerId, providerName: '', startUtc: props.start.toISOString(), overrides: [] }
      : null,
  );
  const [insurance, setInsurance] = useState<InsuranceDraft>(NO_INSURANCE);
  const [insuranceErrors, setInsuranceErrors] = useState<Record<string, string>>({});
  const [patientErrors, setPatientErrors] = useState<{ path: string; message: string }[]>([]);
  const [reasonNeeded, setReasonNeeded] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  // Issue 21: the language of the patient's messages ("Messages in"), defaulting to theirs.
  const language = useMessageLanguageChoice(props.clientId, patient);
  const data = choices.data;
  const timeZone = zoneOfLocation(data, choice.locationId);

  // Defaults once the brand's choices are known: the first location and service, the day of the clicked time.
  // A clicked free time: the first service the provider has free then (else the first service).
  const clickedService = useServiceForClickedTime(
    props.clientId,
    data,
    props.start && props.providerId
      ? {
          locationId: choice.locationId,
          providerId: props.providerId,
          date,
          startUtc: props.start.toISOString(),
        }
      : null,
  );
  useEffect(() => {
    if (data === undefined) return;
    setChoice((current) => ({
      ...current,
      locationId: current.locationId || (data.locations[0]?.locationId ?? ''),
    }));
  }, [data]);
  useEffect(() => {
    if (data === undefined || clickedService === undefined) return;
    setChoice((current) => ({
      ...current,
      appointmentTypeId:
        current.appointmentTypeId || (clickedService ?? data.services[0]?.appointmentTypeId ?? ''),
    }));
  }, [data, clickedService]);
  useEffect(() => {
    if (data === undefined || date !== '') return;
    const zone = zoneOfLocation(data, choice.locationId || (data.locations[0]?.locationId ?? ''));
    setDate(props.start ? localDateOf(props.start, zone) : todayIn(zone));
  }, [data, date, choice.locationId, props.start]);

  return {
    choices,
    step,
    setStep,
    mode,
    setMode,
    patient,
    setPatient,
    language,
    choice,
    setChoice: (next: AppointmentChoice) => {
      // Another service keeps the time while it is still free (FreeTimePicker drops it otherwise).
      if (next.locationId !== choice.locationId || next.providerId !== choice.providerId) setTime(null);
      setChoice(next);
    },
    date,
    setDate,
    time,
    setTime,
    insurance,
    setInsurance,
    insuranceErrors,
    setInsuranceErrors,
    patientErrors,
    setPatientErrors,
    reasonNeeded,
    setReasonNeeded,
    idempotencyKey,
    renewKey: () => setIdempotencyKey(crypto.randomUUID()),
    timeZone,
  };
}

type DialogState = ReturnType<typeof useNewAppointmentState>;

/** The fields of the current step. */
function StepContent({
  step,
  state,
  clientId,
  patientFormId,
  reviewFormId,
  onPatientDone,
  onBook,
}: {
  step: number;
  state: DialogState;
  clientId: string;
  patientFormId: string;
  reviewFormId: string;
  onPatientDone: (identity: PatientIdentity) => void;
  onBook: (values: ReviewValues) => Promise<void>;
}) {
  return (
    <>
      {step === 0 ? (
        <Box>
          <PatientModeChoice mode={state.mode} onMode={state.setMode} />
          {state.mode === 'find' ? (
            <PatientSearch clientId={clientId} chosen={state.patient} onChoose={state.setPatient} />
          ) : (
            <NewPatientForm
              formId={patientFormId}
              today={todayIn(state.timeZone)}
              initial={state.patient?.kind === 'new' ? state.patient.identity : null}
              serverErrors={state.patientErrors}
              onDone={onPatientDone}
            />
          )}
        </Box>
      ) : null}
      {step === 1 ? (
        <Box>
          <AppointmentFields choices={state.choices.data} value={state.choice} onChange={state.setChoice} />
          <FreeTimePicker
            clientId={clientId}
            appointmentTypeId={state.choice.appointmentTypeId}
            locationId={state.choice.locationId}
            providerId={state.choice.providerId}
            date={state.date}
            onDate={state.setDate}
            timeZone={state.timeZone}
            value={state.time}
            onChange={state.setTime}
          />
        </Box>
      ) : null}
      {step === 2 ? (
        <InsuranceStep
          clientId={clientId}
          draft={state.insurance}
          errors={state.insuranceErrors}
          onChange={state.setInsurance}
        />
      ) : null}
      {step === 3 && state.patient !== null && state.time !== null ? (
        <ReviewStep
          formId={reviewFormId}
          patient={state.patient}
          time={state.time}
          timeZone={state.timeZone}
          choice={state.choice}
          choices={state.choices.data}
          insurance={state.insurance}
          reasonNeeded={state.reasonNeeded || state.time.overrides.length > 0}
          language={state.language}
          onSubmit={onBook}
        />
      ) : null}
    </>
  );
}

/**
 * "Book for a caller" (issue 19): find the patient (the staff search) or enter a new one (the
 * public identity step's fields and rules), then the service, the provider and a free time of a
 * day (staff rules: offline providers included, no online booking window), insurance (optional),
 * a review, and Book. A time sooner than the minimum notice asks for a reason. Every time is the
 * location's, with its zone named. (The step buttons have distinct keys: a button turned into a
 * submit button during its own click would submit the form.)
 */
/** The steps, and the current one's heading ('Step 2 of 4: Time'), which takes the focus. */
function StepHeader({
  step,
  headingRef,
}: {
  step: number;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { t, i18n } = useLingui();
  const stepNumber = step + 1;
  const stepCount = STEPS.length;
  const stepName = i18n._(STEPS[step] ?? STEPS[0]);
  return (
    <>
      <Stepper activeStep={step} sx={{ mb: 2 }} aria-label={t`Steps`}>
        {STEPS.map((label) => (
          <Step key={label.id}>
            <StepLabel>{i18n._(label)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Typography ref={headingRef} tabIndex={-1} variant="h6" component="h3" sx={{ mb: 2, outline: 'none' }}>
        {t`Step ${stepNumber} of ${stepCount}: ${stepName}`}
      </Typography>
    </>
  );
}

function NewAppointmentDialogBody(props: NewAppointmentDialogProps) {
  const { i18n } = useLingui();
  const titleId = useId();
  const patientFormId = useId();
  const reviewFormId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const state = useNewAppointmentState(props);
  const book = useBookForCaller(props.clientId);
  const { step, setStep } = state;

  // Focus follows the step, so keyboard and screen-reader users hear where they are.
  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  const next = () => setStep(Math.min(step + 1, STEPS.length - 1));
  const back = () => setStep(Math.max(step - 1, 0));

  const onInsuranceNext = () => {
    const checked = checkInsurance(state.insurance);
    if ('errors' in checked) {
      state.setInsuranceErrors(checked.errors);
      return;
    }
    state.setInsuranceErrors({});
    next();
  };

  const onBook = async (values: ReviewValues) => {
    const { patient, time } = state;
    const checked = checkInsurance(state.insurance);
    if (patient === null || time === null || 'errors' in checked) return;
    try {
      const answer = await book.mutateAsync({
        patient:
          patient.kind === 'on-file' ? { patientId: patient.patientId } : { newPatient: patient.identity },
        appointmentTypeId: state.choice.appointmentTypeId,
        providerId: time.providerId,
        locationId: state.choice.locationId,
        startUtc: time.startUtc,
        insurance: checked.insurance,
        notes: values.notes,
        ...(values.overrideReason.trim() ? { overrideReason: values.overrideReason.trim() } : {}),
        ...(state.language.value === null ? {} : { language: state.language.value }),
        idempotencyKey: state.idempotencyKey,
      });
      props.onBooked(answer.appointmentId);
    } catch (error) {
      if (isApiError(error) && error.status !== null && error.status < 500) state.renewKey();
      if (needsOverrideReason(error)) {
        state.setReasonNeeded(true);
        return;
      }
      const patientFields = fieldErrorsOf(isApiError(error) ? error.body : undefined)
        .filter((field) => field.path.startsWith(NEW_PATIENT_PREFIX))
        .map((field) => ({ path: field.path.slice(NEW_PATIENT_PREFIX.length), message: field.message }));
      if (patientFields.length > 0) {
        state.setPatientErrors(patientFields);
        setStep(0);
      } else if (isApiError(error) && error.status === 409) {
        state.setTime(null);
      }
    }
  };

  const onNext = step === 2 ? onInsuranceNext : next;
  const canNext =
    step === 0 ? state.mode === 'new' || state.patient !== null : step === 1 ? state.time !== null : true;

  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>
        <Trans>New appointment</Trans>
      </DialogTitle>
      <DialogContent dividers>
        <StepHeader step={step} headingRef={headingRef} />
        <StepContent
          step={step}
          state={state}
          clientId={props.clientId}
          patientFormId={patientFormId}
          reviewFormId={reviewFormId}
          onPatientDone={(identity) => {
            state.setPatient({ kind: 'new', identity });
            next();
          }}
          onBook={onBook}
        />
        {book.error && !needsOverrideReason(book.error) ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessageOf(book.error, i18n._(BOOKING_FAILED))}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>
          <Trans>Cancel</Trans>
        </Button>
        {step > 0 ? (
          <Button onClick={back}>
            <Trans>Back</Trans>
          </Button>
        ) : null}
        {step === 0 && state.mode === 'new' ? (
          <Button key="patient-next" type="submit" form={patientFormId} variant="contained">
            <Trans>Next</Trans>
          </Button>
        ) : step < STEPS.length - 1 ? (
          <Button key="next" variant="contained" disabled={!canNext} onClick={onNext}>
            <Trans>Next</Trans>
          </Button>
        ) : (
          <Button key="book" type="submit" form={reviewFormId} variant="contained" disabled={book.isPending}>
            {book.isPending ? <Trans>Booking…</Trans> : <Trans>Book</Trans>}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** Mounted while open, so that each opening starts afresh (pre-filled from its props). */
export function NewAppointmentDialog(props: NewAppointmentDialogProps) {
  return props.open ? <NewAppointmentDialogBody {...props} /> : null;
}
