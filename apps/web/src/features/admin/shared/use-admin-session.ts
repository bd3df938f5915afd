import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAdminDispatch } from '../state/hooks';
import {
  resetAdmin,
  setAdminDetails,
  setClientBrands,
  setFullPageLoader,
  setPermissions,
} from '../state/admin-slice';
import { clearAuthSession } from '../../../lib/auth-session';
import { loginPath } from './admin-paths';
import { onUnauthenticated } from './api/admin-request';
import { fetchClients, fetchCurrentUser, logout, sessionKeys, switchClient } from './api/session-api';

/** Sends the user to the login screen (remembering the page) as soon as any admin call answers 401. */
export function useUnauthenticatedRedirect(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useAdminDispatch();
  const queryClient = useQueryClient();
  const from = `${location.pathname}${location.search}`;

  useEffect(
    () =>
      onUnauthenticated(() => {
        dispatch(resetAdmin());
        queryClient.removeQueries({ queryKey: ['admin'] });
        void navigate(loginPath(), { replace: true, state: { from, reason: 'expired' } });
      }),
    [dispatch, from, navigate, queryClient],
  );
}

/** Signs out: tells the server, forgets the session and the admin state, and opens the login screen. */
export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const navigate = useNavigate();
  const dispatch = useAdminDispatch();
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = useCallback(async () => {
    setSigningOut(true);
    dispatch(setFullPageLoader(true));
    try {
      await logout();
    } catch {
      // The session is forgotten here whatever the server answered (it may have expired already).
    } finally {
      clearAuthSession();
      dispatch(resetAdmin());
      queryClient.removeQueries({ queryKey: ['admin'] });
      setSigningOut(false);
      await navigate(loginPath(), { replace: true });
    }
  }, [dispatch, navigate, queryClient]);

  return { signOut, signingOut };
}

/** The user's brands (GET clients), mirrored into the admin slice's clientBrands. */
export function useClientBrands() {
  const dispatch = useAdminDispatch();
  const query = useQuery({ queryKey: sessionKeys.clients, queryFn: ({ signal }) => fetchClients(signal) });
  useEffect(() => {
    if (query.data) dispatch(setClientBrands(query.data.clients));
  }, [dispatch, query.data]);
  return query;
}

/**
 * The signed-in user as seen in brand `clientId` (GET user; GET switch/clients first when the
 * session's active brand is another one). Mirrors the user and the role's permissions into the
 * admin slice.
 */
export function useClientSession(clientId: string) {
  const dispatch = useAdminDispatch();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: sessionKeys.session(clientId),
    queryFn: async ({ signal }) => {
      const current = await fetchCurrentUser(signal);
      const user = current.activeClient?.clientId === clientId ? current : await switchClient(clientId);
      queryClient.setQueryData(sessionKeys.user, user);
      return user;
    },
    staleTime: 60_000,
  });
  useEffect(() => {
    if (!query.data) return;
    dispatch(setAdminDetails([query.data.user]));
    dispatch(setPermissions(query.data.permissions));
  }, [dispatch, query.data]);
  return query;
}
