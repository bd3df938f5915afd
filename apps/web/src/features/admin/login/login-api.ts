import {
  acceptInvitationResponseSchema,
  forgotPasswordResponseSchema,
  invitationLookupResponseSchema,
  loginAnswerSchema,
  okResponseSchema,
  type LoginAnswer,
  type LoginStepResponse,
} from '@scheduler/contract/admin/accounts';
import type { LoginRequest, LoginResponse } from '@scheduler/contract/admin-auth';
import { request } from '../../../lib/api-client';

/**
 * The calls made before (or while) signing in: the sign-in and its second steps, the invitation a
 * link carries, and the forgotten-password pair. Not through adminRequest: a 401 here is an answer
 * (wrong credentials, an expired step), not an expired session. Tokens of e-mailed links travel in
 * request bodies only (never in a URL, so never in a log).
 */

export function login(credentials: LoginRequest) {
  return request({
    api: 'config',
    method: 'POST',
    path: 'login',
    data: credentials,
    id: 'admin-login',
    schema: loginAnswerSchema,
  });
}

export function loginTwoFactor(challenge: string, code: string) {
  return request({
    api: 'config',
    method: 'POST',
    path: 'login/two-factor',
    data: { challenge, code },
    id: 'admin-login',
    schema: loginAnswerSchema,
  });
}

export function loginPasswordChange(challenge: string, newPassword: string) {
  return request({
    api: 'config',
    method: 'POST',
    path: 'login/password-change',
    data: { challenge, newPassword },
    id: 'admin-login',
    schema: loginAnswerSchema,
  });
}

/** True when the answer is a second step rather than a session. */
export function isLoginStep(answer: LoginAnswer): answer is LoginStepResponse {
  return 'step' in answer;
}

export function isSignedIn(answer: LoginAnswer): answer is LoginResponse {
  return !isLoginStep(answer);
}

export function lookupInvitation(token: string) {
  return request({
    api: 'config',
    method: 'POST',
    path: 'invitations/lookup',
    data: { token },
    schema: invitationLookupResponseSchema,
  });
}

/** Accepts with the session of the invited account (no name/password), or makes a new account. */
export function acceptInvitation(token: string, account?: { displayName: string; password: string }) {
  return request({
    api: 'config',
    method: 'POST',
    path: 'invitations/accept',
    data: account ? { token, ...account } : { token },
    schema: acceptInvitationResponseSchema,
  });
}

export function requestPasswordReset(email: string) {
  return request({
    api: 'config',
    method: 'POST',
    path: 'password/forgot',
    data: { email },
    schema: forgotPasswordResponseSchema,
  });
}

export function resetPassword(token: string, newPassword: string) {
  return request({
    api: 'config',
    method: 'POST',
    path: 'password/reset',
    data: { token, newPassword },
    schema: okResponseSchema,
  });
}
