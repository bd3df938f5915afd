import {
  accountResponseSchema,
  endedSessionsResponseSchema,
  okResponseSchema,
  sessionsResponseSchema,
  twoFactorEnrolResponseSchema,
  twoFactorStatusResponseSchema,
} from '@scheduler/contract/admin/accounts';
import { adminRequest } from '../shared/api/admin-request';

/** The signed-in person's own account (config API): password, sessions, two-factor sign-in. */

export const accountKeys = {
  account: ['admin', 'account'] as const,
  sessions: ['admin', 'account', 'sessions'] as const,
};

export function fetchAccount(signal?: AbortSignal) {
  return adminRequest({ api: 'config', path: 'account', signal, schema: accountResponseSchema });
}

export function changePassword(currentPassword: string, newPassword: string) {
  return adminRequest({
    api: 'config',
    method: 'POST',
    path: 'password',
    data: { currentPassword, newPassword },
    schema: okResponseSchema,
  });
}

export function fetchSessions(signal?: AbortSignal) {
  return adminRequest({ api: 'config', path: 'sessions', signal, schema: sessionsResponseSchema });
}

export function endSession(sessionId: string) {
  return adminRequest({
    api: 'config',
    method: 'DELETE',
    path: `sessions/${encodeURIComponent(sessionId)}`,
    schema: okResponseSchema,
  });
}

export function endOtherSessions() {
  return adminRequest({
    api: 'config',
    method: 'POST',
    path: 'sessions/end-others',
    schema: endedSessionsResponseSchema,
  });
}

export function enrolTwoFactor(currentPassword: string) {
  return adminRequest({
    api: 'config',
    method: 'POST',
    path: 'two-factor/enrol',
    data: { currentPassword },
    schema: twoFactorEnrolResponseSchema,
  });
}

export function confirmTwoFactor(code: string) {
  return adminRequest({
    api: 'config',
    method: 'POST',
    path: 'two-factor/confirm',
    data: { code },
    schema: twoFactorStatusResponseSchema,
  });
}

export function disableTwoFactor(currentPassword: string, code: string) {
  return adminRequest({
    api: 'config',
    method: 'POST',
    path: 'two-factor/disable',
    data: { currentPassword, code },
    schema: twoFactorStatusResponseSchema,
  });
}
