import {
  getConfigResponseSchema,
  getLocationQuerySchema,
  getLocationResponseSchema,
  getServiceTypeResponseSchema,
  getStatesResponseSchema,
  schedulerScopeSchema,
} from '@scheduler/contract/scheduler-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_API_PREFIX, publicErrorResponses, readRateLimit } from '../../../platform/http/route-kit.ts';
import type { PublicApiOptions } from '../../../platform/http/route-kit.ts';
import { createSchedulerConfigRepository } from './config-repository.ts';
import { createSchedulerConfigService } from './config-service.ts';

/** GET getConfig, getLocation, getServiceType, getStates: what the booking flow shows first. */
export const schedulerConfigRoutes: FastifyPluginAsyncZod<PublicApiOptions> = (app, options) => {
  const service = createSchedulerConfigService(createSchedulerConfigRepository(options.db), options.now);
  const config = readRateLimit(options.rateLimits);
  const tags = ['scheduler (public)'];

  app.get(
    `${PUBLIC_API_PREFIX}/getConfig`,
    {
      config,
      schema: {
        tags,
        summary: "The scheduler's stored settings (rulesConfig), client facts and today's date",
        querystring: schedulerScopeSchema,
        response: { 200: getConfigResponseSchema, ...publicErrorResponses },
      },
    },
    (request) => service.getConfig(request.query),
  );

  app.get(
    `${PUBLIC_API_PREFIX}/getLocation`,
    {
      config,
      schema: {
        tags,
        summary: "The client's locations (only those offering appointmentTypeId when given)",
        querystring: getLocationQuerySchema,
        response: { 200: getLocationResponseSchema, ...publicErrorResponses },
      },
    },
    (request) => service.getLocations(request.query),
  );

  app.get(
    `${PUBLIC_API_PREFIX}/getServiceType`,
    {
      config,
      schema: {
        tags,
        summary: 'The service (appointment) types with their online flags and locations',
        querystring: schedulerScopeSchema,
        response: { 200: getServiceTypeResponseSchema, ...publicErrorResponses },
      },
    },
    (request) => service.getServiceTypes(request.query),
  );

  app.get(
    `${PUBLIC_API_PREFIX}/getStates`,
    {
      config,
      schema: {
        tags,
        summary: 'US states and DC (USPS codes)',
        querystring: schedulerScopeSchema.partial(),
        response: { 200: getStatesResponseSchema, ...publicErrorResponses },
      },
    },
    (_request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return service.getStates();
    },
  );

  return Promise.resolve();
};
