import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { RELATIONSHIPS } from '@scheduler/contract/booking';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { InsuranceCarrier, RelationshipOption, TopPackage } from '../api/insurance';
import { ChoiceGroup } from '../components/choice-group';
import { FormTextField } from '../components/form-fields';
import type { BookingEventInput } from '../use-booking-analytics';
import type { InsuranceFormValues } from './insurance-form';

type Plan = InsuranceCarrier['plans'][number];

export interface PolicyFieldsProps {
  form: UseFormReturn<InsuranceFormValues>;
  carriers: InsuranceCarrier[];
  /** The chosen carrier's plans, popular ones first. */
  plans: Plan[];
  carrierChosen: boolean;
  topPackages: TopPackage[];
  relationships: RelationshipOption[] | undefined;
  /** Any change clears an earlier refusal. */
  onEdit: () => void;
  send: (event: BookingEventInput) => void;
}

/**
 * How the patient will pay: with insurance, self-pay when offered (insurance 3), or no insurance
 * (always allowed: the booking goes without a policy).
 */
export function PaymentQuestion({
  form,
  payment,
  selfPayAllowed,
  onEdit,
}: {
  form: UseFormReturn<InsuranceFormValues>;
  payment: InsuranceFormValues['payment'] | null;
  selfPayAllowed: boolean;
  onEdit: () => void;
}) {
  const { t } = useLingui();
  return (
    <Controller
      control={form.control}
      name="payment"
      render={({ field, fieldState }) => (
        <ChoiceGroup
          id="payment"
          legend={t`How will you pay?`}
          value={payment}
          error={fieldState.error?.message ?? null}
          onChange={(value) => {
            field.onChange(value === 'self' || value === 'none' ? value : 'insurance');
            form.clearErrors('payment');
            onEdit();
          }}
          options={[
            { value: 'insurance', label: t`With my insurance` },
            ...(selfPayAllowed ? [{ value: 'self', label: t`I will pay myself (self-pay)` }] : []),
            { value: 'none', label: t`I don't have insurance`, description: t`You can book without it.` },
          ]}
        />
      )}
    />
  );
}

/** The insurance policy: popular plans, carrier, plan, member id and relationship to the holder. */
export function PolicyFields(props: PolicyFieldsProps) {
  const { form } = props;
  const { t } = useLingui();
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      {props.topPackages.length > 0 ? <TopPlans {...props} /> : null}
      <CarrierPlanFields {...props} />
      <FormTextField
        control={form.control}
        name="memberId"
        label={t`Member ID`}
        required
        autoComplete="off"
        maxLength={40}
        helperText={t`As shown on your insurance card`}
      />
      <RelationshipField form={form} relationships={props.relationships} />
    </Box>
  );
}

/** The scheduler's popular plans as chips: one tap picks the carrier and the plan. */
function TopPlans({ form, topPackages, onEdit, send }: PolicyFieldsProps) {
  return (
    <Box component="section" aria-labelledby="top-plans-title">
      <Box component="h2" id="top-plans-title" sx={{ fontSize: '1rem', m: 0, mb: 1 }}>
        <Trans>Popular plans</Trans>
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
                onEdit();
                send({ action: 'click', eventLabel: 'top_plan' });
              }}
              sx={{ minHeight: 40 }}
            />
          );
        })}
      </Box>
    </Box>
  );
}

/** The carrier (choosing one clears the plan) and its plans, popular ones first. */
function CarrierPlanFields({ form, carriers, plans, carrierChosen, onEdit }: PolicyFieldsProps) {
  const { t } = useLingui();
  return (
    <>
      <Controller
        control={form.control}
        name="carrierId"
        render={({ field, fieldState }) => (
          <TextField
            select
            id="field-carrierId"
            label={t`Insurance carrier`}
            required
            value={field.value}
            inputRef={field.ref}
            onBlur={field.onBlur}
            onChange={(event) => {
              field.onChange(event.target.value);
              form.setValue('planId', '');
              onEdit();
            }}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            fullWidth
          >
            <option value="">{t`Choose your carrier`}</option>
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
            label={t`Plan`}
            required
            value={field.value}
            inputRef={field.ref}
            onBlur={field.onBlur}
            onChange={(event) => {
              field.onChange(event.target.value);
              onEdit();
            }}
            error={Boolean(fieldState.error)}
            helperText={
              fieldState.error?.message ?? (carrierChosen ? undefined : t`Choose your carrier first`)
            }
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            fullWidth
          >
            <option value="">{t`Choose your plan`}</option>
            {[
              { label: t`Popular plans`, list: plans.filter((plan) => plan.topRank !== null) },
              { label: t`Other plans`, list: plans.filter((plan) => plan.topRank === null) },
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
    </>
  );
}

/** The contract's relationship labels (RELATIONSHIPS), by their English text. */
const RELATIONSHIP_LABELS: Record<string, MessageDescriptor> = {
  Self: msg`Self`,
  Spouse: msg`Spouse`,
  Child: msg`Child`,
  Parent: msg`Parent`,
  'Common-law spouse': msg`Common-law spouse`,
  Other: msg`Other`,
};

/** The patient's relationship to the policy holder (the scheduler's list, else the contract's). */
function RelationshipField({
  form,
  relationships: offered,
}: Pick<PolicyFieldsProps, 'form' | 'relationships'>) {
  const relationships = offered?.length ? offered : RELATIONSHIPS.map((option) => ({ ...option }));
  const { t, i18n } = useLingui();
  const labelOf = (label: string) => {
    const known = Object.hasOwn(RELATIONSHIP_LABELS, label) ? RELATIONSHIP_LABELS[label] : undefined;
    return known ? i18n._(known) : label;
  };
  return (
    <Controller
      control={form.control}
      name="relationship"
      render={({ field, fieldState }) => (
        <TextField
          select
          id="field-relationship"
          label={t`Relationship to the policy holder`}
          required
          value={field.value}
          inputRef={field.ref}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(event.target.value)}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? t`The patient is the policy holder: choose Self`}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          fullWidth
        >
          <option value="">{t`Choose the relationship`}</option>
          {relationships.map((option) => (
            <option key={option.value} value={option.value}>
              {labelOf(option.label)}
            </option>
          ))}
        </TextField>
      )}
    />
  );
}
