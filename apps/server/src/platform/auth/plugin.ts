import fastifyPlugin from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { createStaffAuth } from './staff-auth.ts';
import type { StaffAuth } from './staff-auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one staff authentication stack (sessions, guard, audit), decorated by `staffAuthPlugin`. */
    staffAuth: StaffAuth;
  }
}

export interface StaffAuthPluginOptions {
  config: Pick<Config, 'cookieSecure'> & Partial<Pick<Config, 'loginHashKey'>>;
  db: Db;
  redis?: Redis | undefined;
  /** The app's clock (tests pin it). */
  now?: () => Date;
}

/**
 * Staff authentication, registered once in `app.ts`: decorates the app with `staffAuth`
 * (`guard.authenticate()`, `guard.requireStaff({ permission })`, `auth`, `audit`) for every
 * context's staff routes. `fastify-plugin` lifts the decoration out of the plugin's scope.
 */
export const staffAuthPlugin = fastifyPlugin<StaffAuthPluginOptions>(
  (app, { config, db, redis, now }) => {
    const clock = now === undefined ? undefined : () => now().getTime();
    app.decorate(
      'staffAuth',
      createStaffAuth({ config, db, redis, ...(clock === undefined ? {} : { now: clock }) }),
    );
    return Promise.resolve();
  },
  { name: 'staff-auth', fastify: '5.x' },
);
