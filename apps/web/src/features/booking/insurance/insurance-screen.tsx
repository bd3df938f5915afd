import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { formatMessage } from '@scheduler/domain/messages';
import { RELATIONSHIPS, insuranceDetailsSchema } from '@scheduler/contract/booking';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import * as z from 'zod';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { setInsurancePolicy } from '../../../app/slices/patientdetails-slice';
import { setStepper } from '../../../app/slices/stepper-slice';
import { LoadingScreen } from '../../../components/loading-screen';
import { shownErrorOf } from '../api/contract';
import { useLocations } from '../api/get-catalogue';
import { useSchedulerConfig } from '../api/get-config';
import {
  useInsuranceCarriers,
  useRelationships,
  useTopInsurancePackages,
  validateInsurance,
} from '../api/insurance';
import { useBookingScope } from '../api/scope';
import { advanceStepper } from '../booking-steps';
import { AppointmentSummary } from '../components/appointment-summary';
import { ChoiceGroup } from '../components/choice-group';
import { FormTextField } from '../components/form-fields';
import { OfficeMessage } from '../components/office-message';
import { StepActions } from '../components/step-actions';
import { StepPage } from '../components/step-page';
import { readInsuranceFilter, readInsurancePolicy, readProvider, readTime } from '../lib/flow-state';
import { useBookingAnalytics, usePageView } from '../use-booking-analytics';

/** The form's flat values; checked with the domain's insurance schema unless the patient pays themselves. */
const insuranceFormSchema = z
  .object({
    selfPay: z.boolean(),
    carrierId: z.string(),
    planId: z.string(),
    memberId: z.string(),
    relationship: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.selfPay) return;
    const result = insuranceDetailsSchema.safeParse({ ...values, selfPay: false });
    if (result.success) return;
    for (const issue of result.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });
type InsuranceFormValues = z.input<typeof insuranceFormSchema>;

/** Step 4: insurance carrier, plan (top packages first), member id and relationship, or self-pay. */
export function InsuranceScreen() {
  const scope = useBookingScope();
  const navigate = useNavigate();
  const { search } = useLocation();
  const dispatch = useAppDispatch();
  const config = useSchedulerConfig(scope);
  const carriersQuery = useInsuranceCarriers(scope);
  const topQuery = useTopInsurancePackages(scope);
  const relationshipsQuery = useRelationships(scope);
  const locations = useLocations(scope).data ?? [];
  const { send } = useBookingAnalytics('insurance');
  usePageView('insurance');

  const stepper = useAppSelector((state) => state.stepper.stepper);
  const stored = readInsurancePolicy(useAppSelector((state) => state.patientdetails.insurancePolicy));
  const filter = readInsuranceFilter(useAppSelector((state) => state.servicetype.insurance));
  const provider = readProvider(useAppSelector((state) => state.patientdetails.selectedProvider));
  const time = readTime(useAppSelector((state) => state.patientdetails.selectedTime));
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
  const relationships = relationshipsQuery.data?.length
    ? relationshipsQuery.data
    : RELATIONSHIPS.map((option) => ({ ...option }));
  const officePhone =
    locations.find((location) => location.id === time?.locationId)?.phone ??
    config.data?.client.phone ??
    null;

  if (config.isPending || carriersQuery.isPending) return <LoadingScreen />;

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null);
    const paying = values.selfPay && selfPayAllowed;
    if (settings?.checkInsuranceCompatibility && provider) {
      setChecking(true);
      try {
        const check = await validateInsurance(scope, {
          providerId: provider.providerId,
          planId: paying ? null : values.planId,
          selfPay: paying,
        });
        if (!check.inNetwork) {
          const message = check.message ?? formatMessage('INSURANCE_NOT_IN_NETWORK');
          setRefusal(message);
          send({ action: 'alert', eventLabel: 'insurance_not_in_network', alert: message });
          return;
        }
      } catch (error) {
        setRefusal(shownErrorOf(error).message);
        return;
      } finally {
        setChecking(false);
      }
    }
    const chosenCarrier = carriers.find((candidate) => candidate.carrierId === values.carrierId);
    const chosenPlan = chosenCarrier?.plans.find((plan) => plan.planId === values.planId);
    dispatch(
      setInsurancePolicy(
        paying
          ? { selfPay: true }
          : {
              selfPay: false,
              carrierId: values.carrierId,
              planId: values.planId,
              memberId: values.memberId.trim(),
              relationship: values.relationship,
              carrierName: chosenCarrier?.name ?? '',
              planName: chosenPlan?.name ?? '',
            },
      ),
    );
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
          <Box sx={{ display: 'grid', gap: 2.5 }}>
            {topPackages.length > 0 ? (
              <Box component="section" aria-labelledby="top-plans-title">
                <Box component="h2" id="top-plans-title" sx={{ fontSize: '1rem', m: 0, mb: 1 }}>
                  Popular plans
                </Box>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                  {topPackages.map((plan) => {
                    const picked = form.watch('planId') === plan.planId;
                    return (
                      <Chip
                        key={plan.planId}
                        label={plan.name}
                        color={picked ? 'primary' : 'default'}
                        variant={picked ? 'filled' : 'outlined'}
                        aria-pressed={picked}
                        onClick={() => {
                          form.setValue('carrierId', plan.carrierId, {
                            shouldValidate: form.formState.isSubmitted,
                          });
                          form.setValue('planId', plan.planId, {
                            shouldValidate: form.formState.isSubmitted,
                          });
                          setRefusal(null);
                          send({ action: 'click', eventLabel: 'top_plan' });
                        }}
                        sx={{ minHeight: 40 }}
                      />
                    );
                  })}
                </Box>
              </Box>
            ) : null}

            <Controller
              control={form.control}
              name="carrierId"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  id="field-carrierId"
                  label="Insurance carrier"
                  required
                  value={field.value}
                  inputRef={field.ref}
                  onBlur={field.onBlur}
                  onChange={(event) => {
                    field.onChange(event.target.value);
                    form.setValue('planId', '');
                    setRefusal(null);
                  }}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                  fullWidth
                >
                  <option value="">Choose your carrier</option>
                  {carriers.map((option) => (
                    <option key={option.carrierId} value={option.carrierId}>
                      {option.name}
                    </option>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={form.control}
              name="planId"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  id="field-planId"
                  label="Plan"
                  required
                  value={field.value}
                  inputRef={field.ref}
                  onBlur={field.onBlur}
                  onChange={(event) => {
                    field.onChange(event.target.value);
                    setRefusal(null);
                  }}
                  error={Boolean(fieldState.error)}
                  helperText={
                    fieldState.error?.message ?? (carrier ? undefined : 'Choose your carrier first')
                  }
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                  fullWidth
                >
                  <option value="">Choose your plan</option>
                  {[
                    { label: 'Popular plans', list: plans.filter((plan) => plan.topRank !== null) },
                    { label: 'Other plans', list: plans.filter((plan) => plan.topRank === null) },
                  ]
                    .filter((group) => group.list.length > 0)
                    .map((group) => (
                      <optgroup key={group.label} label={group.label}>
                        {group.list.map((plan) => (
                          <option key={plan.planId} value={plan.planId}>
                            {plan.name}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                </TextField>
              )}
            />
            <FormTextField
              control={form.control}
              name="memberId"
              label="Member ID"
              required
              autoComplete="off"
              maxLength={40}
              helperText="As shown on your insurance card"
            />
            <Controller
              control={form.control}
              name="relationship"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  id="field-relationship"
                  label="Relationship to the policy holder"
                  required
                  value={field.value}
                  inputRef={field.ref}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(event.target.value)}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? 'The patient is the policy holder: choose Self'}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                  fullWidth
                >
                  <option value="">Choose the relationship</option>
                  {relationships.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </TextField>
              )}
            />
          </Box>
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
