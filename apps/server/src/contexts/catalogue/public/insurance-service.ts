/*
 * Insurance reads of the booking flow, POST insuranceValidation (insurance 1: is the plan
 * in-network with the provider; insurance 3: is self-pay offered) and POST insurance/postInsurance
 * (the insurance step's answer, checked and normalized; nothing is written).
 */
import { bookingRefusal } from '@scheduler/domain/errors';
import {
  BOOKING_MESSAGES,
  PLAN_NOT_FOUND_MESSAGE,
  PROVIDER_NOT_FOUND_MESSAGE,
} from '@scheduler/domain/messages';
import { RELATIONSHIPS } from '@scheduler/contract/booking';
import type {
  PostInsuranceRequest,
  PostInsuranceResponse,
  SchedulerScope as SchedulerScopeQuery,
} from '@scheduler/contract/scheduler-api';
import { assertSelfPayOffered } from '../insurance-rules.ts';
import { notFound, parseRecordId, requireRecordId, requireScope } from '../scheduler-scope.ts';
import type { SchedulerScope } from '../scheduler-scope.ts';
import type { InsuranceRepository } from './insurance-repository.ts';

export interface InsuranceValidationRequest extends SchedulerScopeQuery {
  providerId: string;
  planId: string | null;
  selfPay: boolean;
}

export interface InsuranceService {
  getCarriers(query: SchedulerScopeQuery): Promise<{
    carriers: {
      carrierId: string;
      name: string;
      plans: { planId: string; name: string; insuranceTypeId: string | null; topRank: number | null }[];
    }[];
  }>;
  getTopPackages(
    query: SchedulerScopeQuery & { providerId?: string | undefined },
  ): Promise<{ packages: { planId: string; carrierId: string; name: string; rank: number }[] }>;
  getTypes(query: SchedulerScopeQuery): Promise<{ types: { insuranceTypeId: string; name: string }[] }>;
  getRelationships(
    query: SchedulerScopeQuery,
  ): Promise<{ relationships: { value: string; label: string }[] }>;
  validate(request: InsuranceValidationRequest): Promise<{ inNetwork: boolean; message: string | null }>;
  /** POST insurance/postInsurance: the policy checked and normalized (writes nothing). */
  postInsurance(request: PostInsuranceRequest): Promise<PostInsuranceResponse>;
}

/** '  ab  12 ' → 'ab 12': what the card shows, without the typing's stray spaces. */
function normalizedMemberId(memberId: string): string {
  return memberId.trim().replace(/\s+/g, ' ');
}

export function createInsuranceService(repository: InsuranceRepository): InsuranceService {
  async function scopeOf(query: SchedulerScopeQuery): Promise<SchedulerScope> {
    const found = await repository.findScope(query.clientName, query.scheduler);
    return requireScope(found?.scope);
  }

  return {
    async getCarriers(query) {
      const scope = await scopeOf(query);
      const carriers = await repository.listCarriers(scope.clientId);
      return {
        carriers: carriers.map((carrier) => ({
          carrierId: String(carrier.id),
          name: carrier.name,
          plans: carrier.plans.map((plan) => ({
            planId: String(plan.id),
            name: plan.name,
            insuranceTypeId: plan.insuranceTypeId === null ? null : String(plan.insuranceTypeId),
            topRank: plan.topRank,
          })),
        })),
      };
    },

    async getTopPackages(query) {
      const scope = await scopeOf(query);
      // Another brand's or an unknown provider accepts nothing here: no chips rather than an error.
      const providerId = query.providerId === undefined ? undefined : (parseRecordId(query.providerId) ?? -1);
      const packages = await repository.listTopPackages(scope.clientId, providerId);
      return {
        packages: packages.map((p) => ({
          planId: String(p.planId),
          carrierId: String(p.carrierId),
          name: p.name,
          rank: p.rank,
        })),
      };
    },

    async getTypes(query) {
      const scope = await scopeOf(query);
      const types = await repository.listTypes(scope.clientId);
      return { types: types.map((t) => ({ insuranceTypeId: String(t.id), name: t.name })) };
    },

    async getRelationships(query) {
      // The values the booking request accepts (FHIR subscriber relationship codes).
      await scopeOf(query);
      return { relationships: RELATIONSHIPS.map(({ value, label }) => ({ value, label })) };
    },

    async validate(request) {
      const scope = await scopeOf(request);
      const providerId = requireRecordId(request.providerId, PROVIDER_NOT_FOUND_MESSAGE, 'providerId');
      const planId = request.selfPay || request.planId === null ? null : parseRecordId(request.planId);
      if (planId === undefined) throw notFound(PLAN_NOT_FOUND_MESSAGE, 'planId');
      const found = await repository.findProviderPlan(scope.clientId, providerId, planId);
      if (found === undefined) throw notFound(PROVIDER_NOT_FOUND_MESSAGE, 'providerId');
      if (!found.onlineBookable) throw bookingRefusal('PROVIDER_NOT_ONLINE');
      if (request.selfPay) {
        assertSelfPayOffered(scope.settings, 'selfPay');
        return { inNetwork: true, message: null };
      }
      if (planId === null) return { inNetwork: true, message: null };
      if (found.planId === null) throw notFound(PLAN_NOT_FOUND_MESSAGE, 'planId');
      // Without the compatibility check (insurance 1 'No') nothing is refused.
      if (!scope.settings.checkInsuranceCompatibility || found.accepted)
        return { inNetwork: true, message: null };
      return { inNetwork: false, message: BOOKING_MESSAGES.INSURANCE_NOT_IN_NETWORK };
    },

    async postInsurance(request) {
      const scope = await scopeOf(request);
      const insurance = request.insurance;
      const providerId =
        request.providerId === null
          ? null
          : requireRecordId(request.providerId, PROVIDER_NOT_FOUND_MESSAGE, 'providerId');
      if (insurance?.selfPay === true) assertSelfPayOffered(scope.settings, 'insurance.selfPay');

      const plan =
        insurance?.selfPay === false
          ? await repository.findActivePlan(
              scope.clientId,
              requireRecordId(insurance.planId, PLAN_NOT_FOUND_MESSAGE, 'insurance.planId'),
            )
          : undefined;
      if (
        insurance?.selfPay === false &&
        (plan === undefined || String(plan.carrierId) !== insurance.carrierId)
      )
        throw notFound(PLAN_NOT_FOUND_MESSAGE, 'insurance.planId');

      let inNetwork: boolean | null = null;
      if (providerId !== null) {
        const found = await repository.findProviderPlan(scope.clientId, providerId, plan?.planId ?? null);
        if (found === undefined) throw notFound(PROVIDER_NOT_FOUND_MESSAGE, 'providerId');
        if (!found.onlineBookable) throw bookingRefusal('PROVIDER_NOT_ONLINE');
        if (plan !== undefined) inNetwork = found.accepted;
      }
      const refused = inNetwork === false && scope.settings.checkInsuranceCompatibility;

      if (insurance === null) return { policy: null, inNetwork, message: null };
      if (insurance.selfPay) return { policy: { selfPay: true }, inNetwork, message: null };
      if (plan === undefined) throw notFound(PLAN_NOT_FOUND_MESSAGE, 'insurance.planId');
      const relationship = RELATIONSHIPS.find((option) => option.value === insurance.relationship);
      return {
        policy: {
          selfPay: false,
          carrierId: String(plan.carrierId),
          carrierName: plan.carrierName,
          planId: String(plan.planId),
          planName: plan.planName,
          memberId: normalizedMemberId(insurance.memberId),
          relationship: insurance.relationship,
          relationshipLabel: relationship?.label ?? insurance.relationship,
        },
        inNetwork,
        message: refused ? BOOKING_MESSAGES.INSURANCE_NOT_IN_NETWORK : null,
      };
    },
  };
}
