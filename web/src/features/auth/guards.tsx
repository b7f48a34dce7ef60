import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuthState } from '@/lib/auth-state';

/**
 * Route guards. Both follow the stored state live, so signing in on /logIn moves on to the
 * dashboard and logging out of the dashboard lands on /logIn. Light on purpose: the router
 * imports this module for every route.
 */

/** Where /logIn sends a visitor once signed in: back to the dashboard page that asked, or home. */
export function afterSignIn(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/dashboard') ? from : '/dashboard';
}

/** /signUp and /logIn: a signed-in visitor goes to the dashboard. */
export function GuestOnly() {
  const { loggedIn } = useAuthState();
  const location = useLocation();
  return loggedIn ? <Navigate to={afterSignIn(location.state)} replace /> : <Outlet />;
}

/** /dashboard and below: without both a token and a user, the visitor goes to /logIn. */
export function RequireAuth() {
  const { loggedIn } = useAuthState();
  const { pathname, search, hash } = useLocation();
  return loggedIn ? <Outlet /> : <Navigate to="/logIn" replace state={{ from: pathname + search + hash }} />;
}
