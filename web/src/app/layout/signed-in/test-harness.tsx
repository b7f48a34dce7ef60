import { defaultUserSettings, type Notification, type NotificationPage, type User } from '@numbernest/contracts';
import type { RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { pageReload } from '@/features/auth/api/use-logout';
import { FakeSocket } from '@/app/realtime/fake-socket';
import { authState, type SessionUser } from '@/lib/auth-state';
import { renderRoutes } from '@/test/render-with-providers';
import { MainLayout } from '@/app/layout/MainLayout';

/**
 * Test-only helpers for the signed-in shell: a signed-in user, the app's layout in a memory router
 * with the app's providers, notification fixtures.
 */
export const verifiedUser: SessionUser = { id: 'u1', email: 'ada@example.com', email_verified_at: '2026-01-02T10:00:00.000Z', balance: 12.5 };
/** `verifiedUser` as GET /user answers it (the whole profile). */
export const verifiedProfile: User = {
  ...verifiedUser,
  settings: defaultUserSettings,
  created_at: '2026-01-02T10:00:00.000Z',
  operator: false,
  account_hold: null,
};

export function signInAs(user: SessionUser = verifiedUser) {
  authState.signIn('test-token', user);
  // Logout reloads the page, which jsdom cannot do.
  pageReload.reload = vi.fn();
  // The shell opens the push socket: one that never connects, instead of jsdom's real one.
  vi.stubGlobal('WebSocket', FakeSocket);
}

export function renderApp(path: string, routes: RouteObject[] = []) {
  return renderRoutes(
    [
      {
        element: <MainLayout />,
        children: [
          { index: true, element: <p>Home page</p> },
          ...routes,
          { path: 'dashboard/*', element: <p>Dashboard page</p> },
          { path: 'logIn', element: <p>Log in page</p> },
          { path: '*', element: <p>Elsewhere</p> },
        ],
      },
    ],
    path,
  );
}

/** After each test: signed out, real timers, fetch and spies restored. */
export function resetSignedIn() {
  authState.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}

export function notification(n: number, change: Partial<Notification> = {}): Notification {
  return {
    id: `n${String(n).padStart(3, '0')}`,
    read_at: null,
    created_at: new Date(Date.now() - n * 60_000).toISOString(),
    data: { title: `Title ${n}`, message: `Message ${n}` },
    ...change,
  };
}

export function notificationPage(
  page: number,
  data: Notification[],
  more: { next_page?: number | null; unread_count?: number } = {},
): { data: NotificationPage } {
  return {
    data: {
      current_page: page,
      per_page: 20,
      data,
      next_page: more.next_page === undefined ? null : more.next_page,
      unread_count: more.unread_count ?? data.filter((item) => item.read_at === null).length,
    },
  };
}
