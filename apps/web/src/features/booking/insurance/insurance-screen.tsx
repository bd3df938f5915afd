import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { useBookingDispatch, useBookingSelector } from '../state/hooks';
import { setInsurancePolicy } from '../state/patientdetails-slice';
import { setInsurance } from '../state/servicetype-slice';
import { setStepper } from '../state/stepper-slice';
import { LoadingScreen } from '../../../components/loading-screen';
import { useLocations } from '../api/get-catalogue';
import { useSchedulerConfig } from '../api/get-config';
import { useInsuranceCarriers, useRelationships, useTopInsurancePackages } from '../api/insurance';
import { useBookingScope } from '../api/scope';
import { advanceStepper } from '../booking-steps';
import { AppointmentSummary } from '../components/appointment-summary';
import { OfficeMessage } from '../components/office-message';
import { StepActions } from '../components/step-actions';
import { StepPage } from '../components/step-page';
import { translateKnown } from '../../../lib/error-texts';
import { translatedResolver } from '../identity/contract-messages';
import { readInsurancePolicy, readProvider, readTime } from '../lib/flow-state';
import { paymentRecord, readPaymentChoice } from '../landing/payment-choice';
import { useBookingAnalytics, usePageView } from '../use-booking-analytics';
import { PaymentQuestion, PolicyFields } from './insurance-fields';
import {
  defaultValuesOf,
  insuranceFormSchema,
  insuranceOf,
  submitInsurance,
  type InsuranceFormValues,
  type PaymentAnswer,
} from './insurance-form';

/**
 * Step 4: insurance carrier, plan (top packages the provider accepts first), member id and
 * relationship; self-pay when offered (insurance 3); or no insurance (always allowed). The answer is
 * checked by POST insurance/postInsurance (in network with the chosen provider: the safety net for a
 * plan not chosen on the landing) and kept as the server normalized it.
 */
export function InsuranceScreen() {
  const scope = useBookingScope();
  const navigate = useNavigate();
  const { search } = useLocation();
  const dispatch = useBookingDispatch();
  const config = useSchedulerConfig(scope);
  const carriersQuery = useInsuranceCarriers(scope);

  const relationshipsQuery = useRelationships(scope);
  const locations = useLocations(scope).data ?? [];
  const { send } = useBookingAnalytics('insurance');
  usePageView('insurance');
  const { t, i18n } = useLingui();

  const stepper = useBookingSelector((state) => state.stepper.stepper);
  const stored = readInsurancePolicy(useBookingSelector((state) => state.patientdetails.insurancePolicy));
  const landing = readPaymentChoice(useBookingSelector((state) => state.servicetype.insurance));
  const provider = readProvider(useBookingSelector((state) => state.patientdetails.selectedProvider));
  // Only the popular plans the chosen provider accepts (all of them for "any provider").
  const topQuery = useTopInsurancePackages(scope, provider?.providerId ?? null);
  const time = readTime(useBookingSelector((state) => state.patientdetails.selectedTime));
  const [refusal, setRefusal] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const settings = config.data?.settings;
  const selfPayAllowed = settings?.selfPayCheck === true;

  const form = useForm<InsuranceFormValues>({
    resolver: translatedResolver(zodResolver(insuranceFormSchema), i18n),
    defaultValues: defaultValuesOf(stored, landing),
  });
  const chosenPayment = form.watch('payment');
  // Self-pay no longer offered: the patient chooses again (insurance or none).
  const payment: PaymentAnswer | null = chosenPayment === 'self' && !selfPayAllowed ? null : chosenPayment;
  const carrierId = form.watch('carrierId');

  const carriers = useMemo(
    () => [...(carriersQuery.data ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
    [carriersQuery.data],
  );
  const carrier = carriers.find((candidate) => candidate.carrierId === carrierId);
  const plans = useMemo(
    () =>
      [...(carrier?.plans ?? [])].sort(
        (a, b) =>
          (a.topRank ?? Number.MAX_SAFE_INTEGER) - (b.topRank ?? Number.MAX_SAFE_INTEGER) ||
          a.name.localeCompare(b.name),
      ),
    [carrier],
  );
  const topPackages = [...(topQuery.data ?? [])].sort((a, b) => a.rank - b.rank);
  const officePhone =
    locations.find((location) => location.id === time?.locationId)?.phone ??
    config.data?.client.phone ??
    null;

  if (config.isPending || carriersQuery.isPending) return <LoadingScreen />;

  const onSubmit = form.handleSubmit(async (values) => {
    if (payment === null) return form.setError('payment', { message: t`Choose how you will pay` });
    setRefusal(null);
    setChecking(true);
    const outcome = await submitInsurance(scope, provider?.providerId ?? null, insuranceOf(values, payment));
    setChecking(false);
    if (outcome.kind === 'invalid') {
      for (const { field, message } of outcome.fields)
        form.setError(field, { message: translateKnown(i18n, message) }, { shouldFocus: true });
      return;
    }
    if (outcome.kind === 'refused') {
      setRefusal(outcome.message);
      if (outcome.notInNetwork)
        send({ action: 'alert', eventLabel: 'insurance_not_in_network', alert: outcome.message });
      return;
    }
    dispatch(setInsurancePolicy(outcome.policy));
    // Remembered as the landing's answer too when it was left open there (coming back shows it).
    if (landing === null && payment !== 'insurance')
      dispatch(setInsurance(paymentRecord({ kind: payment === 'self' ? 'selfPay' : 'none' })));
    dispatch(setStepper(advanceStepper(stepper, 3)));
    send({
      action: 'click',
      eventLabel: payment === 'self' ? 'self_pay' : payment === 'none' ? 'no_insurance' : 'insurance',
      clickPageName: 'identity',
    });
    void navigate({ pathname: '../identity', search }, { relative: 'path' });
  });

  return (
    <StepPage heading={t`Insurance`} intro={t`Tell us how you will pay for your visit.`}>
      <AppointmentSummary scope={scope} />
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ maxWidth: 720 }}>
        <PaymentQuestion
          form={form}
          payment={payment}
          selfPayAllowed={selfPayAllowed}
          onEdit={() => setRefusal(null)}
        />

        {payment === 'insurance' ? (
          <PolicyFields
            form={form}
            carriers={carriers}
            plans={plans}
            carrierChosen={carrier !== undefined}
            topPackages={topPackages}
            relationships={relationshipsQuery.data}
            onEdit={() => setRefusal(null)}
            send={send}
          />
        ) : null}

        {refusal ? <OfficeMessage id="insurance-refusal" message={refusal} phone={officePhone} /> : null}

        <StepActions
          onBack={() => void navigate({ pathname: '../additionaldetails', search }, { relative: 'path' })}
          next={checking ? t`Checking your plan...` : t`Continue`}
          busy={checking || form.formState.isSubmitting}
        />
      </Box>
    </StepPage>
  );
}
