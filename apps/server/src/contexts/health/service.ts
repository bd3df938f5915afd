import type { HealthRepository } from './health-repository.ts';

export interface HealthReport {
  status: 'ok' | 'unavailable';
  database: 'sqlite' | 'postgres';
  reachable: boolean;
}

const PING_TIMEOUT_MS = 2_000;

export interface HealthService {
  checkHealth(): Promise<HealthReport>;
}

export function createHealthService(repository: HealthRepository): HealthService {
  return {
    async checkHealth() {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
      });
      try {
        await Promise.race([repository.ping(), timeout]);
        return { status: 'ok', database: repository.dialect, reachable: true };
      } catch {
        return { status: 'unavailable', database: repository.dialect, reachable: false };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
