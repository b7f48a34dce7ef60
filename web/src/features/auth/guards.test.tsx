import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authState } from '@/lib/auth-state';
import { renderRoutes, signIn } from '@/test/render-with-providers';
import { afterSignIn, GuestOnly, RequireAuth } from './guards';

const routes = [
  {
    element: <GuestOnly />,
    children: [
      { path: 'logIn', element: <h1>Sign in page</h1> },
      { path: 'signUp', element: <h1>Sign up page</h1> },
    ],
  },
  { element: <RequireAuth />, children: [{ path: 'dashboard/*', element: <h1>Dashboard</h1> }] },
];

// The store keeps its state in memory too: reset it, not only localStorage.
afterEach(() => act(() => authState.clear()));

describe('route guards', () => {
  it('sends a visitor without a session from the dashboard to /logIn', async () => {
    const { router } = renderRoutes(routes, '/dashboard/my-number');
    expect(await screen.findByText('Sign in page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/logIn');
  });

  it('needs both the token and the user', async () => {
    act(() => authState.setToken('only-a-token'));
    const { router } = renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('Sign in page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/logIn');
  });

  it.each(['/logIn', '/signUp'])('sends a signed-in visitor from %s to the dashboard', async (path) => {
    signIn();
    act(() => authState.setToken('test-token'));
    const { router } = renderRoutes(routes, path);
    expect(await screen.findByText('Dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('follows the state live: signing in moves on to the page that asked, signing out leaves', async () => {
    const { router } = renderRoutes(routes, '/dashboard/transaction');
    expect(await screen.findByText('Sign in page')).toBeInTheDocument();
    act(() => authState.signIn('t', { id: 'u1', email: 'a@b.co', email_verified_at: null, balance: 0 }));
    expect(await screen.findByText('Dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/transaction');
    act(() => authState.clear());
    expect(await screen.findByText('Sign in page')).toBeInTheDocument();
  });
});

describe('where a sign-in leads back to', () => {
  it('the page that asked, or the query’s return: only the dashboard’s pages and Payment', () => {
    expect(afterSignIn({ from: '/dashboard/my-number' })).toBe('/dashboard/my-number');
    expect(afterSignIn(null, '?return=%2Fpayment')).toBe('/payment');
    expect(afterSignIn(null, '?return=/dashboard/buy-number')).toBe('/dashboard/buy-number');
    for (const elsewhere of ['//evil.example/dashboard', 'https://evil.example/', '/ops', '/payment-policy'])
      expect(afterSignIn(null, `?${new URLSearchParams({ return: elsewhere })}`), elsewhere).toBe('/dashboard');
  });
});
