import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { useBookingDispatch, useBookingSelector } from '../state/hooks';
import { setInsurancePolicy } from '../state/patientdetails-slice';
import { setStepper } from '../state/stepper-slice';
import { LoadingScreen } from '../../../components/loading-screen';
import { useLocations } from '../api/get-catalogue';
import { useSchedulerConfig } from '../api/get-config';
import { useInsuranceCarriers, useRelationships, useTopInsurancePackages } from '../api/insurance';
import { useBookingScope } from '../api/scope';
import { advanceStepper } from '../booking-steps';
import { AppointmentSummary } from '../components/appointment-summary';
import { ChoiceGroup } from '../components/choice-group';
import { OfficeMessage } from '../components/office-message';
import { StepActions } from '../components/step-actions';
import { StepPage } from '../components/step-page';
import { readInsuranceFilter, readInsurancePolicy, readProvider, readTime } from '../lib/flow-state';
import { useBookingAnalytics, usePageView } from '../use-booking-analytics';
import { PolicyFields } from './insurance-fields';
import { insuranceFormSchema, policyOf, refusalFor, type InsuranceFormValues } from './insurance-form';

/** Step 4: insurance carrier, plan (top packages first), member id and relationship, or self-pay. */
export function InsuranceScreen() {
  const scope = useBookingScope();
  const navigate = useNavigate();
  const { search } = useLocation();
  const dispatch = useBookingDispatch();
  const config = useSchedulerConfig(scope);
  const carriersQuery = useInsuranceCarriers(scope);
  const topQuery = useTopInsurancePackages(scope);
  const relationshipsQuery = useRelationships(scope);
  const locations = useLocations(scope).data ?? [];
  const { send } = useBookingAnalytics('insurance');
  usePageView('insurance');

  const stepper = useBookingSelector((state) => state.stepper.stepper);
  const stored = readInsurancePolicy(useBookingSelector((state) => state.patientdetails.insurancePolicy));
  const filter = readInsuranceFilter(useBookingSelector((state) => state.servicetype.insurance));
  const provider = readProvider(useBookingSelector((state) => state.patientdetails.selectedProvider));
  const time = readTime(useBookingSelector((state) => state.patientdetails.selectedTime));
  const [refusal, setRefusal] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const settings = config.data?.settings;
  const selfPayAllowed = settings?.selfPayCheck === true;

  const form = useForm<InsuranceFormValues>({
    resolver: zodResolver(insuranceFormSchema),
    defaultValues: {
      selfPay: stored?.selfPay === true,
      carrierId: stored && !stored.selfPay ? stored.carrierId : (filter?.carrierId ?? ''),
      planId: stored && !stored.selfPay ? stored.planId : (filter?.planId ?? ''),
      memberId: stored && !stored.selfPay ? stored.memberId : '',
      relationship: stored && !stored.selfPay ? stored.relationship : '',
    },
  });
  const selfPay = form.watch('selfPay') && selfPayAllowed;
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
    const paying = values.selfPay && selfPayAllowed;
    setRefusal(null);
    if (settings?.checkInsuranceCompatibility && provider) {
      setChecking(true);
      const refused = await refusalFor(scope, provider.providerId, paying ? null : values.planId, paying);
      setChecking(false);
      if (refused !== null) {
        setRefusal(refused.message);
        if (refused.notInNetwork)
          send({ action: 'alert', eventLabel: 'insurance_not_in_network', alert: refused.message });
        return;
      }
    }
    dispatch(setInsurancePolicy(policyOf(values, paying, carriers)));
    dispatch(setStepper(advanceStepper(stepper, 3)));
    send({ action: 'click', eventLabel: paying ? 'self_pay' : 'insurance', clickPageName: 'identity' });
    void navigate({ pathname: '../identity', search }, { relative: 'path' });
  });

  return (
    <StepPage heading="Insurance" intro="Tell us how you will pay for your visit.">
      <AppointmentSummary scope={scope} />
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ maxWidth: 720 }}>
        {selfPayAllowed ? (
          <Controller
            control={form.control}
            name="selfPay"
            render={({ field }) => (
              <ChoiceGroup
                id="payment"
                legend="How will you pay?"
                value={field.value ? 'self' : 'insurance'}
                onChange={(value) => {
                  field.onChange(value === 'self');
                  setRefusal(null);
                }}
                options={[
                  { value: 'insurance', label: 'With my insurance' },
                  { value: 'self', label: 'I will pay myself (self-pay)' },
                ]}
              />
            )}
          />
        ) : null}

        {!selfPay ? (
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
          next={checking ? 'Checking your plan...' : 'Continue'}
          busy={checking || form.formState.isSubmitting}
        />
      </Box>
    </StepPage>
  );
}
