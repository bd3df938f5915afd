import type { CurrentUserResponse } from '@scheduler/contract/admin-auth';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { storeAuthSession } from '../../../lib/auth-session';
import { sessionKeys } from '../shared/api/session-api';
import { setAdminDetails, setPermissions } from '../state/admin-slice';
import { useAdminDispatch } from '../state/hooks';
import { shouldUseBearerToken } from './login-helpers';

export interface OpenedSession {
  token: string;
  expiresAt: string;
  session: CurrentUserResponse;
}

/**
 * Keeps a session the server just opened (sign-in, its last step, or accepting an invitation as a
 * new person): the expiry marker (and the bearer token where cookies are blocked), the user and
 * permissions in the admin slice, then opens `to`.
 */
export function useCompleteSignIn() {
  const dispatch = useAdminDispatch();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (answer: OpenedSession, to: string) => {
      storeAuthSession(
        shouldUseBearerToken()
          ? { expiresAt: answer.expiresAt, token: answer.token }
          : { expiresAt: answer.expiresAt },
      );
      dispatch(setAdminDetails([answer.session.user]));
      dispatch(setPermissions(answer.session.permissions));
      queryClient.setQueryData(sessionKeys.user, answer.session);
      await navigate(to, { replace: true });
    },
    [dispatch, navigate, queryClient],
  );
}
