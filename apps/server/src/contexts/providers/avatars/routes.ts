import { INT4_MAX } from '@scheduler/contract/common';
import { DomainError } from '@scheduler/domain/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AvatarService } from './service.ts';

export const avatarRoutes: FastifyPluginAsyncZod<{ service: AvatarService }> = (app, { service }) => {
  app.get(
    '/api/avatars/:providerId.svg',
    {
      schema: {
        tags: ['providers'],
        summary: "A provider's generated avatar (initials), used as the default photo",
        params: z.object({ providerId: z.coerce.number().int().positive().max(INT4_MAX) }),
      },
    },
    async (request, reply) => {
      const svg = await service.getProviderAvatar(request.params.providerId);
      if (svg === undefined) throw new DomainError('NOT_FOUND', 'Not found');
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(svg);
    },
  );
  return Promise.resolve();
};
