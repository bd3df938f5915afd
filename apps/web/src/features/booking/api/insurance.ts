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

export function useTopInsurancePackages(scope: Scope) {
  return useQuery({
    queryKey: [...schedulerKey(scope), 'topInsurancePackage'],
    queryFn: async ({ signal }) =>
      (
        await request({
          id: 'topInsurancePackage',
          path: 'insurance/topInsurancePackage',
          params: scopeParams(scope),
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

export interface InsuranceCheck {
  inNetwork: boolean;
  message: string | null;
}

/** POST insuranceValidation: is the plan in-network with the provider (insurance setting 1)? */
export async function validateInsurance(
  scope: Scope,
  input: { providerId: string; planId: string | null; selfPay: boolean },
): Promise<InsuranceCheck> {
  return request({
    id: 'insuranceValidation',
    method: 'POST',
    path: 'insuranceValidation',
    data: { ...scopeParams(scope), ...input },
    schema: contractSchema('insuranceValidationResponseSchema'),
  });
}
