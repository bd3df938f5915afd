import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/database.ts';
import { authRoutes } from '../auth/routes.ts';
import { createStaffAuth } from '../auth/staff-auth.ts';
import { createUsersRepository } from '../auth/users-repository.ts';
import { usersRoutes } from '../auth/users-routes.ts';
import { createUsersService } from '../auth/users-service.ts';
import { adminCrudRoutes } from './admin-crud-routes.ts';
import { createCatalogueRepository } from './catalogue-repository.ts';
import { createCatalogueService } from './catalogue-service.ts';
import { createMappingRepository } from './mapping-repository.ts';
import { createProviderRepository } from './provider-repository.ts';
import { adminConfigRoutes } from './routes.ts';
import { createAdminConfigService } from './service.ts';
import { createSettingsRepository } from './settings-repository.ts';
import { createStaffDataRepository } from './staff-data-repository.ts';
import { createStaffDataService } from './staff-data-service.ts';

export interface StaffApiOptions {
  config: Config;
  db: Db;
  redis?: Redis | undefined;
}

/**
 * Everything staff use: the config/auth API (`/api/config/*`, `/api/scheduler/adminLogin`), the
 * practice's users, and the staff-only scheduler calls (`/api/scheduler/*` and
 * `/api/scheduler/admin/*`).
 */
export const staffApi: FastifyPluginAsyncZod<StaffApiOptions> = async (app, { config, db, redis }) => {
  const { auth, guard, audit } = createStaffAuth({ config, db, redis });
  const adminConfig = createAdminConfigService({
    settings: createSettingsRepository(db),
    providers: createProviderRepository(db),
    mappings: createMappingRepository(db),
    audit,
  });
  const catalogue = createCatalogueService({ repository: createCatalogueRepository(db), audit });
  const staffData = createStaffDataService({ repository: createStaffDataRepository(db), audit });
  const users = createUsersService({ repository: createUsersRepository(db), audit });

  await app.register(authRoutes, { auth, guard });
  await app.register(usersRoutes, { guard, users });
  await app.register(adminConfigRoutes, { guard, config: adminConfig, staffData });
  await app.register(adminCrudRoutes, { guard, catalogue, config: adminConfig });
};
