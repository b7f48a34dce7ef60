import type { Notification, NotificationPage } from '@numbernest/contracts';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { ToastProvider } from '../../../components/toast/ToastProvider';
import { pageReload } from '../../../features/auth/api/use-logout';
import { swrFetcher } from '../../../lib/api-client';
import { authState, type SessionUser } from '../../../lib/auth-state';
import { MainLayout } from '../MainLayout';

/**
 * Test-only helpers for the signed-in shell: a signed-in user, the app's layout in a memory router
 * with a fresh SWR cache, and a fetch stub that sees the whole URL.
 */
export const verifiedUser: SessionUser = { id: 'u1', email: 'ada@example.com', email_verified_at: '2026-01-02T10:00:00.000Z', balance: 12.5 };

export function signInAs(user: SessionUser = verifiedUser) {
  authState.signIn('test-token', user);
  // Logout reloads the page, which jsdom cannot do.
  pageReload.reload = vi.fn();
}

export function renderApp(path: string, routes: RouteObject[] = []) {
  const router = createMemoryRouter(
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
    { initialEntries: [path] },
  );
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: swrFetcher, dedupingInterval: 0, shouldRetryOnError: false, revalidateOnFocus: false }}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </SWRConfig>,
  );
  return { ...view, router };
}

type Reply = unknown | Response;
type Handler = (url: URL, body: unknown) => Reply | Promise<Reply>;

/** Stubs fetch with `METHOD /path` handlers (path under /api, no query); unknown calls answer 404. */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: Array<{ key: string; url: URL; body: unknown }> = [];
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api/, '')}`;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ key, url, body });
    const handler = handlers[key];
    if (!handler) return json({ message: `No stub for ${key}` }, 404);
    const result = await handler(url, body);
    return result instanceof Response ? result : json(result);
  });
  vi.stubGlobal('fetch', mock);
  /** The calls to `key` so far, e.g. 'GET /user/notifications'. */
  const callsTo = (key: string) => calls.filter((call) => call.key === key);
  return { mock, calls, callsTo };
}

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function notification(n: number, change: Partial<Notification> = {}): Notification {
  return {
    id: `n${String(n).padStart(3, '0')}`,
    read_at: null,
    created_at: new Date(Date.now() - n * 60_000).toISOString(),
    data: { title: `Title ${n}`, message: `Message ${n}` },
    ...change,
  };
}

export function notificationPage(page: number, data: Notification[], more: { next_page?: number | null; unread_count?: number } = {}): { data: NotificationPage } {
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
