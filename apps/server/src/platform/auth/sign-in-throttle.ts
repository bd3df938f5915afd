import { DomainError } from '@scheduler/domain/errors';
import { ATTEMPT_WINDOW_MS } from './attempt-store.ts';
import type { RecentFailures } from './attempt-store.ts';

/*
 * Sign-in throttling (issue 15 #4), keyed on the account and on the IP address separately, read
 * from the shared attempt store (Redis or `login_attempts`) before the password is checked:
 *
 * - Per IP: after IP_FAILURE_LIMIT failed sign-ins in an hour (any accounts), the address is
 *   refused until the oldest failure ages out. 50 wrong passwords from one address lock out that
 *   address, never anyone else.
 * - Per account, a progressive delay instead of a lock: from ACCOUNT_DELAY_AFTER failures since
 *   the account's last sign-in, each further attempt must wait 2^(n − ACCOUNT_DELAY_AFTER) seconds
 *   (n failures; at most MAX_ACCOUNT_DELAY_SECONDS) after the latest failure, or is answered 429
 *   with Retry-After. The delay applies only to addresses that have themselves failed on this
 *   account (since they last signed in to it, within the hour): an address that has not failed
 *   gets its password checked, so a correct password from the person's own network always
 *   succeeds however many failures an attacker piled up elsewhere. An attacker gets one guess
 *   per fresh address per hour and account; the per-address limits and the password policy
 *   (≥ 12 characters, not common) bound what that buys.
 * - Per IP and route, @fastify/rate-limit caps sign-in requests (session-routes.ts, 20 a minute).
 */

/** Failed sign-ins per account from which further attempts (from failing addresses) wait. */
export const ACCOUNT_DELAY_AFTER = 3;
/** The longest wait between two attempts on one account (15 minutes). */
export const MAX_ACCOUNT_DELAY_SECONDS = 900;
/** Failed sign-ins per IP address per hour (any accounts) before the address is refused. */
export const IP_FAILURE_LIMIT = 50;

/** The wait (seconds) after the n-th failure of an account, or undefined below the threshold. */
export function accountDelaySeconds(failures: number): number | undefined {
  if (failures < ACCOUNT_DELAY_AFTER) return undefined;
  return Math.min(2 ** (failures - ACCOUNT_DELAY_AFTER), MAX_ACCOUNT_DELAY_SECONDS);
}

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function refusal(message: string, retryAfterSeconds: number): DomainError {
  return new DomainError('RATE_LIMITED', `${message} Try again in ${waitText(retryAfterSeconds)}.`, {
    retryAfterSeconds,
  });
}

/** Until when an address is refused: the instant the (n − limit + 1)-th oldest failure ages out. */
function ipRefusedUntil(failures: readonly number[]): number | undefined {
  if (failures.length < IP_FAILURE_LIMIT) return undefined;
  const freeing = failures[failures.length - IP_FAILURE_LIMIT];
  return freeing === undefined ? undefined : freeing + ATTEMPT_WINDOW_MS;
}

/** Until when the account makes this address wait, if it does. */
function accountWaitUntil(failures: RecentFailures): number | undefined {
  if (failures.accountFromIp.length === 0) return undefined; // an address that has not failed
  const delay = accountDelaySeconds(failures.account.length);
  const latest = failures.account.at(-1);
  if (delay === undefined || latest === undefined) return undefined;
  return latest + delay * 1000;
}

/** The refusal of a sign-in attempt at `now` (before its password is checked), or undefined. */
export function throttleRefusal(failures: RecentFailures, now: number): DomainError | undefined {
  const ip = ipRefusedUntil(failures.ip);
  if (ip !== undefined && ip > now) {
    return refusal('Too many failed sign-in attempts from this network.', Math.ceil((ip - now) / 1000));
  }
  const account = accountWaitUntil(failures);
  if (account !== undefined && account > now) {
    return refusal('Too many failed sign-in attempts.', Math.ceil((account - now) / 1000));
  }
  return undefined;
}
