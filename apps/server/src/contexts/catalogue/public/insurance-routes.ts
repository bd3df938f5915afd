import {
  getInsuranceResponseSchema,
  getInsuranceTypeResponseSchema,
  insuranceValidationRequestSchema,
  insuranceValidationResponseSchema,
  relationshipResponseSchema,
  schedulerScopeSchema,
  topInsurancePackageResponseSchema,
} from '@scheduler/contract/scheduler-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PUBLIC_API_PREFIX,
  publicErrorResponses,
  readRateLimit,
  refusalErrorResponses,
} from '../../../platform/http/route-kit.ts';
import type { PublicApiOptions } from '../../../platform/http/route-kit.ts';
import { createInsuranceRepository } from './insurance-repository.ts';
import { createInsuranceService } from './insurance-service.ts';

/** The insurance step: carriers and plans, top packages, types, relationships, network check. */
export const insuranceRoutes: FastifyPluginAsyncZod<PublicApiOptions> = (app, options) => {
  const service = createInsuranceService(createInsuranceRepository(options.db));
  const config = readRateLimit(options.rateLimits);
  const tags = ['scheduler (public)'];

  app.get(
    `${PUBLIC_API_PREFIX}/getInsurance`,
    {
      config,
      schema: {
        tags,
        summary: 'Insurance carriers with their active plans',
        querystring: schedulerScopeSchema,
        response: { 200: getInsuranceResponseSchema, ...publicErrorResponses },
      },
    },
    (request) => service.getCarriers(request.query),
  );

  app.get(
    `${PUBLIC_API_PREFIX}/insurance/topInsurancePackage`,
    {
      config,
      schema: {
        tags,
        summary: 'The top insurance packages, by rank',
        querystring: schedulerScopeSchema,
        response: { 200: topInsurancePackageResponseSchema, ...publicErrorResponses },
      },
    },
    (request) => service.getTopPackages(request.query),
  );

  app.get(
    `${PUBLIC_API_PREFIX}/getInsuranceType`,
    {
      config,
      schema: {
        tags,
        summary: 'Insurance types (PPO, HMO …)',
        querystring: schedulerScopeSchema,
        response: { 200: getInsuranceTypeResponseSchema, ...publicErrorResponses },
      },
    },
    (request) => service.getTypes(request.query),
  );

  app.get(
    `${PUBLIC_API_PREFIX}/insurance/getRelationshipToPatient`,
    {
      config,
      schema: {
        tags,
        summary: "The patient's relationship to the policy holder (values the booking accepts)",
        querystring: schedulerScopeSchema,
        response: { 200: relationshipResponseSchema, ...publicErrorResponses },
      },
    },
    (request) => service.getRelationships(request.query),
  );

  app.post(
    `${PUBLIC_API_PREFIX}/insuranceValidation`,
    {
      config,
      schema: {
        tags,
        summary: 'Is the plan in-network with the provider? (insurance 1, self-pay: insurance 3)',
        description:
          'Answers 200 with inNetwork false and the spec’s INSURANCE_NOT_IN_NETWORK message when insurance 1 ' +
          'is Yes and the provider does not accept the plan. Self-pay is refused (400) unless insurance 3 is Yes.',
        body: insuranceValidationRequestSchema,
        response: { 200: insuranceValidationResponseSchema, ...refusalErrorResponses },
      },
    },
    (request) => service.validate(request.body),
  );

  return Promise.resolve();
};
