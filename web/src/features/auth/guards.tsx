import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuthState } from '@/lib/auth-state';

/**
 * Route guards. Both follow the stored state live, so signing in on /logIn moves on to the
 * dashboard and logging out of the dashboard lands on /logIn. Light on purpose: the router
 * imports this module for every route.
 */

/**
 * A page a sign-in may lead back to: the dashboard's pages and Payment, never another site. The
 * query's `return` carries it through sign-up, e-mail verification and sign-in.
 */
export function safeReturnPath(path: unknown): string | null {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return null;
  return path.startsWith('/dashboard') || path === '/payment' ? path : null;
}

/** The `return` of a sign-up or sign-in page's query, when it is a page we may lead back to. */
export const returnOf = (search: string) => safeReturnPath(new URLSearchParams(search).get('return'));

/** Where /logIn sends a visitor once signed in: back to the page that asked (the guard's or the query's), or the dashboard. */
export function afterSignIn(state: unknown, search = ''): string {
  return safeReturnPath((state as { from?: unknown } | null)?.from) ?? returnOf(search) ?? '/dashboard';
}

/** /signUp and /logIn: a signed-in visitor goes to the dashboard. */
export function GuestOnly() {
  const { loggedIn } = useAuthState();
  const location = useLocation();
  return loggedIn ? <Navigate to={afterSignIn(location.state, location.search)} replace /> : <Outlet />;
}

/** /dashboard and below: without both a token and a user, the visitor goes to /logIn. */
export function RequireAuth() {
  const { loggedIn } = useAuthState();
  const { pathname, search, hash } = useLocation();
  return loggedIn ? <Outlet /> : <Navigate to="/logIn" replace state={{ from: pathname + search + hash }} />;
}
