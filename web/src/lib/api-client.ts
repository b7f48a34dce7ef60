import type { ErrorReply } from '@numbernest/contracts';
import { storageKeys } from './storage';

/** `{host}/api` of spec §7: same origin locally, the API Gateway url on AWS. */
export const apiBase = `${import.meta.env.VITE_API_URL ?? ''}/api`;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorReply,
  ) {
    super(body.message);
  }
}

/** Resolves true when the session was renewed (the request is then sent once more). */
type UnauthorizedHandler = () => Promise<boolean>;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** The one place a 401 is handled: the auth feature registers its token refresh here. */
export function onUnauthorized(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

type ApiRequestInit = { method?: string; body?: unknown; signal?: AbortSignal };

function send(path: string, init: ApiRequestInit): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = localStorage.getItem(storageKeys.token);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${apiBase}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
}

/** JSON over fetch with the stored bearer token; 2xx is success, anything else throws ApiError. */
export async function apiRequest<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  let response = await send(path, init);
  if (response.status === 401 && localStorage.getItem(storageKeys.token) && unauthorizedHandler && (await unauthorizedHandler())) {
    response = await send(path, init);
  }
  const text = await response.text();
  const json = text ? safeParse(text) : null;
  if (!response.ok) {
    const body = (json && typeof json === 'object' && 'message' in json ? json : { message: response.statusText }) as ErrorReply;
    throw new ApiError(response.status, body);
  }
  return json as T;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The SWR fetcher: the key is the path under /api. */
export const swrFetcher = <T,>(path: string) => apiRequest<T>(path);
