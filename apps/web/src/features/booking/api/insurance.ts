import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import type { SchedulerContract } from './contract';
import { contractSchema } from './contract-validation';
import { schedulerKey, type BookingScope } from './scope';

type Scope = Pick<BookingScope, 'clientName' | 'scheduler'>;
export type InsuranceCarrier = z.output<SchedulerContract['insuranceCarrierSchema']>;
export type TopPackage = z.output<SchedulerContract['topInsurancePackageResponseSchema']>['packages'][number];
export type RelationshipOption = z.output<
  SchedulerContract['relationshipResponseSchema']
>['relationships'][number];

const scopeParams = (scope: Scope) => ({ clientName: scope.clientName, scheduler: scope.scheduler });

export function useInsuranceCarriers(scope: Scope) {
  return useQuery({
    queryKey: [...schedulerKey(scope), 'insurance'],
    queryFn: async ({ signal }) =>
      (
        await request({
          id: 'getInsurance',
          path: 'getInsurance',
          params: scopeParams(scope),
          signal,
          schema: contractSchema('getInsuranceResponseSchema'),
        })
      ).carriers,
    staleTime: 5 * 60_000,
  });
}

/** The popular plans as chips; with `providerId`, only those the provider accepts. */
export function useTopInsurancePackages(scope: Scope, providerId?: string | null) {
  return useQuery({
    queryKey: [...schedulerKey(scope), 'topInsurancePackage', providerId ?? null],
    queryFn: async ({ signal }) =>
      (
        await request({
          id: 'topInsurancePackage',
          path: 'insurance/topInsurancePackage',
          params: providerId ? { ...scopeParams(scope), providerId } : scopeParams(scope),
          signal,
          schema: contractSchema('topInsurancePackageResponseSchema'),
        })
      ).packages,
    staleTime: 5 * 60_000,
  });
}

export function useRelationships(scope: Scope) {
  return useQuery({
    queryKey: [...schedulerKey(scope), 'relationships'],
    queryFn: async ({ signal }) =>
      (
        await request({
          id: 'getRelationshipToPatient',
          path: 'insurance/getRelationshipToPatient',
          params: scopeParams(scope),
          signal,
          schema: contractSchema('relationshipResponseSchema'),
        })
      ).relationships,
    staleTime: 5 * 60_000,
  });
}

export type PostInsuranceAnswer = z.output<SchedulerContract['postInsuranceResponseSchema']>;
export type PostInsuranceInput = Omit<
  z.input<SchedulerContract['postInsuranceRequestSchema']>,
  'clientName' | 'scheduler'
>;

/**
 * POST insurance/postInsurance: the insurance step's answer (a plan, self-pay or none) checked by the
 * server — plan active for the brand, in-network with the chosen provider, self-pay offered — and
 * answered normalized. Nothing is stored by the server; the booking carries the policy.
 */
export async function postInsurance(scope: Scope, input: PostInsuranceInput): Promise<PostInsuranceAnswer> {
  return request({
    id: 'postInsurance',
    method: 'POST',
    path: 'insurance/postInsurance',
    data: { ...scopeParams(scope), ...input },
    schema: contractSchema('postInsuranceResponseSchema'),
  });
}
