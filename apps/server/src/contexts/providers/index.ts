/*
 * Providers: the practice's clinicians, their maps to services, locations and insurance plans,
 * and their generated avatars. This file is the context's only public entry.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db/database.ts';
import { createAvatarRepository } from './avatars/avatar-repository.ts';
import { avatarRoutes } from './avatars/routes.ts';
import { createAvatarService } from './avatars/service.ts';

export { providerAdminRoutes, providerRoutes } from './provider-routes.ts';
export { toProviderProfile } from './provider-record.ts';
export type { ProviderProfile, ProviderProfileRow } from './provider-record.ts';
export { selectAppointmentsToRebook } from './rebooking-repository.ts';
export type { RebookFilter } from './rebooking-repository.ts';

/** `GET /api/avatars/:clientSlug/:providerId.svg` (a published provider of that brand). */
export const avatarPlugin: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(avatarRoutes, { service: createAvatarService(createAvatarRepository(db)) });
};
