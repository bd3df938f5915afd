import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db/database.ts';
import { authRoutes } from './session-routes.ts';
import { createUsersRepository } from './users-repository.ts';
import { usersRoutes } from './users-routes.ts';
import { createUsersService } from './users-service.ts';

export { LOGIN_RATE_LIMIT } from './session-routes.ts';

/**
 * Staff accounts: the config/auth API (sign-in at `/api/config/login` and
 * `/api/scheduler/adminLogin`, the signed-in user, brands, switching brand, sign-out) and the
 * practice's users (`/api/config/users`). Sessions and the guard are platform/auth's
 * (`app.staffAuth`, registered once in app.ts).
 */
export const staffRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const { auth, guard, audit } = app.staffAuth;
  const users = createUsersService({ repository: createUsersRepository(db), audit });

  await app.register(authRoutes, { auth, guard });
  await app.register(usersRoutes, { guard, users });
};
