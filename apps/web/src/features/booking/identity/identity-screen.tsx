import { zodResolver } from '@hookform/resolvers/zod';
import type { I18n } from '@lingui/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { createPatientIdentitySchema } from '@scheduler/contract/patient';
import type { SchedulerSettings } from '@scheduler/domain/settings';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { useBookingDispatch, useBookingSelector } from '../state/hooks';
import { setPatientDetail, setSelectedProvider, setSelectedTime } from '../state/patientdetails-slice';
import { setStepper } from '../state/stepper-slice';
import type { PatientdetailsState } from '../state/patientdetails-schema';
import { LoadingScreen } from '../../../components/loading-screen';
import { translateKnown } from '../../../lib/error-texts';
import { bookAppointment, lookUpPatient } from '../api/booking-calls';
import { isCancelled, shownErrorOf } from '../api/contract';
import { useLocations } from '../api/get-catalogue';
import { useSchedulerConfig } from '../api/get-config';
import { forgetProviderSearches } from '../api/get-providers';
import { useBookingScope, type BookingScope } from '../api/scope';
import { stepIndex } from '../booking-steps';
import { AppointmentSummary } from '../components/appointment-summary';
import { EMPTY_IDENTITY, IdentityFields, type IdentityFormValues } from '../components/identity-fields';
import { OfficeMessage } from '../components/office-message';
import { StepActions } from '../components/step-actions';
import { StepPage } from '../components/step-page';
import { buildBookingRequest } from '../lib/booking-request';
import {
  readInsurancePolicy,
  readPatientDetail,
  readProvider,
  readService,
  readTime,
} from '../lib/flow-state';
import { useBookingAnalytics, usePageView } from '../use-booking-analytics';
import type { ThankYouState } from '../thank-you/thank-you-state';
import { translatedResolver } from './contract-messages';
import { RememberMeCheckbox, useRememberMe } from './remember-me';

type Outcome = { kind: 'refusal' | 'error'; message: string } | { kind: 'slot-taken'; message: string };

const IDENTITY_FIELDS = [
  'firstName',
  'lastName',
  'dateOfBirth',
  'phone',
  'email',
  'smsPermission',
  'emailPermission',
] as const;

/** Step 5: who the patient is; then the existing-patient check and the booking itself. */
export function IdentityScreen() {
  const scope = useBookingScope();
  const config = useSchedulerConfig(scope);
  usePageView('identity');
  if (!config.data) return <LoadingScreen />;
  return (
    <IdentityForm
      scope={scope}
      settings={config.data.settings}
      today={config.data.today}
      clientPhone={config.data.client.phone}
    />
  );
}

interface IdentityFormProps {
  scope: BookingScope;
  settings: SchedulerSettings;
  today: string;
  clientPhone: string;
}

function IdentityForm({ scope, settings, today, clientPhone }: IdentityFormProps) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const dispatch = useBookingDispatch();
  const queryClient = useQueryClient();
  const locations = useLocations(scope).data ?? [];
  const { send } = useBookingAnalytics('identity');
  const { t, i18n } = useLingui();

  const storedDetail = useBookingSelector((state) => state.patientdetails.patientdetail);
  const service = readService(useBookingSelector((state) => state.servicetype.servicetype));
  const provider = readProvider(useBookingSelector((state) => state.patientdetails.selectedProvider));
  const time = readTime(useBookingSelector((state) => state.patientdetails.selectedTime));
  const policy = readInsurancePolicy(useBookingSelector((state) => state.patientdetails.insurancePolicy));
  const isExistingPatient = useBookingSelector((state) => state.patientdetails.isExistingPatient);
  const sessionId = useBookingSelector((state) => state.patientdetails.sessionId);
  const utm = useBookingSelector((state) => state.patientdetails.utm);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const rememberMe = useRememberMe(scope.clientName, settings.rememberMeInWidget);
  const outcomeRef = useRef<HTMLDivElement>(null);

  const detail = readPatientDetail(storedDetail);
  const schema = useMemo(
    () => createPatientIdentitySchema({ smsEmailPermissions: settings.smsEmailPermissions, today }),
    [settings.smsEmailPermissions, today],
  );
  const form = useForm<IdentityFormValues, unknown, ReturnType<typeof schema.parse>>({
    resolver: translatedResolver(zodResolver(schema), i18n),
    defaultValues: { ...EMPTY_IDENTITY, ...pickIdentity(detail) },
    mode: 'onTouched',
  });

  const storedRef = useKeptDraft(form, storedDetail);

  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const officePhone = locations.find((location) => location.id === time?.locationId)?.phone ?? clientPhone;

  const onSubmit = form.handleSubmit(async (identity) => {
    if (!service || !provider || !time) return;
    setOutcome(null);
    dispatch(setPatientDetail({ ...(storedRef.current ?? {}), ...identity }));
    try {
      const lookup = await lookUpPatient(scope, identity, service.appointmentTypeId);
      const refusal = lookup.existingAppointment?.message ?? lookup.refusal?.message ?? null;
      if (refusal) {
        setOutcome({ kind: 'refusal', message: refusalText(i18n, refusal) });
        send({
          action: 'alert',
          eventLabel: lookup.existingAppointment ? 'existing_appointment' : 'refusal',
          alert: refusal,
        });
        return;
      }
      const booking = await bookAppointment(
        buildBookingRequest({
          clientName: scope.clientName,
          scheduler: scope.scheduler,
          service,
          provider,
          time,
          patient: identity,
          isExistingPatient: isExistingPatient || lookup.isExistingPatient,
          insurance: policy,
          details: { reasonForVisit: detail.reasonForVisit, notes: detail.notes },
          sessionId: sessionId ?? time.idempotencyKey,
          campaign: utm,
        }),
      );
      send({
        action: 'click',
        eventLabel: 'book_appointment',
        clickPageName: 'thankyou',
        context: { isAptBooked: true, isExistingPatient: isExistingPatient || lookup.isExistingPatient },
      });
      await rememberMe.keepOrForget({ identity, insurance: policy, service, provider, booking });
      dispatch(setStepper(stepIndex('thankyou')));
      const state: ThankYouState = { booking };
      void navigate({ pathname: '../thankyou', search }, { relative: 'path', state, replace: true });
    } catch (error) {
      if (isCancelled(error)) return;
      const failure = failureOutcome(error, i18n, (name, message) => form.setError(name, { message }));
      setOutcome(failure.outcome);
      send({ action: 'alert', eventLabel: failure.code.toLowerCase(), alert: failure.outcome.message });
    }
  });

  const chooseNewTime = () => {
    // The answers stay; only the time that was taken is given up.
    dispatch(setSelectedTime(null));
    dispatch(setSelectedProvider(null));
    forgetProviderSearches(queryClient, scope); // the taken time must not come back from the cache
    send({ action: 'click', eventLabel: 'choose_new_time', clickPageName: 'findappointment' });
    void navigate({ pathname: '../findappointment', search }, { relative: 'path' });
  };

  const errorCount = Object.keys(form.formState.errors).length;
  const submitting = form.formState.isSubmitting;
  return (
    <StepPage
      heading={t`Your information`}
      intro={t`We use these details to book your appointment and to contact you about it.`}
    >
      <AppointmentSummary scope={scope} />
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ maxWidth: 720 }}>
        <ErrorSummary count={errorCount} shown={form.formState.isSubmitted} />
        <IdentityFields
          control={form.control}
          permissionsRequired={settings.smsEmailPermissions === 'required'}
          today={today}
        />
        <RememberMeCheckbox choice={rememberMe} />

        <Box ref={outcomeRef} tabIndex={-1} sx={{ '&:focus': { outline: 'none' } }}>
          {outcome ? (
            <BookingOutcome outcome={outcome} phone={officePhone} onChooseNewTime={chooseNewTime} />
          ) : null}
        </Box>

        <StepActions
          onBack={() => void navigate({ pathname: '../insurance', search }, { relative: 'path' })}
          next={submitting ? t`Booking...` : t`Book appointment`}
          busy={submitting}
        />
      </Box>
    </StepPage>
  );
}

function pickIdentity(detail: ReturnType<typeof readPatientDetail>): Partial<IdentityFormValues> {
  const picked: Partial<IdentityFormValues> = {};
  for (const key of IDENTITY_FIELDS) {
    const value = detail[key];
    if (value !== undefined) (picked as Record<string, unknown>)[key] = value;
  }
  return picked;
}

/** The lookup's refusal (the server's English, spec section 8) in the patient's language when known. */
function refusalText(i18n: I18n, refusal: string): string {
  return translateKnown(i18n, refusal);
}

/**
 * What a failed lookup or booking shows. Slot taken, or (appointment 3) a time with the patient's
 * own provider is needed: both go back to choose a new time (the provider-change message names
 * their provider). A VALIDATION answer's field messages go next to their fields (`setFieldError`), in
 * the patient's language when they are the contract's.
 */
function failureOutcome(
  error: unknown,
  i18n: I18n,
  setFieldError: (name: (typeof IDENTITY_FIELDS)[number], message: string) => void,
): { outcome: Outcome; code: string } {
  const shown = shownErrorOf(error);
  if (shown.code === 'SLOT_TAKEN' || shown.code === 'PROVIDER_CHANGE_NOT_ALLOWED')
    return { outcome: { kind: 'slot-taken', message: shown.message }, code: shown.code };
  for (const field of shown.fields) {
    const name = field.path.replace(/^patient\./, '');
    if ((IDENTITY_FIELDS as readonly string[]).includes(name))
      setFieldError(name as (typeof IDENTITY_FIELDS)[number], translateKnown(i18n, field.message));
  }
  const isRefusal = shown.status === 409 || shown.status === 422;
  return { outcome: { kind: isRefusal ? 'refusal' : 'error', message: shown.message }, code: shown.code };
}

/** The refusal or failure of the booking, with "Choose a new time" when the time was taken. */
function BookingOutcome({
  outcome,
  phone,
  onChooseNewTime,
}: {
  outcome: Outcome;
  phone: string;
  onChooseNewTime: () => void;
}) {
  if (outcome.kind === 'slot-taken')
    return (
      <OfficeMessage message={outcome.message} phone={phone} severity="warning" id="booking-outcome">
        <Button variant="contained" onClick={onChooseNewTime}>
          <Trans>Choose a new time</Trans>
        </Button>
      </OfficeMessage>
    );
  return (
    <OfficeMessage
      message={outcome.message}
      phone={phone}
      severity={outcome.kind === 'error' ? 'error' : 'warning'}
      id="booking-outcome"
    />
  );
}

/** After a submit, how many fields need correcting (announced politely). */
function ErrorSummary({ count, shown }: { count: number; shown: boolean }) {
  return (
    <Box role="status" aria-live="polite" sx={{ mb: count > 0 && shown ? 2 : 0 }}>
      {count > 0 && shown ? (
        <Box component="p" sx={{ m: 0, color: 'error.main', fontWeight: 600 }}>
          <Plural
            value={count}
            one="Please correct the field marked below."
            other="Please correct the # fields marked below."
          />
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * What the patient types is kept (encrypted, for this session) so a reload loses nothing. Returns
 * the latest stored details (the submit merges into them too).
 */
function useKeptDraft(
  form: { watch: (callback: (values: Partial<IdentityFormValues>) => void) => { unsubscribe: () => void } },
  storedDetail: PatientdetailsState['patientdetail'],
) {
  const dispatch = useBookingDispatch();
  const storedRef = useRef(storedDetail);
  storedRef.current = storedDetail;
  useEffect(() => {
    const subscription = form.watch((values) => {
      dispatch(setPatientDetail({ ...(storedRef.current ?? {}), ...values }));
    });
    return () => subscription.unsubscribe();
  }, [form, dispatch]);
  return storedRef;
}
