import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '@/lib/auth-state';
import { renderRoutes, signIn, stubApi } from '@/test/render-with-providers';
import { takeFlash } from '@/lib/session/flash';
import { cognitoMock } from '@/features/auth/test/cognito-mock';
import { pageReload, useLogout } from './use-logout';

vi.mock('@/lib/session/cognito', async () => (await import('@/features/auth/test/cognito-mock')).cognitoMock);

let logout: () => Promise<void>;
function Dashboard() {
  logout = useLogout();
  return <h1>Dashboard</h1>;
}

beforeEach(() => {
  cognitoMock.endCognitoSession.mockReset().mockResolvedValue(undefined);
  vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('logout', () => {
  it('calls the server, signs out of Cognito, clears the state, toasts, goes to /logIn and reloads', async () => {
    signIn();
    act(() => authState.setToken('test-token'));
    const api = stubApi({ 'POST /logout': () => ({ status: 'success', message: 'Logout Successfully' }) });
    const { router } = renderRoutes([{ path: 'dashboard', element: <Dashboard /> }], '/dashboard');
    await screen.findByText('Dashboard');

    await act(() => logout());

    expect(api).toHaveBeenCalledWith('/api/logout', expect.objectContaining({ method: 'POST' }));
    expect(new Headers(api.mock.calls[0]![1]!.headers).get('Authorization')).toBe('Bearer test-token');
    expect(cognitoMock.endCognitoSession).toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(authState.get()).toEqual({ token: '', user: null });
    expect(screen.getByRole('status')).toHaveTextContent('Logout Successfully');
    await waitFor(() => expect(router.state.location.pathname).toBe('/logIn'));
    expect(pageReload.reload).toHaveBeenCalledTimes(1);
    // The toast is left for the page after the reload, not for this one.
    expect(takeFlash()).toBeNull();
    expect(sessionStorage.getItem('authFlash')).toContain('logout.done');
  });

  it('signs out locally even when the server cannot be reached', async () => {
    signIn();
    act(() => authState.setToken('test-token'));
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderRoutes([{ path: 'dashboard', element: <Dashboard /> }], '/dashboard');
    await screen.findByText('Dashboard');
    await act(() => logout());
    expect(localStorage.getItem('token')).toBeNull();
    expect(pageReload.reload).toHaveBeenCalled();
  });
});
