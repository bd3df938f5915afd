import { avatarParamsSchema } from '@scheduler/contract/avatars';
import { DomainError } from '@scheduler/domain/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AvatarService } from './service.ts';

/**
 * The generated avatar of a published provider of the brand the URL names (issue 15, finding 11):
 * 404 for another brand's provider, an unpublished one or an unknown id, so that counting ids
 * reveals no name. The old brandless URL `/api/avatars/{providerId}.svg` is gone (404).
 */
export const avatarRoutes: FastifyPluginAsyncZod<{ service: AvatarService }> = (app, { service }) => {
  app.get(
    '/api/avatars/:clientSlug/:providerId.svg',
    {
      schema: {
        tags: ['providers'],
        summary:
          "A published provider's generated avatar (initials), the default photo; 404 unless the brand named has this published provider",
        params: avatarParamsSchema,
      },
    },
    async (request, reply) => {
      const svg = await service.getProviderAvatar(request.params.clientSlug, request.params.providerId);
      if (svg === undefined) throw new DomainError('NOT_FOUND', 'Not found');
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(svg);
    },
  );
  return Promise.resolve();
};
