import type { SchedulerSettings } from '@scheduler/domain/settings';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useInsuranceCarriers, useTopInsurancePackages } from '../api/insurance';
import type { BookingScope } from '../api/scope';
import { useBookingSelector } from '../state/hooks';
import type { BookingEventInput } from '../use-booking-analytics';
import { readPaymentChoice, type PaymentChoice, type PaymentKind, type PlanOption } from './payment-choice';
import { planOptionsOf, type PaymentFieldsProps } from './payment-fields';

/**
 * The landing's payment question: its answer (from the booking state until the patient answers,
 * so a remembered patient's plan shows), the plans and popular plans, and the choice to keep.
 */
export function useLandingPayment(
  scope: Pick<BookingScope, 'clientName' | 'scheduler'>,
  settings: SchedulerSettings | undefined,
  send: (event: BookingEventInput) => void,
): { fields: PaymentFieldsProps; choice: () => PaymentChoice | null } {
  const stored = readPaymentChoice(useBookingSelector((state) => state.servicetype.insurance));
  const storedKind = stored?.kind ?? null;
  const storedPlanId = stored?.kind === 'plan' ? stored.planId : null;
  const carriersQuery = useInsuranceCarriers(scope);
  const topQuery = useTopInsurancePackages(scope);

  const [paymentKind, setPaymentKind] = useState<PaymentKind | null>(storedKind);
  const [chosenPlanId, setChosenPlanId] = useState<string | null>(storedPlanId);
  const answered = useRef(false);
  useEffect(() => {
    // Filled in after the landing opened (a remembered patient): shown until the patient answers.
    if (answered.current) return;
    setPaymentKind(storedKind);
    setChosenPlanId(storedPlanId);
  }, [storedKind, storedPlanId]);

  const carriers = useMemo(() => carriersQuery.data ?? [], [carriersQuery.data]);
  const planOptions = useMemo(() => planOptionsOf(carriers), [carriers]);
  // A plan no longer offered (deactivated since) is not kept.
  const plan: PlanOption | null = planOptions.find((option) => option.planId === chosenPlanId) ?? null;
  const selfPayAllowed = settings?.selfPayCheck === true;
  // Self-pay chosen before the practice stopped offering it: the question is open again.
  const kind = paymentKind === 'selfPay' && settings && !selfPayAllowed ? null : paymentKind;

  return {
    fields: {
      kind,
      plan,
      onKind: (next) => {
        answered.current = true;
        setPaymentKind(next);
      },
      onPlan: (next) => {
        answered.current = true;
        setChosenPlanId(next?.planId ?? null);
      },
      selfPayAllowed,
      carriers,
      topPackages: topQuery.data ?? [],
      send,
    },
    choice: () => {
      if (kind === 'plan')
        return plan && { kind: 'plan', planId: plan.planId, carrierId: plan.carrierId, name: plan.name };
      return kind === null ? null : { kind };
    },
  };
}
