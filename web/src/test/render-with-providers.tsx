import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { swrFetcher } from '@/lib/api-client';
import { ToastProvider } from '@/components/toast/ToastProvider';
import { refuseStub, stubbedReplyProblem, unknownRouteProblem } from './reply-contracts';

/**
 * Renders `routes` at `path` inside the app's providers (fresh SWR cache, toasts, a memory router).
 * Paths no route takes show "Elsewhere", so navigations can be observed through `router.state.location`.
 */
export function renderRoutes(routes: RouteObject[], path = '/') {
  const router = createMemoryRouter([...routes, { path: '*', element: <p>Elsewhere</p> }], { initialEntries: [path] });
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: swrFetcher, dedupingInterval: 0, shouldRetryOnError: false, revalidateOnFocus: false }}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </SWRConfig>,
  );
  return { ...view, router };
}

/** Renders `ui` as the page at `/`, the router standing at `path`. */
export const renderWithProviders = (ui: ReactElement, { path = '/' } = {}) => renderRoutes([{ path: '/', element: ui }], path);

type Reply = unknown | Response;
type Handler = (body: unknown, url: URL) => Reply | Promise<Reply>;

/**
 * Stubs global fetch (the test's boundary with the API) with `METHOD /path` handlers (path under
 * /api, no query) that return a JSON body, or a Response for errors. Unknown calls answer 404.
 * Every reply is checked against the server's contract for its route (./reply-contracts): one the
 * server could not send, or a stub for a route without a reply schema, fails the test. Returns the
 * fetch mock, with the requests it saw.
 */
export function stubApi(handlers: Record<string, Handler>) {
  for (const key of Object.keys(handlers)) {
    const problem = unknownRouteProblem(key);
    if (problem) throw new Error(problem);
  }
  const requests: Array<{ key: string; url: URL; body: unknown }> = [];
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api/, '')}`;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ key, url, body });
    const handler = handlers[key];
    if (!handler) return json({ message: `No stub for ${key}` }, 404);
    const result = await handler(body, url);
    const response = result instanceof Response ? result : json(result);
    const problem = await replyProblem(key, response);
    if (problem) throw refuseStub(problem);
    return response;
  });
  vi.stubGlobal('fetch', mock);
  /** The requests to `key` so far, e.g. 'GET /user/notifications'. */
  const requestsTo = (key: string) => requests.filter((request) => request.key === key);
  return Object.assign(mock, { requests, requestsTo });
}

/**
 * A JSON reply's body as the web reads it (the JSON text parsed, as it crossed the wire). A body
 * built as a plain string (`new Response('{"message":…}')`, text/plain) is checked too when it is
 * JSON: the server sends its JSON as JSON. Other bodies (CSV) are not checked.
 */
async function replyProblem(key: string, response: Response) {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json') && !type.startsWith('text/plain')) return undefined;
  const text = await response.clone().text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    return type.includes('application/json') ? `Stubbed reply to ${key} is not JSON: ${text.slice(0, 80)}` : undefined;
  }
  return stubbedReplyProblem(key, response.status, body);
}

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A stored session (token and user in localStorage), as a returning visitor has. */
export const signIn = () => {
  localStorage.setItem('token', 'test-token');
  localStorage.setItem('user', JSON.stringify({ id: 'u1', email: 'a@b.c', email_verified_at: null, balance: 0 }));
};
