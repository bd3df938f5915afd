import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import type { InsuranceCarrier, TopPackage } from '../api/insurance';
import { ChoiceGroup } from '../components/choice-group';
import type { BookingEventInput } from '../use-booking-analytics';
import { plansMatching, type PaymentKind, type PlanOption } from './payment-choice';

export interface PaymentFieldsProps {
  kind: PaymentKind | null;
  plan: PlanOption | null;
  onKind: (kind: PaymentKind) => void;
  onPlan: (plan: PlanOption | null) => void;
  /** Insurance 3: the explicit self-pay choice is offered. "No insurance" always is. */
  selfPayAllowed: boolean;
  carriers: readonly InsuranceCarrier[];
  topPackages: readonly TopPackage[];
  send: (event: BookingEventInput) => void;
}

/** Every active plan with its carrier's name, by carrier then plan. */
export function planOptionsOf(carriers: readonly InsuranceCarrier[]): PlanOption[] {
  return [...carriers]
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((carrier) =>
      [...carrier.plans]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((plan) => ({
          planId: plan.planId,
          carrierId: carrier.carrierId,
          name: plan.name,
          carrierName: carrier.name,
        })),
    );
}

/**
 * How the patient will pay, on the landing: with a plan (popular plans as chips, every plan in a
 * searchable list), self-pay when offered, or no insurance. Optional: left open, the insurance step
 * asks. Native elements and the static stylesheet (no Material UI on the landing).
 */
export function PaymentFields(props: PaymentFieldsProps) {
  const { kind, plan, onKind, onPlan, selfPayAllowed, send } = props;
  const { t } = useLingui();
  return (
    <>
      <div className="landing-inline">
        <ChoiceGroup
          id="payment"
          legend={t`How will you pay? (optional)`}
          value={kind}
          onChange={(value) => {
            const next: PaymentKind = value === 'plan' || value === 'selfPay' ? value : 'none';
            onKind(next);
            send({ action: 'click', eventLabel: `payment_${next}` });
          }}
          options={[
            { value: 'plan', label: t`With my insurance` },
            ...(selfPayAllowed ? [{ value: 'selfPay', label: t`I'll pay myself` }] : []),
            { value: 'none', label: t`I don't have insurance` },
          ]}
        />
      </div>
      {kind === 'plan' ? <PlanPicker {...props} plan={plan} onPlan={onPlan} /> : null}
    </>
  );
}

function PlanPicker({ plan, onPlan, carriers, topPackages, send }: PaymentFieldsProps) {
  const id = useId();
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const plans = useMemo(() => planOptionsOf(carriers), [carriers]);
  const byId = useMemo(() => new Map(plans.map((option) => [option.planId, option])), [plans]);
  const matching = plansMatching(plans, search);
  const found = matching.length;
  // The chosen plan stays in the list whatever the search.
  const listed =
    plan && !matching.some((option) => option.planId === plan.planId) ? [plan, ...matching] : matching;
  const groups = new Map<string, PlanOption[]>();
  for (const option of listed)
    groups.set(option.carrierName, [...(groups.get(option.carrierName) ?? []), option]);
  const chips = topPackages.filter((top) => byId.has(top.planId));
  const planName = plan?.name ?? '';

  return (
    <div className="plan-picker">
      {chips.length > 0 ? (
        <div role="group" aria-labelledby={`${id}-popular`} className="plan-picker__chips">
          <span id={`${id}-popular`} className="plan-picker__label">
            <Trans>Popular plans</Trans>
          </span>
          {chips.map((top) => {
            const pressed = plan?.planId === top.planId;
            return (
              <button
                key={top.planId}
                type="button"
                className="plan-chip"
                aria-pressed={pressed}
                onClick={() => {
                  onPlan(pressed ? null : (byId.get(top.planId) ?? null));
                  send({ action: 'click', eventLabel: 'top_plan' });
                }}
              >
                {top.name}
              </button>
            );
          })}
        </div>
      ) : null}
      <div className="plan-picker__search">
        <label htmlFor={`${id}-search`} className="plan-picker__label">
          <Trans>Search all plans</Trans>
        </label>
        <input
          id={`${id}-search`}
          type="search"
          className="landing-input"
          value={search}
          autoComplete="off"
          placeholder={t`Carrier or plan name`}
          aria-describedby={`${id}-count`}
          onChange={(event) => setSearch(event.target.value)}
        />
        <span id={`${id}-count`} role="status" className="plan-picker__count">
          {search.trim() ? t`${plural(found, { one: '# plan found', other: '# plans found' })}` : ''}
        </span>
        <label htmlFor={`${id}-plan`} className="plan-picker__label">
          <Trans>Your plan</Trans>
        </label>
        <select
          id={`${id}-plan`}
          className="landing-input"
          value={plan?.planId ?? ''}
          onChange={(event) => onPlan(byId.get(event.target.value) ?? null)}
        >
          <option value="">{listed.length ? t`Choose your plan` : t`No plan matches your search`}</option>
          {[...groups].map(([carrierName, options]) => (
            <optgroup key={carrierName} label={carrierName}>
              {options.map((option) => (
                <option key={option.planId} value={option.planId}>
                  {option.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <p className="plan-picker__hint">
        {plan
          ? t`We will show only providers in network with ${planName}.`
          : t`Not sure of your plan? You can continue and give it later.`}
      </p>
    </div>
  );
}
