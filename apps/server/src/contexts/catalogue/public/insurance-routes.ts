import {
  getInsuranceResponseSchema,
  getInsuranceTypeResponseSchema,
  insuranceValidationRequestSchema,
  insuranceValidationResponseSchema,
  postInsuranceRequestSchema,
  postInsuranceResponseSchema,
  relationshipResponseSchema,
  schedulerScopeSchema,
  topInsurancePackageQuerySchema,
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

/**
 * The insurance step: carriers and plans, top packages, types, relationships, network check and
 * insurance/postInsurance (the step's answer, checked and normalized).
 */
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
        description:
          'With `providerId` (the provider chosen at find-appointment), only the top packages that provider ' +
          'accepts, so the insurance step offers no chip for a plan the provider refuses.',
        querystring: topInsurancePackageQuerySchema,
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

  app.post(
    `${PUBLIC_API_PREFIX}/insurance/postInsurance`,
    {
      config,
      schema: {
        tags,
        summary: "The insurance step's answer for this booking, checked and normalized (writes nothing)",
        description:
          'Body: the scope, the chosen provider (null: any provider) and `insurance`: a plan with member id ' +
          'and relationship, `{ selfPay: true }` (refused with 400 VALIDATION unless insurance 3 is Yes), or ' +
          'null (no insurance given, always allowed). Answers the normalized policy (carrier and plan names, ' +
          'member id trimmed, relationship label) and `inNetwork` (null when there is no plan or no provider ' +
          'to check); `message` is the spec’s INSURANCE_NOT_IN_NETWORK text when insurance 1 is Yes and the ' +
          'provider does not accept the plan. 404 NOT_FOUND for an unknown scheduler, provider, or a plan ' +
          'that is unknown, inactive or not of that carrier; 422 PROVIDER_NOT_ONLINE. Anonymous: no patient ' +
          'record is read or changed; the booking (PUT bookAppointment) carries the policy.',
        body: postInsuranceRequestSchema,
        response: { 200: postInsuranceResponseSchema, ...refusalErrorResponses },
      },
    },
    (request) => service.postInsurance(request.body),
  );

  return Promise.resolve();
};
