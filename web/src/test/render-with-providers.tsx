import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { swrFetcher } from '../lib/api-client';
import { ToastProvider } from '../components/toast/ToastProvider';

/**
 * Renders `ui` at `path` inside the app's providers (fresh SWR cache, toasts, a memory router with a
 * catch-all page so navigations can be observed through `router.state.location`).
 */
export function renderWithProviders(ui: ReactElement, { path = '/' } = {}) {
  const router = createMemoryRouter(
    [
      { path: '/', element: ui },
      { path: '*', element: <p>Elsewhere</p> },
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

type Handler = (body: unknown) => unknown;

/**
 * Stubs global fetch (the test's boundary with the API) with `METHOD /path` handlers that return a JSON
 * body, or a Response for errors. Unknown calls answer 404. Returns the mock to inspect calls.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api/, '')}`;
    const handler = handlers[key];
    if (!handler) return new Response(JSON.stringify({ message: `No stub for ${key}` }), { status: 404 });
    const result = handler(init?.body ? JSON.parse(String(init.body)) : undefined);
    return result instanceof Response ? result : new Response(JSON.stringify(result), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

export const signIn = () => {
  localStorage.setItem('token', 'test-token');
  localStorage.setItem('user', JSON.stringify({ id: 'u1', email: 'a@b.c', email_verified_at: null, balance: 0 }));
};
