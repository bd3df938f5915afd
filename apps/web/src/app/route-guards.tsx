import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { hasAdminSession } from '../lib/auth-session';
import { appConfig } from '../lib/config';

export function adminLoginPath(): string {
  return `/${appConfig.adminLoginPath}`;
}

/** Admin area: requires a stored session, else goes to the login screen (remembering where it came from). */
export function RequireAdminSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!hasAdminSession()) {
    return (
      <Navigate to={adminLoginPath()} replace state={{ from: `${location.pathname}${location.search}` }} />
    );
  }
  return children;
}

/**
 * Root route: the admin home with a stored session, else the public root page (the product's name
 * and a link to staff sign-in; issue 16 overrides spec section 2's redirect to the login, decision 016).
 */
export function RootIndex({ home, publicPage }: { home: ReactNode; publicPage: ReactNode }) {
  if (!hasAdminSession()) return publicPage;
  return home;
}

/** True when the page runs inside a frame. */
export function isEmbedded(win: Window = window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    return true; // a cross-origin parent can make the comparison throw: we are framed
  }
}

/** The widget renders only when embedded in a frame; a direct visit goes to /404. */
export function EmbeddedOnly({ children }: { children: ReactNode }) {
  if (!isEmbedded()) return <Navigate to="/404" replace />;
  return children;
}

/** The bare booking URL opens the landing step, keeping the query (UTM parameters) and hash. */
export function BookingIndexRedirect() {
  const location = useLocation();
  return <Navigate to={{ pathname: 'landing', search: location.search, hash: location.hash }} replace />;
}
