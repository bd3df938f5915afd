import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { createAuditLog } from '../audit/audit-log.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { createAuditRepository } from '../audit/audit-repository.ts';
import { createRedisAttemptStore } from './attempt-store.ts';
import type { AttemptStore } from './attempt-store.ts';
import { createAuthRepository } from './auth-repository.ts';
import { createChallengeRepository } from './challenge-repository.ts';
import { createSecretBox } from './secret-box.ts';
import { createDatabaseAttemptStore } from './login-attempt-repository.ts';
import { createStaffGuard } from './request-guard.ts';
import type { StaffGuard } from './request-guard.ts';
import { createAuthService } from './auth-service.ts';
import type { AuthService } from './auth-service.ts';

export interface StaffAuth {
  auth: AuthService;
  guard: StaffGuard;
  audit: AuditLog;
}

/**
 * The staff authentication stack over one database (and Redis when configured): any module with
 * staff-only routes builds one and uses `guard.requireStaff({ permission })`. Sessions live in the
 * database, so several stacks (or server instances) agree on every answer.
 */
export function createStaffAuth({
  config,
  db,
  redis,
  now = Date.now,
}: {
  config: Pick<Config, 'cookieSecure'> & Partial<Pick<Config, 'loginHashKey'>>;
  db: Db;
  redis?: Redis | undefined;
  /** The clock (epoch ms); tests pin it. */
  now?: () => number;
}): StaffAuth {
  const audit = createAuditLog(createAuditRepository(db));
  const attempts: AttemptStore =
    redis === undefined
      ? createDatabaseAttemptStore(db, config.loginHashKey)
      : createRedisAttemptStore(redis, '', config.loginHashKey);
  const auth = createAuthService({
    repository: createAuthRepository(db),
    challenges: createChallengeRepository(db),
    attempts,
    audit,
    totpBox: createSecretBox('totp-secret', config.loginHashKey),
    now,
  });
  return { auth, audit, guard: createStaffGuard({ auth, config }) };
}
